/**
 * A request's Add photos with JavaScript on (issue 37 §1, decision 35): each photo chosen goes in a
 * request of its own, its progress shown under the field (a <progress> named by the photo's file
 * name, from the upload's own progress); a photo refused says why at its line while the others go
 * on; then the photos shown, and the sections that follow them, are read again from the page. Without the script the form posts them
 * all at once, as before. Each request carries a once-only key of its own, and asks for the
 * outbox's answer (lib/offline/outbox-answer.server.ts): where the change went instead of a
 * redirect followed. With no signal, the offline script (owner-offline.ts) says photos wait.
 */
import { makeOnceKey, ONCE_FIELD } from "~/lib/actions/once-key.ts";
import { isRefusal, JOB_PHOTO_REFUSALS } from "~/lib/photos/job-photos.ts";

type Ended = { added: true } | { added: false; why: string };

/** What the page says at the Add photos field, from the page the server answered with. */
function refusalOf(html: string, name: string): string {
  const page = new DOMParser().parseFromString(html, "text/html");
  const said = page.querySelector("#job-photos-error")?.textContent?.trim() ?? page.querySelector('main [role="alert"]')?.textContent?.trim() ?? "";
  return said.startsWith(`${name}: `) ? said.slice(name.length + 2) : said || "This photo could not be added. Try it again.";
}

/** Sends one photo with the form's other fields, showing its progress; resolves with how it ended. */
function upload(form: HTMLFormElement, file: File, progress: HTMLProgressElement): Promise<Ended> {
  const body = new FormData(form);
  body.delete("photos");
  body.append("photos", file, file.name);
  body.set(ONCE_FIELD, makeOnceKey());
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.getAttribute("action") || location.pathname + location.search);
    xhr.setRequestHeader("X-Owner-Outbox", "1");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) progress.value = Math.round((event.loaded / event.total) * 100);
    });
    xhr.addEventListener("load", () => {
      const went = xhr.getResponseHeader("X-Outbox-Location");
      if (went) {
        // Refused on its way in, named in the page's address ("refused=heic:IMG_0412.HEIC").
        const why = new URL(went, location.href).searchParams.get("refused")?.split(":")[0] ?? "";
        resolve(isRefusal(why) ? { added: false, why: JOB_PHOTO_REFUSALS[why] } : { added: true });
      } else resolve({ added: false, why: xhr.status >= 500 ? "The server could not take this photo. Try it again." : refusalOf(xhr.responseText, file.name) });
    });
    xhr.addEventListener("error", () => resolve({ added: false, why: "The signal went while this photo was sent. Choose it again to try again." }));
    xhr.send(body);
  });
}

/** The parts of the request's page that follow its photos: the survey report's card (offered once a Survey photo exists) and Put in the gallery (its Before and After to choose from). */
const FOLLOW_PHOTOS = ["survey-report", "to-gallery"];

/**
 * The photos shown under the form, and the sections that follow them, read again from the page.
 * A section that comes or goes with these photos needs the whole page: it is loaded again, unless
 * a photo was refused, whose words at its line matter more (the section follows on the next load).
 */
async function showPhotosAgain(form: HTMLFormElement, refused: boolean) {
  const answer = await fetch(location.pathname + location.search, { credentials: "same-origin" });
  const page = new DOMParser().parseFromString(await answer.text(), "text/html");
  const fresh = page.querySelector("[data-job-photos-shown]");
  const shown = form.parentElement?.querySelector("[data-job-photos-shown]");
  if (fresh && shown) shown.replaceWith(document.importNode(fresh, true));
  let whole = false;
  for (const id of FOLLOW_PHOTOS) {
    const here = document.querySelector(`section[aria-labelledby="${id}"]`);
    const there = page.querySelector(`section[aria-labelledby="${id}"]`);
    if (here && there) here.replaceWith(document.importNode(there, true));
    else if (here || there) whole = true;
  }
  if (whole && !refused) location.reload();
}

async function addPhotos(form: HTMLFormElement, input: HTMLInputElement) {
  const files = [...(input.files ?? [])];
  form.querySelector("[data-uploads]")?.remove();
  const list = document.createElement("ul");
  list.dataset.uploads = "";
  list.setAttribute("aria-label", "Photos being added");
  list.className = "space-y-2";
  const lines = files.map((file) => {
    const item = document.createElement("li");
    const name = document.createElement("p");
    name.className = "break-words font-semibold";
    name.textContent = file.name;
    const progress = document.createElement("progress");
    progress.max = 100;
    progress.value = 0;
    progress.setAttribute("aria-label", file.name);
    progress.className = "w-full";
    const said = document.createElement("p");
    said.setAttribute("role", "status");
    item.append(name, progress, said);
    list.append(item);
    return { file, progress, said };
  });
  input.after(list);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  let added = 0;
  let refused = false;
  for (const { file, progress, said } of lines) {
    const ended = await upload(form, file, progress);
    if (ended.added) {
      added++;
      progress.value = 100;
      said.textContent = "Added ✓";
    } else {
      refused = true;
      said.className = "field-error";
      said.textContent = ended.why;
    }
  }
  if (button) button.disabled = false;
  input.value = "";
  if (added) await showPhotosAgain(form, refused);
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-job-photos]")) {
  const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
  form.addEventListener("submit", (event) => {
    // No photo chosen, or no signal (owner-offline.ts says so): the form as it is.
    if (!input.files?.length || !navigator.onLine || event.defaultPrevented) return;
    event.preventDefault();
    void addPhotos(form, input);
  });
}
