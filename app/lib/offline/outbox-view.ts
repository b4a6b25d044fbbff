/**
 * What the phone shows of its outbox (issue 36 §2, §3): "N waiting" in the tab bar, the items of
 * this page's record marked "Waiting to send" under the top bar, and on More → Waiting to send the
 * whole list, each with its words and how it ended ("Could not be done: …", to dismiss or open; a
 * send to a customer that waited over 24 hours, to send now or dismiss).
 */
import { outboxDb } from "./outbox-db.ts";
import { ASK_WORDS, inOrder, recordOf, waitingWords, type OutboxItem } from "./outbox.ts";

/** This page's address as the outbox names pages: without the "saved" notice. */
export const here = () => location.pathname + location.search.replace(/[?&]saved=[^&]*/, "").replace(/^&/, "?");

/** Where the page's own marks go: under the top bar. */
function anchor(): Element {
  return document.querySelector("main header") ?? document.querySelector("main")!.firstElementChild ?? document.querySelector("main")!;
}

/** A live line for what just happened ("Kept on your phone…", "Sent ✓"). */
export function announce(words: string) {
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

function stateWords(item: OutboxItem): string {
  if (item.state === "waiting") return "Waiting to send";
  if (item.state === "ask") return ASK_WORDS;
  if (item.state === "held") return item.reason ?? "";
  return `Could not be done: ${item.reason ?? ""}`;
}

function button(words: string, work: () => Promise<void>): HTMLButtonElement {
  const press = document.createElement("button");
  press.type = "button";
  press.className = "btn-secondary";
  press.textContent = words;
  press.addEventListener("click", () => void work());
  return press;
}

function itemLine(item: OutboxItem, withActions: boolean, sendNow: () => Promise<void>): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "card space-y-1";
  const what = document.createElement("p");
  what.textContent = item.words;
  const state = document.createElement("p");
  state.className = "font-semibold";
  state.textContent = stateWords(item);
  li.append(what, state);
  if (withActions && item.state !== "waiting") {
    const actions = document.createElement("p");
    actions.className = "flex flex-wrap gap-3";
    if (item.state === "ask") {
      actions.append(
        button("Send now", async () => {
          await outboxDb.put({ ...item, state: "waiting", confirmedAt: new Date().toISOString() });
          // What it held goes after it, in the order made.
          for (const later of await outboxDb.all()) if (later.state === "held" && later.heldBy === item.seq) await outboxDb.put({ ...later, state: "waiting", reason: undefined, heldBy: undefined });
          await sendNow();
        }),
      );
    }
    const open = document.createElement("a");
    open.href = item.page;
    open.className = "btn-secondary";
    open.textContent = "Open the page";
    actions.append(
      open,
      button("Dismiss", async () => {
        await outboxDb.remove(item.seq);
        await sendNow();
      }),
    );
    li.append(actions);
  }
  return li;
}

/** The marks on this page, the tab bar's count and, on Waiting to send, the list. */
export async function render(sendNow: () => Promise<void>) {
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
  // What was done on this page, or on its record from another (a visit booked, on its request).
  const record = recordOf(here());
  const mine = items.filter((item) => item.page === here() || (/^[a-z-]+\/\d+$/.test(record) && recordOf(item.url) === record && recordOf(item.page) === record));
  document.querySelector("[data-outbox-here]")?.remove();
  if (mine.length) {
    const section = document.createElement("section");
    section.dataset.outboxHere = "";
    section.setAttribute("aria-label", "Waiting to send");
    section.className = "container-page py-2";
    const list = document.createElement("ul");
    list.className = "space-y-2";
    list.append(...mine.map((item) => itemLine(item, false, sendNow)));
    section.append(list);
    anchor().after(section);
  }
  const all = document.querySelector<HTMLElement>("[data-outbox-list]");
  if (all) {
    const list = document.createElement("ol");
    list.className = "space-y-3";
    list.append(...items.map((item) => itemLine(item, true, sendNow)));
    all.querySelector("ol")?.remove();
    all.querySelector<HTMLElement>("[data-outbox-empty]")!.hidden = items.length > 0;
    all.append(list);
  }
}
