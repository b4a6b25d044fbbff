import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readCsv, pence, totalsByNumber } from "../../../tests/support/csv.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "../quotes/quotes.server.ts";
import { invoicesCsv, paymentsCsv, TAX_TYPES, XERO_COLUMNS } from "./accountant-csv.ts";
import { createInvoice, saveInvoiceDraft, sendInvoice, type Invoice } from "./invoices.server.ts";
import { documentsOfPeriod, invoicesToList, nowFigures, paymentsOfPeriod, periodFigures } from "./money-figures.server.ts";
import { askedPeriod, monthPeriod } from "./money-period.ts";
import { issueCreditNote, recordPayment, removePayment } from "./payments.server.ts";
import { SELLER as seller } from "../../../tests/support/invoices.ts";

const at = (day: string) => new Date(`${day}T10:00:00Z`);
const DECEMBER = monthPeriod("2026-12");

let store: LeadStore;
let jane: number;
let tom: number;

beforeEach(() => {
  store = new LeadStore(":memory:");
  jane = store.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St, Hitchin SG4 9AA", message: "Tiles" }).id;
  tom = store.add({ form: "quote", page: "/", name: "=Tom Jones", email: "tom@example.org", phone: "07700 900001", location: "Flat 2\n9 Mill Lane\nStevenage", message: "Gutter" }).id;
});
afterEach(() => store.close());

function sent(leadId: number, kind: Invoice["kind"], day: string, customer: string, edit?: (invoice: Invoice) => void): Invoice {
  const draft = createInvoice(store, { leadId, kind, depositPercent: 25, vat: kind !== "blank", termsDays: 14, actor: "Dave", now: at(day) });
  if (typeof draft === "string") throw new Error(draft);
  edit?.(draft);
  const invoice = sendInvoice(store, draft.id, { seller, customer: { name: customer, address: leadId === jane ? "1 High St, Hitchin SG4 9AA" : "Flat 2\n9 Mill Lane\nStevenage", email: "c@example.org" }, actor: "Dave", now: at(day) });
  if (typeof invoice === "string") throw new Error(invoice);
  return invoice;
}

/**
 * Jane: a £4,800 + VAT quote; the deposit (£1,440.00) paid £1,000 then £440; the balance
 * (£4,320.00) voided by a credit note, all in December. Tom: a blank invoice of November, no VAT,
 * 2.5 × £33.33, unpaid and overdue; a payment recorded by mistake and removed.
 */
function december() {
  const quote = createQuote(store, jane, { actor: "Dave", vatNumber: "GB999999973", now: at("2026-12-01") })!;
  saveDraft(store, quote.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: "2026-12-30", notes: "", guarantees: [], followUps: false });
  sendQuote(store, quote.id, { actor: "Dave", now: at("2026-12-01") });
  acceptQuote(store, quote.id, { name: "Jane Smith", address: "127.0.0.1", now: at("2026-12-01") });
  const blank = sent(tom, "blank", "2026-11-10", "=Tom Jones", (draft) =>
    saveInvoiceDraft(store, draft.id, { lines: [{ description: "Gutter, cleared", quantity: 250, unitPence: 3333, netPence: 8333, vatPence: 0 }], dueOn: "2026-11-24", note: "" }),
  );
  const mistake = recordPayment(store, blank.id, { receivedOn: "2026-12-02", amountPence: 5000, method: "cash", note: "", actor: "Dave", now: at("2026-12-02") });
  if ("field" in mistake) throw new Error(mistake.reason);
  removePayment(store, mistake.id, "Dave", at("2026-12-02"));
  const deposit = sent(jane, "deposit", "2026-12-09", "Jane Smith");
  recordPayment(store, deposit.id, { receivedOn: "2026-12-10", amountPence: 100000, method: "bank-transfer", note: "+ref INV-2026-0001", actor: "Dave", now: at("2026-12-10") });
  recordPayment(store, deposit.id, { receivedOn: "2026-12-11", amountPence: 44000, method: "card", note: "", actor: "Dave", now: at("2026-12-11") });
  const balance = sent(jane, "balance", "2026-12-12", "Jane Smith");
  issueCreditNote(store, balance.id, { amountPence: "whole", reason: "Job cancelled", actor: "Dave", now: at("2026-12-13") });
  // A draft is no money yet.
  createInvoice(store, { leadId: tom, kind: "blank", vat: false, termsDays: 14, actor: "Dave", now: at("2026-12-14") });
  return { blank, deposit, balance };
}

describe("the Money page's figures", () => {
  it("counts a month's invoices, credit notes, VAT and payments, never a draft or a removed payment", () => {
    december();
    expect(periodFigures(store, DECEMBER)).toEqual({ invoicedPence: 576000, creditedPence: 432000, vatPence: 24000, paidPence: 144000 });
    expect(periodFigures(store, monthPeriod("2026-11"))).toEqual({ invoicedPence: 8333, creditedPence: 0, vatPence: 0, paidPence: 0 });
    expect(periodFigures(store, monthPeriod("2027-01"))).toEqual({ invoicedPence: 0, creditedPence: 0, vatPence: 0, paidPence: 0 });
  });

  it("lists every owed invoice first, the longest overdue on top, then the period's others; owed and overdue now", () => {
    const { blank, deposit, balance } = december();
    const listed = invoicesToList(store, DECEMBER, "2026-12-15");
    expect(listed.map((invoice) => [invoice.number, invoice.standing.state, invoice.standing.overdue, invoice.standing.duePence])).toEqual([
      ["INV-2026-0001", "sent", true, 8333],
      ["INV-2026-0003", "void", false, 0],
      ["INV-2026-0002", "paid", false, 0],
    ]);
    expect(listed.map((invoice) => invoice.id)).toEqual([blank.id, balance.id, deposit.id]);
    expect(listed[0]).toMatchObject({ customerName: "=Tom Jones", leadId: tom });
    expect(nowFigures(listed)).toEqual({ owedPence: 8333, overduePence: 8333 });
    // January shows November's owed invoice, and none of December's settled ones.
    expect(invoicesToList(store, monthPeriod("2027-01"), "2027-01-02").map((invoice) => invoice.number)).toEqual(["INV-2026-0001"]);
  });
});

describe("the accountant's files", () => {
  it("have Xero's columns, one row per line, credit notes negative, and reconcile with the figures", () => {
    december();
    const autumn = askedPeriod(new URLSearchParams({ from: "2026-11-01", to: "2026-12-31" }), "2026-12-15").period;
    const { invoices, creditNotes } = documentsOfPeriod(store, autumn);
    const text = invoicesCsv(invoices, creditNotes);
    expect(text.split("\r\n")[0]).toBe(XERO_COLUMNS.join(","));
    const rows = readCsv(text);
    expect(rows.map((row) => row["*InvoiceNumber"])).toEqual(["INV-2026-0001", "INV-2026-0002", "INV-2026-0003", "CN-2026-0001"]);
    expect(rows[0]).toMatchObject({
      "*ContactName": "'=Tom Jones", POAddressLine1: "Flat 2", POAddressLine2: "9 Mill Lane", POAddressLine3: "Stevenage", POPostalCode: "",
      "*InvoiceDate": "10/11/2026", "*DueDate": "24/11/2026", "*Quantity": "2.5", "*UnitAmount": "33.33", "*TaxType": TAX_TYPES.none, TaxAmount: "0.00", "*AccountCode": "200", Currency: "GBP",
    });
    expect(rows[1]).toMatchObject({ "*ContactName": "Jane Smith", POAddressLine1: "1 High St", POAddressLine2: "Hitchin", POPostalCode: "SG4 9AA", "*Quantity": "1", "*UnitAmount": "1200.00", TaxAmount: "240.00", "*TaxType": TAX_TYPES.vat, Total: "1440.00" });
    expect(rows[3]).toMatchObject({ Reference: "INV-2026-0003", "*UnitAmount": "-3600.00", TaxAmount: "-720.00", Total: "-4320.00", "*TaxType": TAX_TYPES.vat, "*InvoiceDate": "13/12/2026" });
    // Each invoice's rows make its total; the file makes Invoiced less Credit notes; VAT by TaxType makes VAT charged.
    const totals = totalsByNumber(rows);
    for (const row of rows) expect(totals.get(row["*InvoiceNumber"]!), row["*InvoiceNumber"]).toBe(pence(row.Total!));
    const figures = periodFigures(store, autumn);
    expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(figures.invoicedPence - figures.creditedPence);
    expect(rows.filter((row) => row["*TaxType"] === TAX_TYPES.vat).reduce((sum, row) => sum + pence(row.TaxAmount!), 0)).toBe(figures.vatPence);

    const payments = readCsv(paymentsCsv(paymentsOfPeriod(store, autumn)));
    expect(payments).toEqual([
      { Date: "10/12/2026", InvoiceNumber: "INV-2026-0002", ContactName: "Jane Smith", Amount: "1000.00", Method: "Bank transfer", Reference: "'+ref INV-2026-0001" },
      { Date: "11/12/2026", InvoiceNumber: "INV-2026-0002", ContactName: "Jane Smith", Amount: "440.00", Method: "Card", Reference: "" },
    ]);
    expect(payments.reduce((sum, row) => sum + pence(row.Amount!), 0)).toBe(figures.paidPence);
  });
});

describe("the period asked", () => {
  it("is this month by default, a month asked, or From and To, with a message at a wrong field", () => {
    expect(askedPeriod(new URLSearchParams(), "2026-12-15").period).toMatchObject({ from: "2026-12-01", to: "2026-12-31", name: "December 2026", query: "month=2026-12" });
    expect(askedPeriod(new URLSearchParams("month=2024-02"), "2026-12-15").period).toMatchObject({ from: "2024-02-01", to: "2024-02-29", name: "February 2024" });
    expect(askedPeriod(new URLSearchParams("from=2026-10-01&to=2026-12-31"), "2026-12-15").period).toMatchObject({ name: "1 October 2026 to 31 December 2026", query: "from=2026-10-01&to=2026-12-31" });
    expect(askedPeriod(new URLSearchParams("from=2026-02-30&to=2026-01-01"), "2026-12-15")).toMatchObject({ errors: { from: expect.stringMatching(/first day/) }, period: { month: "2026-12" } });
    expect(askedPeriod(new URLSearchParams("from=2026-12-02&to=2026-12-01"), "2026-12-15").errors).toEqual({ to: "The last day must be the same as the first day or after it." });
  });
});
