/**
 * A job's money for its card and its page (issue 35): what is still owed of the accepted quote,
 * overdue, whether all of it is invoiced, and paid in full, when the job leaves Jobs as Paid.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { stageOf } from "../requests/job.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "../quotes/quotes.server.ts";
import { createInvoice, sendInvoice, type InvoiceKind } from "./invoices.server.ts";
import { jobMoneyOf, jobsMoneyOf } from "./job-money.server.ts";
import { recordPayment, removePayment } from "./payments.server.ts";
import { SELLER as seller } from "../../../tests/support/invoices.ts";

const T0 = new Date("2026-12-09T10:00:00Z");
const customer = { name: "Jane Smith", address: "1 High St", email: "jane@example.org" };

let store: LeadStore;
beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

/** A request whose quote of £4,800 + VAT (£5,760.00) was accepted. */
function wonLead(): number {
  const leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St", message: "Roof" }).id;
  const quote = createQuote(store, leadId, { actor: "Test", vatNumber: "GB999999973", now: T0 })!;
  saveDraft(store, quote.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: "2026-12-30", notes: "", guarantees: [], followUps: false });
  sendQuote(store, quote.id, { actor: "Test", now: T0 });
  acceptQuote(store, quote.id, { name: "Jane Smith", address: "127.0.0.1", now: T0 });
  return leadId;
}

function sent(leadId: number, kind: InvoiceKind): number {
  const draft = createInvoice(store, { leadId, kind, depositPercent: 25, vat: true, termsDays: 14, actor: "Test", now: T0 });
  if (typeof draft === "string") throw new Error(draft);
  const invoice = sendInvoice(store, draft.id, { seller, customer, actor: "Test", now: T0 });
  if (typeof invoice === "string") throw new Error(invoice);
  return invoice.id;
}

const pay = (invoiceId: number, pence: number) => recordPayment(store, invoiceId, { receivedOn: "2026-12-09", amountPence: pence, method: "bank-transfer", note: "", actor: "Test", now: T0 });

it("owes the whole accepted quote before anything is invoiced, and is not paid", () => {
  const id = wonLead();
  expect(jobMoneyOf(store, id, T0)).toEqual({ owedPence: 576000, overdue: false, invoiceSent: false, invoicedInFull: false, paidInFull: false, words: null });
});

it("a paid deposit leaves the rest owed; the balance sent and overdue says so; paid in full makes the job Paid, and a payment removed brings it back", () => {
  const id = wonLead();
  pay(sent(id, "deposit"), 144000);
  expect(jobMoneyOf(store, id, T0)).toMatchObject({ owedPence: 432000, invoiceSent: true, invoicedInFull: false, paidInFull: false, words: "Deposit paid" });
  const balance = sent(id, "balance");
  const late = new Date("2027-01-10T10:00:00Z");
  expect(jobMoneyOf(store, id, late)).toMatchObject({ owedPence: 432000, overdue: true, invoicedInFull: true, paidInFull: false, words: "Balance overdue" });
  expect(stageOf("won", jobMoneyOf(store, id, late).paidInFull)).toBe("won");
  const payment = pay(balance, 432000);
  const paid = jobsMoneyOf(store, [id], late).get(id)!;
  expect(paid).toMatchObject({ owedPence: 0, overdue: false, paidInFull: true, words: "Paid" });
  expect(stageOf("won", paid.paidInFull)).toBe("paid");
  if (!("id" in payment)) throw new Error(`no payment: ${payment.reason}`);
  removePayment(store, payment.id, "Test", late);
  expect(jobMoneyOf(store, id, late).paidInFull, "back in Jobs").toBe(false);
});
