/**
 * What an invoice's steps set going, queued in the step's own transaction (app/lib/jobs/jobs.server.ts):
 * - sent: the customer's e-mail with the PDF and their page's link, and the reminders on the due
 *   day, 7 and 14 days after, each held to the opening hours and sent only while something is
 *   still owed and reminders are on (./jobs.server.ts decides when each runs);
 * - a credit note issued: the customer's e-mail with its PDF;
 * - a payment recorded: the customer's receipt.
 * A mail server that is down delays these e-mails; it never loses them or undoes the step.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Business } from "../../content/schema.ts";
import { heldRunAt } from "../jobs/held-to-opening.server.ts";
import { enqueue } from "../jobs/jobs.server.ts";
import { addDays, ukDayStart } from "../time/uk-time.ts";

/** The days after the due date on which an unpaid invoice is chased: the day itself, a week, two. */
export const REMINDER_DAYS = [0, 7, 14] as const;

const DAY = 24 * 60 * 60 * 1000;
/** An e-mail about a step that has not gone within a week is given up (and logged). */
const GIVE_UP_AFTER = 7 * DAY;

/** Queues the customer's e-mail of an invoice just sent, and its three reminders. */
export function queueInvoiceSend(db: DatabaseSync, invoice: { id: number; dueOn: string }, hours: Business["openingHours"], now: Date) {
  enqueue(db, { kind: "invoice-send", payload: { invoiceId: invoice.id }, runAt: now, giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER), now });
  for (const day of REMINDER_DAYS) {
    const dueAt = ukDayStart(addDays(invoice.dueOn, day));
    enqueue(db, {
      kind: "invoice-reminder",
      payload: { invoiceId: invoice.id, day, dueAt: dueAt.toISOString() },
      runAt: heldRunAt(hours, dueAt, now),
      onceKey: `invoice-reminder-${day}:${invoice.id}`,
      now,
    });
  }
}

/** Queues the customer's e-mail of a credit note just issued. */
export function queueCreditNoteSend(db: DatabaseSync, creditNoteId: number, now: Date) {
  enqueue(db, { kind: "credit-note-send", payload: { creditNoteId }, runAt: now, giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER), now });
}

/** Queues the customer's receipt of a payment just recorded. */
export function queueReceipt(db: DatabaseSync, paymentId: number, now: Date) {
  enqueue(db, { kind: "payment-receipt", payload: { paymentId }, runAt: now, giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER), now });
}
