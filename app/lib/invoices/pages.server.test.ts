/**
 * Where a job's money stands on its inbox card, for a whole page of requests in one query:
 * nothing before an invoice is sent, "Deposit sent", "Deposit paid", "Balance overdue", "Paid"
 * once every sent invoice is paid or void and something was paid, and "Invoice void" when nothing
 * was.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { createInvoice, sendInvoice, type InvoiceKind } from "./invoices.server.ts";
import { moneyWordsOf } from "./pages.server.ts";
import { issueCreditNote, recordPayment } from "./payments.server.ts";
import { SELLER as seller, wonLead as wonLeadAt } from "../../../tests/support/invoices.ts";

const T0 = new Date("2026-12-09T10:00:00Z");
const customer = { name: "Jane Smith", address: "1 High St", email: "jane@example.org" };

let store: LeadStore;
beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

const wonLead = () => wonLeadAt(store, T0);

function sent(leadId: number, kind: InvoiceKind, now = T0): number {
  const draft = createInvoice(store, { leadId, kind, depositPercent: 25, vat: true, termsDays: 14, actor: "Test", now });
  if (typeof draft === "string") throw new Error(draft);
  const invoice = sendInvoice(store, draft.id, { seller, customer, actor: "Test", now });
  if (typeof invoice === "string") throw new Error(invoice);
  return invoice.id;
}

const pay = (invoiceId: number, pence: number) => recordPayment(store, invoiceId, { receivedOn: "2026-12-09", amountPence: pence, method: "bank-transfer", note: "", actor: "Test", now: T0 });

it("says where each request's money stands, in one query for the page", () => {
  const [none, depositSent, depositPaid, balanceOverdue, allPaid, voided, paidThenVoided] = Array.from({ length: 7 }, wonLead);
  createInvoice(store, { leadId: none!, kind: "blank", vat: true, termsDays: 14, actor: "Test", now: T0 });
  sent(depositSent!, "deposit");
  pay(sent(depositPaid!, "deposit"), 144000);
  pay(sent(balanceOverdue!, "deposit"), 144000);
  pay(sent(balanceOverdue!, "balance"), 100000);
  pay(sent(allPaid!, "deposit"), 144000);
  pay(sent(allPaid!, "balance"), 432000);
  issueCreditNote(store, sent(voided!, "whole"), { amountPence: "whole", reason: "Cancelled", actor: "Test", now: T0 });
  pay(sent(paidThenVoided!, "deposit"), 144000);
  issueCreditNote(store, sent(paidThenVoided!, "balance"), { amountPence: "whole", reason: "Insurer pays", actor: "Test", now: T0 });

  let queries = 0;
  const prepare = store.db.prepare.bind(store.db);
  store.db.prepare = ((sql: string) => (queries++, prepare(sql))) as typeof store.db.prepare;
  const words = moneyWordsOf(store, [none!, depositSent!, depositPaid!, balanceOverdue!, allPaid!, voided!, paidThenVoided!], new Date("2027-01-20T12:00:00Z"));
  store.db.prepare = prepare;
  expect(queries).toBe(1);
  expect(Object.fromEntries(words)).toEqual({
    [depositPaid!]: "Deposit paid",
    [depositSent!]: "Deposit overdue",
    [balanceOverdue!]: "Balance overdue",
    [allPaid!]: "Paid",
    [voided!]: "Invoice void",
    [paidThenVoided!]: "Deposit paid",
  });
  expect(moneyWordsOf(store, [depositSent!], T0).get(depositSent!)).toBe("Deposit sent");
  expect(moneyWordsOf(store, []).size).toBe(0);
});
