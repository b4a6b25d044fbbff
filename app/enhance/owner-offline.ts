/**
 * On every signed-in owner page (issue 36, docs/decisions/0034-on-the-roof-with-no-signal.md):
 * - registers the owner's service worker (scope /admin, the inbox included, and nothing else;
 *   the public pages never get one) and, with signal, asks it to keep the pages the owner needs
 *   with no signal (app/lib/owner/keep-pages.ts): on load, when the signal comes back, and every
 *   minute the page is open; the worker itself keeps at most once every 5 minutes;
 * - with no signal, keeps what a form would post in the outbox (IndexedDB) with a once-only key
 *   of its own, shows it "Waiting to send" on its page and "N waiting" in the tab bar;
 * - with signal (on load and on `online`), sends the outbox in the order made, one at a time;
 * - on Waiting to send (/admin/waiting), lists them; signing out asks first when any wait, and
 *   empties the kept pages and the outbox.
 */
import { makeOnceKey, ONCE_FIELD } from "~/lib/actions/once-key.ts";
import { outboxDb } from "~/lib/offline/outbox-db.ts";
import { heldWords, inOrder, nextToSend, resultOf, waitingWords, type OutboxItem } from "~/lib/offline/outbox.ts";

const SIGN_OUT = "/admin/sign-out";

async function keepPages() {
  if (!("serviceWorker" in navigator)) return;
  await navigator.serviceWorker.register("/admin/sw.js", { scope: "/admin" });
  const registration = await navigator.serviceWorker.ready;
  const ask = () => {
    if (navigator.onLine) registration.active?.postMessage({ type: "keep" });
  };
  ask();
  addEventListener("online", ask);
  setInterval(ask, 60_000);
}

const here = () => location.pathname + location.search.replace(/[?&]saved=[^&]*/, "").replace(/^&/, "?");

/** What the form does, in words: its button and the page's name, and the note typed if any. */
function wordsOf(form: HTMLFormElement, submitter: HTMLElement | null): string {
  const button = (submitter?.textContent ?? "").trim() || "Save";
  const title = document.querySelector("h1")?.textContent?.trim() ?? "";
  const typed = [...form.querySelectorAll("textarea")].map((area) => area.value.trim()).find(Boolean);
  return `${button}${title ? `: ${title}` : ""}${typed ? ` (“${typed.length > 60 ? `${typed.slice(0, 60)}…` : typed}”)` : ""}`;
}

/** A live line for what just happened ("Kept on your phone…", "Sent ✓"). */
function announce(words: string) {
  let line = document.querySelector<HTMLElement>("[data-outbox-said]");
  if (!line) {
    line = document.createElement("p");
    line.setAttribute("role", "status");
    line.dataset.outboxSaid = "";
    line.className = "container-page py-2 font-semibold";
    anchor().after(line);
  }
  line.textContent = words;
}

/** Where the page's own marks go: under the top bar. */
function anchor(): Element {
  return document.querySelector("main header") ?? document.querySelector("main")!.firstElementChild ?? document.querySelector("main")!;
}

function itemLine(item: OutboxItem, withActions: boolean): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "card space-y-1";
  const what = document.createElement("p");
  what.textContent = item.words;
  const state = document.createElement("p");
  state.className = "font-semibold";
  state.textContent = item.state === "waiting" ? "Waiting to send" : `Could not be done: ${item.reason ?? ""}`;
  li.append(what, state);
  if (withActions && item.state !== "waiting") {
    const actions = document.createElement("p");
    actions.className = "flex flex-wrap gap-3";
    const open = document.createElement("a");
    open.href = item.page;
    open.className = "btn-secondary";
    open.textContent = "Open the page";
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "btn-secondary";
    dismiss.textContent = "Dismiss";
    dismiss.addEventListener("click", async () => {
      await outboxDb.remove(item.seq);
      await render();
    });
    actions.append(open, dismiss);
    li.append(actions);
  }
  return li;
}

/** The marks on this page, the tab bar's count and, on Waiting to send, the list. */
async function render() {
  const items = inOrder(await outboxDb.all());
  const count = waitingWords(items);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav a[href="/admin/more"], nav a[href="/admin/waiting"]')) {
    let badge = link.querySelector<HTMLElement>("[data-outbox-count]");
    if (!badge) {
      badge = document.createElement("span");
      badge.dataset.outboxCount = "";
      badge.className = "text-sm font-semibold";
      link.append(badge);
    }
    badge.textContent = count;
    badge.hidden = !count;
  }
  const mine = items.filter((item) => item.page === here());
  document.querySelector("[data-outbox-here]")?.remove();
  if (mine.length) {
    const section = document.createElement("section");
    section.dataset.outboxHere = "";
    section.setAttribute("aria-label", "Waiting to send");
    section.className = "container-page py-2";
    const list = document.createElement("ul");
    list.className = "space-y-2";
    list.append(...mine.map((item) => itemLine(item, false)));
    section.append(list);
    anchor().after(section);
  }
  const all = document.querySelector<HTMLElement>("[data-outbox-list]");
  if (all) {
    const list = document.createElement("ol");
    list.className = "space-y-3";
    list.append(...items.map((item) => itemLine(item, true)));
    all.querySelector("ol")?.remove();
    all.querySelector<HTMLElement>("[data-outbox-empty]")!.hidden = items.length > 0;
    all.append(list);
  }
}

/** What the page the server answered with says first: its error summary, its alert, its heading. */
function wordsOfPage(html: string): string {
  const page = new DOMParser().parseFromString(html, "text/html");
  const said = page.querySelector('main [role="alert"]') ?? page.querySelector('main [role="status"]') ?? page.querySelector("main p");
  return (said?.textContent ?? "").replace(/\s+/g, " ").trim();
}

let sending = false;

/** Sends the outbox in the order made, one at a time, each with its once-only key. */
async function send() {
  if (sending || !navigator.onLine) return;
  sending = true;
  try {
    for (;;) {
      const items = await outboxDb.all();
      const { next, held } = nextToSend(items);
      for (const { item, by } of held) await outboxDb.put({ ...item, state: "held", reason: heldWords(by) });
      if (!next) break;
      let answer: Response;
      try {
        // Marked as the outbox's: its answer says where it went and whether it changed anything.
        answer = await fetch(next.url, { method: "POST", body: new URLSearchParams(next.fields), headers: { "X-Owner-Outbox": "1" }, credentials: "same-origin" });
      } catch {
        break; // the signal went again: next time
      }
      const location = answer.headers.get("X-Outbox-Location");
      const unchanged = answer.headers.get("X-Nothing-Changed") === "1";
      let words = "";
      try {
        if (!location) words = wordsOfPage(await answer.text());
        else if (unchanged) words = wordsOfPage(await (await fetch(location, { credentials: "same-origin" })).text());
      } catch {
        break;
      }
      const result = resultOf({ status: answer.status, location, unchanged, finalPath: new URL(answer.url).pathname, words });
      if ("retry" in result) break;
      if (result.sent) {
        await outboxDb.remove(next.seq);
        announce(`Sent ✓: ${next.words}`);
      } else {
        await outboxDb.put({ ...next, state: "failed", reason: result.reason });
      }
      await render();
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
  const url = new URL(form.action || location.href);
  const item = { url: url.pathname + url.search, page: here(), fields, words: wordsOf(form, submitter), madeAt: new Date().toISOString(), state: "waiting" as const };
  await outboxDb.add(item);
  form.reset();
  await render();
  announce(`No signal: kept on your phone, it is sent when you have signal. ${item.words}`);
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
    if (form.method !== "post") return;
    if (new URL(form.action || location.href).pathname === SIGN_OUT) {
      event.preventDefault();
      void signOut(form);
      return;
    }
    if (navigator.onLine || form.enctype === "multipart/form-data") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void keep(form, event.submitter);
  },
  true,
);
addEventListener("online", () => void send());

keepPages().catch((error: unknown) => console.error(error));
render()
  .then(send)
  .catch((error: unknown) => console.error(error));
