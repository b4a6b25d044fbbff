/**
 * What a quote's steps set going, queued in the step's own transaction (app/lib/jobs/jobs.server.ts),
 * so that an answer is never recorded without the owner being told, and a mail server that is
 * down delays the e-mails instead of losing them:
 * - the customer opens, accepts or declines: the owner gets an e-mail and a push;
 * - the customer accepts: they get their copy of the accepted quote;
 * - the quote is sent: the customer's e-mail with the PDF and their link, and a follow-up e-mail
 *   after 3 days and after 7 days, each held to the opening hours and sent only if the quote
 *   still waits for an answer (app/lib/quotes/jobs.server.ts).
 */
import type { DatabaseSync } from "node:sqlite";
import type { Business } from "../../content/schema.ts";
import { enqueue } from "../jobs/jobs.server.ts";
import { heldRunAt } from "../jobs/held-to-opening.server.ts";
import { queuePush, shortName } from "../jobs/push.server.ts";
import { ukDaysLater } from "../time/uk-time.ts";
import { formatPounds } from "./money.ts";

export type QuoteEvent = "viewed" | "accepted" | "declined";

/** The days after sending on which an unanswered quote is followed up. */
export const FOLLOW_UP_DAYS = [3, 7] as const;

const DAY = 24 * 60 * 60 * 1000;
/** An e-mail about a step that has not gone within a week is given up (and logged). */
const GIVE_UP_AFTER = 7 * DAY;

const PUSH_WORDS: Record<QuoteEvent, string> = { viewed: "opened", accepted: "accepted", declined: "declined" };

interface EventQuote {
  id: number;
  leadId: number;
  number: string;
  totalPence: number;
  customerName: string;
}

/** Queues the owner's e-mail and push (and, on acceptance, the customer's copy) for a quote step. */
export function queueQuoteEvent(db: DatabaseSync, quote: EventQuote, event: QuoteEvent, now: Date) {
  const giveUpAt = new Date(now.getTime() + GIVE_UP_AFTER);
  enqueue(db, { kind: "quote-notice", payload: { quoteId: quote.id, event }, runAt: now, giveUpAt, now });
  if (event === "accepted") enqueue(db, { kind: "quote-copy", payload: { quoteId: quote.id }, runAt: now, giveUpAt, now });
  queuePush(
    db,
    {
      title: `Quote ${quote.number} ${PUSH_WORDS[event]}`,
      body: `${shortName(quote.customerName)} · ${formatPounds(quote.totalPence)}`,
      url: `/admin/requests/${quote.leadId}`,
      tag: `quote-${quote.id}`,
    },
    now,
  );
}

/** Queues the customer's e-mail of a quote just sent, in the send's transaction. */
export function queueQuoteSend(db: DatabaseSync, quoteId: number, now: Date) {
  enqueue(db, { kind: "quote-send", payload: { quoteId }, runAt: now, giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER), now });
}

/**
 * Queues the day-3 and day-7 follow-ups of a quote just sent: due at the time of day it was sent,
 * that many UK days later, and planned by `hours` (published now); the hours published when each
 * falls due decide (app/lib/jobs/held-to-opening.server.ts).
 */
export function queueFollowUps(db: DatabaseSync, quoteId: number, sentAt: Date, hours: Business["openingHours"]) {
  for (const day of FOLLOW_UP_DAYS) {
    const dueAt = ukDaysLater(sentAt, day);
    enqueue(db, {
      kind: "quote-follow-up",
      payload: { quoteId, day, dueAt: dueAt.toISOString() },
      runAt: heldRunAt(hours, dueAt, sentAt),
      onceKey: `quote-follow-up-${day}:${quoteId}`,
      now: sentAt,
    });
  }
}
