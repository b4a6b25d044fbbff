/**
 * Invoices in each state that changes a page, made through the store's own functions: for the
 * sweeps of the customer's page, the owner's Money page and his invoice pages.
 */
import type { Db } from "../../app/lib/db/connection.server.ts";
import { createInvoice, saveInvoiceDraft, sendInvoice, type Seller } from "../../app/lib/invoices/invoices.server.ts";
import { issueCreditNote, recordPayment } from "../../app/lib/invoices/payments.server.ts";
import { addDays, ukToday } from "../../app/lib/time/uk-time.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import type { LeadStore } from "../../app/lib/requests/leads.server.ts";

/** The seller the tests invoice as: the content files' business, with bank details and a card link. */
export const SELLER: Seller = {
  name: "Kestrel Roofing",
  postalAddress: ["Unit 4, Yard Lane", "Stevenage", "SG1 1AA"],
  vatNumber: "GB999999973",
  phone: "07700 900123",
  email: "info@example.com",
  accountName: "Kestrel Roofing Ltd",
  sortCode: "60-16-13",
  accountNumber: "31926819",
  cardPaymentLink: "https://pay.example.com/kestrel",
};

/**
 * On the request `leadId`: an overdue invoice sent a month ago and part paid, one paid in full,
 * one voided by a credit note, one with a part credit and no card link, and a draft (never shown
 * to the customer).
 */
export function invoicesInEachState(store: Db, leadId: number, customer: { name: string; address: string; email: string }) {
  const today = ukToday();
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  const sent = (unitPence: number, now = new Date(), seller = SELLER) => {
    const draft = createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Sweep", now });
    if (typeof draft === "string") throw new Error(draft);
    saveInvoiceDraft(store, draft.id, { lines: [{ description: "Ridge tiles re-bedded", quantity: 100, unitPence, netPence: unitPence, vatPence: unitPence / 5 }], dueOn: draft.dueOn, note: "" });
    const invoice = sendInvoice(store, draft.id, { seller, customer, actor: "Sweep", now });
    if (typeof invoice === "string") throw new Error(invoice);
    return invoice;
  };
  const pay = (invoiceId: number, amountPence: number) => recordPayment(store, invoiceId, { receivedOn: today, amountPence, method: "bank-transfer", note: "", actor: "Sweep" });
  pay(sent(50000, monthAgo).id, 10000);
  pay(sent(20000).id, 24000);
  issueCreditNote(store, sent(30000).id, { amountPence: "whole", reason: "Work not needed", actor: "Sweep" });
  issueCreditNote(store, sent(10000, new Date(), { ...SELLER, cardPaymentLink: undefined }).id, { amountPence: 1200, reason: "Less a tile", actor: "Sweep" });
  createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Sweep" });
  return { dueOn: addDays(today, 14) };
}

/**
 * The invoice pages in the states that change their markup, on a request whose quote was accepted:
 * Create invoice, a draft and its send and delete questions, a sent one part paid (with its
 * Remove payment and Credit note questions) and one voided by a credit note.
 */
export function invoicePages(store: Db, leadId: number): string[] {
  const seller = SELLER;
  const customer = { name: "Sweep Visitor", address: "1 High St, Watford", email: "sweep@example.org" };
  const made = (kind: "deposit" | "whole") => {
    const draft = createInvoice(store, { leadId, kind, depositPercent: 25, vat: true, termsDays: 14, actor: "Sweep" });
    if (typeof draft === "string") throw new Error(draft);
    return draft.id;
  };
  const sent = (kind: "deposit" | "whole") => {
    const invoice = sendInvoice(store, made(kind), { seller, customer, actor: "Sweep" });
    if (typeof invoice === "string") throw new Error(invoice);
    return invoice.id;
  };
  const draft = made("deposit");
  const partPaid = sent("deposit");
  const payment = recordPayment(store, partPaid, { receivedOn: ukToday(), amountPence: 10000, method: "bank-transfer", note: "First part", actor: "Sweep" });
  if (!("id" in payment)) throw new Error(payment.reason);
  const voided = sent("deposit");
  issueCreditNote(store, voided, { amountPence: "whole", reason: "Job cancelled", actor: "Sweep" });
  return [`/admin/requests/${leadId}/invoices/new`, `/admin/invoices/${draft}`, `/admin/invoices/${draft}?confirm=delete`, `/admin/invoices/${draft}/send`, `/admin/invoices/${partPaid}`, `/admin/invoices/${partPaid}/credit-note`, `/admin/payments/${payment.id}/remove`, `/admin/invoices/${voided}`];
}

/** A request whose quote of £4,800 + VAT (£5,760.00) Jane Smith accepted at `now`: ready to invoice. */
export function wonLead(store: Db & { add: LeadStore["add"] }, now: Date): number {
  const leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St", message: "Roof" }).id;
  const quote = createQuote(store, leadId, { actor: "Test", vatNumber: "GB999999973", now })!;
  saveDraft(store, quote.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: "2026-12-30", notes: "", guarantees: [], followUps: false });
  sendQuote(store, quote.id, { actor: "Test", now });
  acceptQuote(store, quote.id, { name: "Jane Smith", address: "127.0.0.1", now });
  return leadId;
}
