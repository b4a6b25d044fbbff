/**
 * The invoices' actions (decision 28): a draft saved, deleted and sent; on a sent invoice, a
 * payment recorded or removed, its reminders turned on or off, and a credit note issued (asked
 * first). And a request's Delete for good, which is theirs to refuse: a request with an invoice
 * sent is kept six years.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo, type Finding } from "../actions/define.ts";
import type { Db } from "../db/connection.server.ts";
import { formValues } from "../forms/fields.ts";
import { creditNoteSchema, invoiceDraftSchema, moreThanDue, newInvoiceForm, NOTHING_DUE, paymentSchema, readInvoiceDraftValues } from "./form.ts";
import { lineButton } from "../quotes/lines.ts";
import { formObject, text } from "../forms/parse-form.ts";
import { MailNotSetUp } from "../mail/mailer.server.ts";
import { leadById } from "../requests/lead.ts";
import { MAX_LINES, quoteNumber } from "../quotes/quotes.server.ts";
import type { QuoteLine } from "../quotes/money.ts";
import { formatPounds } from "../quotes/money.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { ukToday } from "../time/uk-time.ts";
import { queueCreditNoteSend, queueInvoiceSend, queueReceipt } from "./events.server.ts";
import { acceptedQuoteOf, createInvoice, deleteInvoiceDraft, hasSentInvoice, invoiceById, quoteRoom, quoteRoomOf, quoteRoomWords, saveInvoiceDraft, sendInvoice, setInvoiceReminders, type Invoice } from "./invoices.server.ts";
import { pricedLines, totalsOf, type InvoiceLine } from "./money.ts";
import { invoiceVersion } from "./pages.server.ts";
import { issueCreditNote, paymentById, PAYMENT_METHODS, recordPayment, removePayment, standingOfInvoice, type PaymentMethod } from "./payments.server.ts";
import { BANK_MISSING, billedOf, sellerOf } from "./seller.ts";
import { gone, requestForms, requestOf, requestPage } from "../requests/page.server.ts";
import { DELETE_CONFIRMED } from "../requests/forms.ts";
import { deleteLead } from "../requests/inbox.server.ts";
import { cancelBeforeErase } from "../visits/book.server.ts";

/** The invoice the address names; 404 when there is none. */
function invoiceOf({ params, store }: Finding): Invoice {
  const invoice = invoiceById(store, recordIdOr404(params.id));
  if (!invoice) throw data(null, { status: 404 });
  return invoice;
}

const page = (invoice: Invoice) => `/admin/invoices/${invoice.id}`;

/** What a payment or credit note queues in its own transaction: its e-mail, when mail is set up. */
const mailedWhenSetUp =
  ({ mail }: Finding["services"], store: Db, now: Date, queue: (db: Db["db"], id: number, now: Date) => void) =>
  (made: { id: number }) => {
    if (mail) queue(store.db, made.id, now);
  };
const LOCKED = "This invoice has been sent and is locked: nothing on it changes. To correct it, issue a credit note.";
const STILL_A_DRAFT = { error: "This invoice is still a draft: send it first." };
const NOTHING_LEFT = "Nothing is left on this invoice to credit: it is paid in full or void.";

/** The typed lines priced; a line left as it was keeps its own net and VAT (a deposit's rounding is never redone). */
function priced(stored: InvoiceLine[], typed: QuoteLine[], vat: boolean): InvoiceLine[] {
  const fresh = pricedLines(typed, vat);
  return typed.map((line, i) => stored.find((kept) => kept.description === line.description && kept.quantity === line.quantity && kept.unitPence === line.unitPence) ?? fresh[i]!);
}

export const invoiceReminders = defineAction({
  name: "invoice.reminders",
  intent: "reminders",
  find: invoiceOf,
  early: (_, { target }) => (target.status === "sent" ? undefined : answer(STILL_A_DRAFT, 409)),
  schema: z.object({ on: z.pipe(text(), z.transform((on) => on === "1")) }),
  done: "reminders",
  apply: ({ on }, { store, target, actor }) => {
    setInvoiceReminders(store, target.id, on, actor);
    return done(page(target));
  },
});

const PAYMENT_FIELDS = ["receivedOn", "amount", "method", "note"] as const;
const paymentRefused = (errors: Record<string, string | undefined>, form: FormData) => ({ payment: { values: formValues(form, PAYMENT_FIELDS), errors }, error: "Nothing was recorded: see the message below." });

export const paymentRecord = defineAction({
  name: "payment.record",
  intent: "payment",
  find: invoiceOf,
  early: (_, { target }) => (target.status === "sent" ? undefined : answer(STILL_A_DRAFT, 409)),
  schema: ({ now }) => paymentSchema(ukToday(now), Object.keys(PAYMENT_METHODS) as PaymentMethod[]),
  refused: paymentRefused,
  apply: ({ receivedOn, amount, method, note }, { store, target, actor, now, services, form, wake }) => {
    const recorded = recordPayment(store, target.id, { receivedOn, amountPence: amount, method, note, actor, now, alongside: mailedWhenSetUp(services, store, now, queueReceipt) });
    if ("field" in recorded) {
      if (recorded.field === "amount") return answer(paymentRefused({ amount: moreThanDue(recorded.duePence) }, form));
      if (recorded.field === "receivedOn") return answer(paymentRefused({ receivedOn: "That day is still to come: enter the day the money arrived." }, form));
      return answer({ error: "Nothing is owed on this invoice: it is paid in full or void." }, 409);
    }
    wake();
    return done(page(target), services.mail ? "payment" : "payment-no-mail");
  },
});

export const invoiceDelete = defineAction({
  name: "invoice.delete",
  intent: "delete",
  find: invoiceOf,
  early: (_, { target }) => (target.status === "sent" ? answer({ error: LOCKED }, 409) : undefined),
  // Only the question's own button deletes: a bare or replayed Delete asks again.
  schema: z.object({ confirmed: z.pipe(text(), z.transform((value) => value === "yes")) }),
  apply: ({ confirmed }, { store, target, actor }) => {
    if (!confirmed) return redirectTo(`${page(target)}?confirm=delete#delete-heading`);
    if (!deleteInvoiceDraft(store, target.id, actor)) return answer({ error: LOCKED }, 409);
    return done(`/admin/requests/${target.leadId}`, "invoice-deleted");
  },
});

/** A draft's form: Save draft, Send invoice (saved, then asked), and the line buttons and Check totals, which save nothing. */
export const invoiceSave = defineAction({
  name: "invoice.save",
  intent: () => true,
  find: invoiceOf,
  early: (form, { target }) => {
    if (target.status === "sent") return answer({ error: LOCKED }, 409);
    const intent = String(form.get("intent") ?? "");
    const values = readInvoiceDraftValues(formObject(form));
    const buttoned = lineButton(intent, values.lines, { max: MAX_LINES, noun: "An invoice" });
    if (buttoned) return "error" in buttoned ? answer({ values, error: buttoned.error }) : answer({ values: { ...values, lines: buttoned.lines } }, 200);
    // Check totals (JavaScript off): the figures as typed, nothing saved.
    if (intent === "totals") return answer({ values }, 200);
    if (intent !== "save" && intent !== "send") return answer({ values, error: "That did not work. Reload the page and try again." });
    return undefined;
  },
  schema: ({ now }) => invoiceDraftSchema(ukToday(now)),
  refused: (errors, form) => ({ values: readInvoiceDraftValues(formObject(form)), errors, error: "Some fields need a change: see the messages below." }),
  apply: (draft, { store, target, form }) => {
    const values = readInvoiceDraftValues(formObject(form));
    const send = form.get("intent") === "send";
    if (draft.lines.length > MAX_LINES) return answer({ values, error: `An invoice can have at most ${MAX_LINES} lines.` });
    if (send && draft.lines.length === 0) return answer({ values, error: "Add at least one line first." });
    const lines = priced(target.lines, draft.lines, target.vat);
    if (send && totalsOf(lines).totalPence <= 0) return answer({ values, error: NOTHING_DUE });
    if (!saveInvoiceDraft(store, target.id, { lines, dueOn: draft.dueOn, note: draft.note })) return answer({ error: LOCKED }, 409);
    return send ? done(`${page(target)}/send`) : done(page(target), "draft");
  },
});

/** "Quote Q-2026-0002 is £5,760.00; £5,760.00 is already invoiced. This invoice of £4,320.00 would go past it: …" */
function pastQuoteWords(store: Db, invoice: Invoice): string | undefined {
  const room = quoteRoomOf(store, invoice);
  if (!room || invoice.totalPence <= room.leftPence) return undefined;
  return `${quoteRoomWords(room)} This invoice of ${formatPounds(invoice.totalPence)} would go past it: change it, or put extra work on a Blank invoice.`;
}

/** Why the invoice cannot go as it stands (nothing due, or past its quote's total), in words. */
export function cannotSend(store: Db, invoice: Invoice): string | undefined {
  if (invoice.totalPence <= 0) return NOTHING_DUE;
  return pastQuoteWords(store, invoice);
}

export const invoiceSend = defineAction({
  name: "invoice.send",
  // The send page's Yes; its other form gives the bank details (`bank-details.publish`).
  intent: (intent) => intent !== "bank-details",
  find: invoiceOf,
  // A second tap, or a Back and Yes again: it went the first time.
  early: (_, { target }) => (target.status !== "draft" ? redirectTo(`${page(target)}?saved=sent`) : undefined),
  version: { of: invoiceVersion, stale: { error: "The invoice was changed after this page was shown, so it was not sent. Check it, then send it." } },
  schema: z.object({}),
  done: "sent",
  apply: (_, { store, target: invoice, actor, content, services, wake }) => {
    const seller = sellerOf(content.business, content.invoicing);
    if ("missing" in seller) return answer({ error: `${BANK_MISSING} Nothing was sent.` }, 409);
    const hours = content.business.openingHours;
    let sent: ReturnType<typeof sendInvoice>;
    try {
      // The e-mail and its reminders are rows of the queue, committed with the number; without
      // e-mail set up the send is refused and nothing of it is kept (no number is taken).
      sent = sendInvoice(store, invoice.id, {
        seller,
        customer: billedOf(leadById(store, invoice.leadId)!),
        actor,
        alongside: (sending) => {
          if (!services.mail) throw new MailNotSetUp();
          queueInvoiceSend(store.db, sending, hours, new Date(sending.sentAt!));
        },
      });
    } catch (error) {
      if (!(error instanceof MailNotSetUp)) throw error;
      return answer({ error: "E-mail is not set up on this server, so the invoice cannot be sent. It is still a draft." }, 502);
    }
    if (typeof sent === "string") {
      if (sent === "not-draft") return redirectTo(`${page(invoice)}?saved=sent`);
      const why = {
        "no-lines": "Add at least one line first.",
        "nothing-due": NOTHING_DUE,
        "past-due-date": "The due date has passed: choose a later one.",
        "past-quote": pastQuoteWords(store, invoice) ?? "It would take its quote past the quote's total.",
      }[sent];
      return answer({ error: `${why} Nothing was sent.` }, 409);
    }
    wake();
    return done(page(invoice));
  },
});

const CREDIT_FIELDS = ["scope", "amount", "reason"] as const;

export const creditNoteIssue = defineAction({
  name: "credit-note.issue",
  find: invoiceOf,
  early: (form, { target }) => (target.status !== "sent" ? answer({ values: formValues(form, CREDIT_FIELDS), error: "This invoice is still a draft: change it instead." }, 409) : undefined),
  schema: creditNoteSchema,
  refused: (errors, form) => ({ values: formValues(form, CREDIT_FIELDS), errors, error: "No credit note was issued: see the message below." }),
  apply: ({ amountPence, reason }, { store, target: invoice, actor, now, services, form, wake }) => {
    const values = formValues(form, CREDIT_FIELDS);
    const standing = standingOfInvoice(store, invoice);
    if (amountPence !== "whole" && amountPence > standing.duePence) return answer({ values, errors: { amount: `That is more than the ${formatPounds(standing.duePence)} left on the invoice.` } });
    if (standing.duePence <= 0) return answer({ values, error: NOTHING_LEFT }, 409);
    // The question first; only its own Yes, carrying the same answers, issues the note.
    if (form.get("confirmed") !== "yes") return answer({ values, ask: { amount: formatPounds(amountPence === "whole" ? standing.duePence : amountPence) } }, 200);
    const issued = issueCreditNote(store, invoice.id, { amountPence, reason, actor, now, alongside: mailedWhenSetUp(services, store, now, queueCreditNoteSend) });
    if (!("id" in issued)) {
      if (issued.reason === "too-much") return answer({ values, errors: { amount: `That is more than the ${formatPounds(issued.leftPence)} left on the invoice.` } });
      return answer({ values, error: NOTHING_LEFT }, 409);
    }
    wake();
    return done(page(invoice), services.mail ? "credit-note" : "credit-note-no-mail");
  },
});

export const paymentRemove = defineAction({
  name: "payment.remove",
  find: ({ params, store }) => {
    const payment = paymentById(store, recordIdOr404(params.id));
    if (!payment) throw data(null, { status: 404 });
    return payment;
  },
  // Only the question's own Yes removes: anything else asks again.
  schema: z.object({ confirmed: z.pipe(text(), z.transform((value) => value === "yes")) }),
  apply: ({ confirmed }, { store, target: payment, actor, now }) => {
    if (!confirmed) return redirectTo(`/admin/payments/${payment.id}/remove`);
    removePayment(store, payment.id, actor, now);
    return done(`/admin/invoices/${payment.invoiceId}`, "payment-removed");
  },
});

/** In the order a page's forms are picked: the draft's catch-all form comes last. */
export const requestDelete = defineAction({
  ...requestForms,
  name: "request.delete",
  intent: "delete",
  // Only the question's own button deletes: a bare or replayed Delete asks the question again.
  schema: z.object({ confirmed: z.pipe(text(), z.transform((value) => value === DELETE_CONFIRMED.value)) }),
  apply: ({ confirmed }, { store, target, actor, services, wake }) => {
    if (!confirmed) return redirectTo(`${requestPage(target)}?confirm=delete#delete-heading`);
    // Each visit still to come is cancelled to the customer by e-mail before the request goes.
    // Invoices are kept six years (HMRC): a request with one sent is never deleted.
    if (hasSentInvoice(store, target)) throw data(null, { status: 409 });
    if (!deleteLead(store, target, actor, () => cancelBeforeErase(store, target, { mail: Boolean(services.mail) }))) gone();
    wake();
    return done(`/admin?deleted=${target}#main`);
  },
});


const KIND_FIELDS = ["kind", "depositPercent"] as const;
const kindRefused = (errors: Record<string, string | undefined>, form: FormData) => ({ values: formValues(form, KIND_FIELDS), errors });
const NO_QUOTE = "This request has no accepted quote: choose Blank invoice.";

export const invoiceCreate = defineAction({
  name: "invoice.create",
  find: (finding) => {
    const leadId = requestOf(finding);
    const quote = acceptedQuoteOf(finding.store, leadId);
    return { leadId, quote: quote ? quoteNumber(quote) : null };
  },
  schema: newInvoiceForm,
  refused: kindRefused,
  apply: ({ kind, depositPercent }, { store, target, actor, content, form }) => {
    const refuse = (words: string) => answer(kindRefused({ kind: words }, form), 409);
    if (kind !== "blank" && !target.quote) return refuse(NO_QUOTE);
    const made = createInvoice(store, { leadId: target.leadId, kind, depositPercent, vat: Boolean(content.business.vatNumber), termsDays: content.invoicing.paymentTermsDays, actor });
    if (made === "no-request") return gone();
    if (made === "no-accepted-quote") return refuse(NO_QUOTE);
    if (made === "nothing-left") return refuse(`Nothing is left of quote ${target.quote} to invoice: the invoices sent already make its total.`);
    if (made === "past-quote") {
      const room = quoteRoom(store, acceptedQuoteOf(store, target.leadId)!);
      const what = kind === "deposit" ? `A deposit of ${depositPercent}%` : "A Whole quote invoice";
      const instead = room.leftPence > 0 ? `${what} would go past it: choose Balance.` : "Nothing is left of it to invoice.";
      return refuse(`${quoteRoomWords(room)} ${instead}`);
    }
    return done(page(made));
  },
});

export const INVOICE_ACTIONS = [invoiceCreate, requestDelete, invoiceReminders, paymentRecord, invoiceDelete, invoiceSave, invoiceSend, creditNoteIssue, paymentRemove];
