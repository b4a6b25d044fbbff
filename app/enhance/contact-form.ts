/**
 * The contact form in the browser (the page's only script, a few KB). The form works without it;
 * this adds what needs a script:
 * - the spec's messages under the fields on submit, then following each field as it is corrected
 *   (not on blur, which would move the button just as the visitor clicks it);
 * - the chat app opened in a new tab within the click itself, so pop-up blockers allow it;
 * - the request recorded on the server (`keepalive`, so leaving the page does not cancel it),
 *   then the success notice and an empty form, or the error notice.
 * The markup it works on is rendered by components/forms/ContactForm.tsx and Field.tsx.
 */
import { buildChatLink, CONTACT_FIELDS, contactSchema, parseContact, type ContactField } from "../lib/forms/contact.ts";

const SENDING = "Sending...";

function enhance(form: HTMLFormElement) {
  const chatNumber = form.dataset.chatNumber ?? "";
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const notices = form.querySelector<HTMLElement>("[data-notices]")!;
  const idle = button.textContent ?? "Send Message";
  let checking = form.querySelector('[aria-invalid="true"]') !== null;

  const control = (name: ContactField) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;

  function setError(name: ContactField, message: string | undefined) {
    const input = control(name);
    const id = `${input.id}-error`;
    let error = document.getElementById(id);
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((d) => d && d !== id);
    if (message) {
      if (!error) {
        error = document.createElement("p");
        error.id = id;
        error.className = "field-error";
        input.after(error);
      }
      error.textContent = message;
      input.setAttribute("aria-invalid", "true");
      described.push(id);
    } else {
      error?.remove();
      input.removeAttribute("aria-invalid");
    }
    if (described.length) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
  }

  function showNotice(which: "sent" | "error" | null, reference?: string) {
    const template = which && form.querySelector<HTMLTemplateElement>(`template[data-notice="${which}"]`);
    const notice = template ? (template.content.cloneNode(true) as DocumentFragment) : undefined;
    const line = notice?.querySelector<HTMLElement>("[data-reference-line]");
    if (line && reference) line.querySelector("[data-reference]")!.textContent = reference;
    else line?.remove();
    notices.replaceChildren(notice ?? "");
    if (template) notices.focus();
  }

  function setBusy(busy: boolean) {
    button.disabled = busy;
    button.textContent = busy ? SENDING : idle;
  }

  form.addEventListener("input", (event) => {
    const target = event.target as HTMLInputElement;
    const name = target.name as ContactField;
    if (!checking || !CONTACT_FIELDS.includes(name)) return;
    const result = contactSchema.shape[name].safeParse(target.value);
    setError(name, result.success ? undefined : result.error.issues[0]?.message);
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const formData = new FormData(form);
    const parsed = parseContact(formData);
    checking = true;
    for (const name of CONTACT_FIELDS) setError(name, parsed.ok ? undefined : parsed.errors[name]);
    if (!parsed.ok) {
      showNotice(null);
      control(CONTACT_FIELDS.find((name) => parsed.errors[name])!).focus();
      return;
    }
    // Opened before anything is awaited: a tab opened later than the click is blocked.
    const tab = window.open(buildChatLink(chatNumber, parsed.data), "_blank");
    if (tab) tab.opener = null;
    setBusy(true);
    showNotice(null);
    const body = new URLSearchParams();
    for (const [key, value] of formData) if (typeof value === "string") body.append(key, value);
    // Recorded even when the tab was blocked, so the business can still reply.
    fetch("/api/contact", { method: "POST", body, keepalive: true, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        if (!tab) throw new Error("The chat tab was blocked");
        const answer = (await response.json().catch(() => ({}))) as { reference?: unknown };
        form.reset();
        checking = false;
        showNotice("sent", typeof answer.reference === "string" ? answer.reference : undefined);
      })
      .catch(() => showNotice("error"))
      .finally(() => setBusy(false));
  });

  // Tells tests (and styles, if ever needed) that the form is now handled here.
  form.dataset.enhanced = "";
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-contact-form]")) enhance(form);
