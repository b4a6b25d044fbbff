/**
 * On every signed-in owner page (issue 36, docs/decisions/0034-on-the-roof-with-no-signal.md):
 * - registers the owner's service worker (scope /admin, the inbox included, and nothing else;
 *   the public pages never get one) and, with signal, asks it to keep the pages the owner needs
 *   with no signal (app/lib/owner/keep-pages.ts): on load, when the signal comes back, and every
 *   minute the page is open; the worker itself keeps at most once every 5 minutes;
 * - with no signal, keeps what a form would post in the outbox (IndexedDB) with a once-only key
 *   of its own, shows it "Waiting to send" on its page and "N waiting" in the tab bar;
 * - with signal (on load, on `online`, on the worker's Background Sync where the browser has it,
 *   and a few seconds after an answer was lost), sends the outbox in the order made, one at a time;
 * - with no signal, shows the words a page keeps for it (`data-when-offline`: "You have no signal.
 *   The quote will be sent to Margaret when you have.");
 * - on Waiting to send (/admin/waiting), lists them; signing out asks first when any wait, and
 *   empties the kept pages and the outbox.
 */
import { makeOnceKey, ONCE_FIELD } from "~/lib/actions/once-key.ts";
import { outboxDb } from "~/lib/offline/outbox-db.ts";
import { sendOutbox } from "~/lib/offline/send-outbox.ts";
import { registerOwnerWorker } from "~/lib/owner/register-worker.ts";
import { announce, here, render as renderOutbox } from "~/lib/offline/outbox-view.ts";
import { fillWords, REACHES_CUSTOMER_ATTRIBUTE, WORDS_ATTRIBUTE } from "~/lib/offline/words.ts";

const SIGN_OUT = "/admin/sign-out";
/** The Background Sync tag the worker passes back to an open page (lib/owner/keep-pages.ts). */
const SYNC_TAG = "owner-outbox";
/** After a lost answer with signal, the outbox is tried again this soon. */
const AGAIN_MS = 3000;

async function keepPages() {
  if (!("serviceWorker" in navigator)) return;
  await registerOwnerWorker();
  const registration = await navigator.serviceWorker.ready;
  const ask = () => {
    if (navigator.onLine) registration.active?.postMessage({ type: "keep" });
  };
  ask();
  addEventListener("online", ask);
  setInterval(ask, 60_000);
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === "send") void send();
  });
}

/** Asks the browser to wake the worker when the signal is back (Background Sync), where it can. */
async function askForSync() {
  const registration = (await navigator.serviceWorker?.getRegistration("/admin")) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
  await registration?.sync?.register(SYNC_TAG).catch(() => undefined);
}

/**
 * Where a form posts. Read from its attribute: a field named "action" or "method" (a payment's
 * method) hides the form's own properties of those names.
 */
function actionOf(form: HTMLFormElement): URL {
  return new URL(form.getAttribute("action") || location.href, location.href);
}

/** What the form does, in words: the page's words for it, or its button and the page's name. */
function wordsOf(form: HTMLFormElement, submitter: HTMLElement | null, fields: [string, string][]): string {
  const template = form.getAttribute(WORDS_ATTRIBUTE);
  if (template) return fillWords(template, fields);
  const button = (submitter?.textContent ?? "").trim() || "Save";
  const title = document.querySelector("h1")?.textContent?.trim() ?? "";
  const typed = [...form.querySelectorAll("textarea")].map((area) => area.value.trim()).find(Boolean);
  return `${button}${title ? `: ${title}` : ""}${typed ? ` (“${typed.length > 60 ? `${typed.slice(0, 60)}…` : typed}”)` : ""}`;
}

const render = () => renderOutbox(send);

/** With no signal, the words a page keeps for then are shown (before Yes on a send). */
function showSignal() {
  for (const words of document.querySelectorAll<HTMLElement>("[data-when-offline]")) words.hidden = navigator.onLine;
}

/** What the page the server answered with says first: its error summary, its alert, its heading. */
function wordsOfPage(html: string): string {
  const page = new DOMParser().parseFromString(html, "text/html");
  const said = page.querySelector('main [role="alert"]') ?? page.querySelector('main [role="status"]') ?? page.querySelector("main p");
  return (said?.textContent ?? "").replace(/\s+/g, " ").trim();
}

let sending = false;
let again: ReturnType<typeof setTimeout> | undefined;

/** Sends the outbox in the order made, one at a time, each with its once-only key. */
async function send() {
  if (sending || !navigator.onLine) return;
  sending = true;
  try {
    const ended = await sendOutbox({ wordsOfPage, sent: (item) => announce(`Sent ✓: ${item.words}`), changed: render });
    // No answer: the signal went, or the answer was lost. With signal, again in a moment.
    if (ended === "again") {
      clearTimeout(again);
      again = setTimeout(() => void send(), AGAIN_MS);
    }
  } finally {
    sending = false;
    await render();
  }
}

/** With no signal, a form's post is kept in the outbox instead of lost. */
async function keep(form: HTMLFormElement, submitter: HTMLElement | null) {
  const data = new FormData(form, submitter);
  const fields: [string, string][] = [];
  for (const [name, value] of data) if (typeof value === "string") fields.push([name, name === ONCE_FIELD ? makeOnceKey() : value]);
  // Each post its own key: a kept page can be used again and again with no signal.
  if (!fields.some(([name]) => name === ONCE_FIELD)) fields.push([ONCE_FIELD, makeOnceKey()]);
  const url = actionOf(form);
  const item = {
    url: url.pathname + url.search,
    page: here(),
    fields,
    words: wordsOf(form, submitter, fields),
    madeAt: new Date().toISOString(),
    state: "waiting" as const,
    reachesCustomer: form.hasAttribute(REACHES_CUSTOMER_ATTRIBUTE),
  };
  await outboxDb.add(item);
  form.reset();
  await render();
  announce(`No signal: kept on your phone, it is sent when you have signal. ${item.words}`);
  await askForSync();
}

async function signOut(form: HTMLFormElement) {
  const waiting = (await outboxDb.all()).length;
  const question = waiting === 1 ? "1 thing has not been sent. Sign out and lose it?" : `${waiting} things have not been sent. Sign out and lose them?`;
  if (waiting && !confirm(question)) return;
  await outboxDb.forget();
  navigator.serviceWorker?.controller?.postMessage({ type: "forget" });
  for (const name of await caches.keys()) await caches.delete(name);
  form.submit();
}

document.addEventListener(
  "submit",
  (event) => {
    const form = event.target as HTMLFormElement;
    if (form.getAttribute("method")?.toLowerCase() !== "post") return;
    if (actionOf(form).pathname === SIGN_OUT) {
      event.preventDefault();
      void signOut(form);
      return;
    }
    if (navigator.onLine) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // What needs signal keeps nothing and says why, in the page's own words beside it: Send quote on
    // the draft (it saves, then asks), and files (photos), which the outbox does not hold; the
    // files chosen stay in the form.
    if (event.submitter?.hasAttribute("data-needs-signal") || form.getAttribute("enctype") === "multipart/form-data") {
      announce(form.querySelector("[data-needs-signal-words]")?.textContent?.trim() ?? "You have no signal: this works when you have.");
      return;
    }
    void keep(form, event.submitter);
  },
  true,
);
addEventListener("online", () => {
  showSignal();
  void send();
});
addEventListener("offline", showSignal);
showSignal();
// The page's forms are now kept with no signal (a browser test waits for this mark).
document.body.dataset.outbox = "ready";

keepPages().catch((error: unknown) => console.error(error));
render()
  .then(send)
  .catch((error: unknown) => console.error(error));
