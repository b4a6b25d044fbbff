/**
 * The phone's outbox (issue 36 §2, §3): what the owner did with no signal, kept in the order he
 * did it, each with its form's fields and a once-only key of its own, and sent when the signal is
 * back, one at a time. This module is the outbox's rules, with nothing of the browser in them
 * (enhance/owner-offline.ts keeps the items in IndexedDB and sends them).
 * - Items are sent in the order made.
 * - An item that could not be done holds every later one on the same record (a payment on an
 *   invoice whose send failed): they are not sent, and say why.
 * - An answer is Sent ✓ when the server made the change and went on to a page; Could not be done,
 *   with the server's own words, when it answered with the page again (a refusal, a stale page)
 *   or found nothing to change (the quote already sent from the computer).
 */

export type OutboxState = "waiting" | "failed" | "held" | "ask";

/** A send that reaches a customer (a quote, an invoice, a visit's e-mail) waits this long at most unseen. */
export const ASK_AGAIN_AFTER_MS = 24 * 60 * 60 * 1000;

export interface OutboxItem {
  /** Its place in the order made. */
  seq: number;
  /** Where the form posts (a path of the owner's area). */
  url: string;
  /** The page it was made on, where it is shown "Waiting to send". */
  page: string;
  /** The form's fields, its once-only key and the button's name and value among them. */
  fields: [string, string][];
  /** In words: what it does, and on what ("Save note: K-1042, Margaret Hill"). */
  words: string;
  madeAt: string;
  state: OutboxState;
  /** It reaches a customer: asked again before it goes when it has waited over 24 hours. */
  reachesCustomer?: boolean;
  /** When the owner said yes again to a send that had waited too long. */
  confirmedAt?: string;
  /** Why it could not be done, in the server's words, or why it is held. */
  reason?: string;
  /** The item that holds it (its seq), when held. */
  heldBy?: number;
}

/** The record an item works on: a request, a quote, an invoice, a visit or a payment. */
export function recordOf(url: string): string {
  const match = /^\/admin\/(requests|quotes|invoices|visits|payments|credit-notes)\/(\d+)/.exec(new URL(url, "http://phone").pathname);
  return match ? `${match[1]}/${match[2]}` : new URL(url, "http://phone").pathname;
}

/** The items still to be shown, in the order made. */
export function inOrder(items: readonly OutboxItem[]): OutboxItem[] {
  return [...items].sort((a, b) => a.seq - b.seq);
}

/** Whether a send to a customer has waited too long to go without the owner seeing it again. */
export function waitedTooLong(item: OutboxItem, now: Date): boolean {
  return Boolean(item.reachesCustomer) && now.getTime() - Date.parse(item.confirmedAt ?? item.madeAt) > ASK_AGAIN_AFTER_MS;
}

/**
 * The next item to send, or undefined; the waiting items that an earlier one, not done, now
 * holds (to be marked held with its words); and the sends to a customer that waited over 24
 * hours (to be asked again, `askWords`), which hold later ones on their record too.
 */
export function nextToSend(items: readonly OutboxItem[], now: Date = new Date()): { next?: OutboxItem; held: { item: OutboxItem; by: OutboxItem }[]; ask: OutboxItem[] } {
  const blocked = new Map<string, OutboxItem>();
  const held: { item: OutboxItem; by: OutboxItem }[] = [];
  const ask: OutboxItem[] = [];
  for (const item of inOrder(items)) {
    const record = recordOf(item.url);
    const first = blocked.get(record);
    // A held item stays held until dismissed, or until the send that held it is said yes to again.
    if (item.state !== "waiting") {
      if (!first) blocked.set(record, item);
      continue;
    }
    if (first) {
      held.push({ item, by: first });
      continue;
    }
    if (waitedTooLong(item, now)) {
      ask.push(item);
      blocked.set(record, item);
      continue;
    }
    return { next: item, held, ask };
  }
  return { held, ask };
}

/** Why a send to a customer waits for the owner again. */
export const ASK_WORDS = "Not sent: it has waited more than 24 hours. Send it to the customer now?";

/** Why a later item is held, in words. */
export function heldWords(first: OutboxItem): string {
  if (first.state === "ask" || (first.state === "waiting" && first.reachesCustomer)) return `Not sent, because "${first.words}" waits for your yes.`;
  return `Not sent, because "${first.words}" could not be done. Open the page to see what to do.`;
}

/** How many wait to be sent, in the tab bar's words ("2 waiting"); nothing when none. */
export function waitingWords(items: readonly OutboxItem[]): string {
  const count = items.filter((item) => item.state === "waiting").length;
  return count ? `${count} waiting` : "";
}

export type SendResult = { sent: true } | { sent: false; reason: string } | { retry: true };

/**
 * What the server's answer to a sent item means (lib/offline/outbox-answer.server.ts): `location`
 * where the change went on to, when it went on; `unchanged` whether it found nothing to change;
 * `finalPath` where the answer came from; `words` what the page says first (its error summary,
 * its alert, its notice; for an unchanged answer, the page it went on to).
 */
export function resultOf(answer: { status: number; location: string | null; unchanged: boolean; finalPath: string; words: string }): SendResult {
  if (answer.status >= 500 || answer.status === 0) return { retry: true };
  if (/^\/admin\/sign-in/.test(answer.finalPath)) return { retry: true };
  if (answer.location && answer.status < 300) {
    if (!answer.unchanged) return { sent: true };
    return { sent: false, reason: `${answer.words.trim() ? `${answer.words.trim().replace(/\.$/, "")}: ` : ""}nothing was changed.` };
  }
  const words = answer.words.trim() || (answer.status === 409 ? "It was changed on another device: nothing was changed." : "The server could not do it: nothing was changed.");
  return { sent: false, reason: words };
}
