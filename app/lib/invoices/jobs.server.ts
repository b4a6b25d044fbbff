/**
 * The queue's handlers for getting paid (queued by ./events.server.ts in the step's transaction):
 * - "invoice-send": the invoice's e-mail with its PDF, made from the stored invoice;
 * - "credit-note-send": the credit note's e-mail with its PDF;
 * - "payment-receipt": the receipt of a payment, saying what it left to pay;
 * - "invoice-reminder": on the due day, 7 and 14 days after (each queued once), held to the
 *   opening hours published when it falls due (app/lib/jobs/held-to-opening.server.ts), and skipped
 *   (done, with the reason as its outcome, never retried) once the invoice is paid or void or its
 *   reminders are turned off.
 * Each goes to the address copied onto the invoice when it was sent; with none, there is nothing
 * to send and the job says so. Each links to the customer's own page (/c/…).
 */
import type { KeyedDb } from "../db/connection.server.ts";
import { customerPageUrl } from "../links/page-links.server.ts";
import { holdUntilOpen } from "../jobs/held-to-opening.server.ts";
import type { Job, JobHandler } from "../jobs/jobs.server.ts";
import { MailNotSetUp, type OutgoingMail } from "../mail/mailer.server.ts";
import type { HoursNow } from "../time/opening-hours.ts";
import { recordAudit } from "../db/audit.server.ts";
import type { MailBusiness } from "../quotes/mail.server.ts";
import { ukDate } from "../time/uk-time.ts";
import { invoiceById, invoiceNumber, type Invoice } from "./invoices.server.ts";
import { mailCreditNote, mailInvoice, mailInvoiceReminder, mailReceipt, type InvoiceLetterInput, type SentInvoice } from "./mail.server.ts";
import { standingOf, type Standing } from "./money.ts";
import { creditNoteById, creditNotesOf, paymentById, paymentsOf, standingOfInvoice, type CreditNote, type Payment } from "./payments.server.ts";

const isSent = (invoice: Invoice | undefined): invoice is SentInvoice => invoice?.status === "sent" && invoice.seller !== null && invoice.customer !== null;

/**
 * Where an invoice stood once a payment or a credit note was recorded: with the payments and
 * credit notes recorded up to it (by id for its own kind, by time for the other), so a receipt says
 * what its own payment left, whatever was recorded after it.
 */
function standingAt(store: KeyedDb, invoice: Invoice, upTo: { payment: Payment } | { note: CreditNote }): Standing {
  const moment = "payment" in upTo ? upTo.payment.createdAt : upTo.note.createdAt;
  const paid = paymentsOf(store, invoice.id).filter((payment) => !payment.removedAt && ("payment" in upTo ? payment.id <= upTo.payment.id : payment.createdAt <= moment));
  const credited = creditNotesOf(store, invoice.id).filter((note) => ("note" in upTo ? note.id <= upTo.note.id : note.createdAt <= moment));
  return standingOf(
    { sent: true, totalPence: invoice.totalPence, dueOn: invoice.dueOn },
    credited.reduce((sum, note) => sum + note.totalPence, 0),
    paid.reduce((sum, payment) => sum + payment.amountPence, 0),
    ukDate(new Date(moment)),
  );
}

/**
 * `businessNow`: the facts published when an e-mail goes (its head and foot; the invoice's own
 * words come from the invoice); `hoursNow`: the opening hours published now, which hold a
 * reminder falling due to opening time; `mail`: the mail set up on this server.
 */
export function invoiceHandlers(store: KeyedDb, businessNow: () => MailBusiness, siteUrl: string, hoursNow: HoursNow, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  /** The letter's input for a sent invoice, or why there is nothing to send. */
  const letterFor = (invoiceId: unknown): InvoiceLetterInput | { outcome: string } => {
    const invoice = invoiceById(store, Number(invoiceId));
    if (!isSent(invoice)) return { outcome: "not sent: the invoice is not a sent one" };
    if (!invoice.customer.email.trim()) return { outcome: "not sent: no e-mail address on the request" };
    return { invoice, business: businessNow(), siteUrl, page: customerPageUrl(store, siteUrl, invoice.leadId) };
  };
  /** Sends a sent invoice's letter (the invoice, a credit note, a receipt) by `send`, or says why there is nothing to send. */
  const sendFor = async (invoiceId: unknown, send: (mail: OutgoingMail, input: InvoiceLetterInput) => Promise<unknown>) => {
    const input = letterFor(invoiceId);
    if ("outcome" in input) return input;
    if (!mail) throw new MailNotSetUp();
    await send(mail, input);
    return { outcome: "sent" };
  };
  /** After a week of refusals, the request's history says the e-mail never went. */
  const gaveUp = (what: string) => (job: Job, now: Date) => {
    const invoiceId = job.payload.invoiceId ?? creditNoteById(store, Number(job.payload.creditNoteId))?.invoiceId ?? paymentById(store, Number(job.payload.paymentId))?.invoiceId;
    const invoice = invoiceById(store, Number(invoiceId));
    if (!invoice) return;
    return { commit: () => recordAudit(store, { actor: "the site", action: `could not e-mail ${what}`, leadId: invoice.leadId, detail: `${invoiceNumber(invoice)}: ${job.lastError ?? "refused"}`, now }) };
  };
  return {
    "invoice-send": (job) => sendFor(job.payload.invoiceId, (mail, input) => mailInvoice(mail, input)),
    "invoice-send:gave-up": gaveUp("the invoice"),
    "credit-note-send": async (job) => {
      const note = creditNoteById(store, Number(job.payload.creditNoteId));
      if (!note) return { outcome: "not sent: no such credit note" };
      return sendFor(note.invoiceId, (mail, input) => mailCreditNote(mail, input, note, standingAt(store, input.invoice, { note })));
    },
    "credit-note-send:gave-up": gaveUp("the credit note"),
    "payment-receipt": async (job) => {
      const payment = paymentById(store, Number(job.payload.paymentId));
      if (!payment) return { outcome: "not sent: no such payment" };
      if (payment.removedAt) return { outcome: "not needed: the payment was removed" };
      return sendFor(payment.invoiceId, (mail, input) => mailReceipt(mail, input, payment, standingAt(store, input.invoice, { payment })));
    },
    "payment-receipt:gave-up": gaveUp("a payment's receipt"),
    "invoice-reminder": async (job, now) => {
      const invoice = invoiceById(store, Number(job.payload.invoiceId));
      if (!isSent(invoice)) return { outcome: "not needed: the invoice is not a sent one" };
      const standing = standingOfInvoice(store, invoice, now);
      if (standing.state === "void") return { outcome: "not needed: the invoice is void" };
      if (standing.state === "paid") return { outcome: "not needed: the invoice is paid" };
      if (!invoice.reminders) return { outcome: "not sent: reminders turned off" };
      const holdUntil = holdUntilOpen(hoursNow(), job, now);
      if (holdUntil) return { holdUntil };
      const input = letterFor(invoice.id);
      if ("outcome" in input) return input;
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      const day = Number(job.payload.day);
      await mailInvoiceReminder(mail, input, day, standing.duePence);
      return {
        outcome: "sent",
        commit: () => recordAudit(store, { actor: "the site", action: day === 0 ? "sent the due-day reminder of the invoice" : `sent the ${day}-days-overdue reminder of the invoice`, leadId: invoice.leadId, detail: invoiceNumber(invoice), now }),
      };
    },
  };
}

