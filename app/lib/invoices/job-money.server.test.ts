/**
 * A job's money for its card and its page (issue 35): what is still owed of the accepted quote,
 * overdue, whether all of it is invoiced, and paid in full, when the job leaves Jobs as Paid.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { stageOf } from "../requests/job.ts";
import { createInvoice, sendInvoice, type InvoiceKind } from "./invoices.server.ts";
import { jobMoneyOf, jobsMoneyOf } from "./job-money.server.ts";
import { recordPayment, removePayment } from "./payments.server.ts";
import { SELLER as seller, wonLead as wonLeadAt } from "../../../tests/support/invoices.ts";

const T0 = new Date("2026-12-09T10:00:00Z");
const customer = { name: "Jane Smith", address: "1 High St", email: "jane@example.org" };

let store: LeadStore;
beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

const wonLead = () => wonLeadAt(store, T0);

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
