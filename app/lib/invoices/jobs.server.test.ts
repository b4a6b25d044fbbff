/**
 * Getting paid by e-mail, on a real SMTP server, with a clock the test moves: the invoice with its
 * PDF and the customer's page; a receipt for each payment saying what is still due or that it is
 * paid in full; a credit note with its PDF; and the reminders on the due day, 7 and 14 days after,
 * each once, within the opening hours, stopped by payment, by a credit note voiding the invoice or
 * by the owner. With no e-mail address on the request there is nothing to send, and the job says so.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "../../content/index.ts";
import { attachmentsOf, letterParts, startMailServer, subjectOf } from "../../../tests/support/smtp.ts";
import { customerPagePath, customerPageToken } from "../links/page-links.server.ts";
import { JobRunner } from "../jobs/jobs.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { auditOfLead } from "../db/audit.server.ts";
import { queueCreditNoteSend, queueInvoiceSend, queueReceipt } from "./events.server.ts";
import { createInvoice, saveInvoiceDraft, sendInvoice, setInvoiceReminders, type Invoice, type Seller } from "./invoices.server.ts";
import { invoiceHandlers } from "./jobs.server.ts";
import { pricedLines } from "./money.ts";
import { issueCreditNote, recordPayment } from "./payments.server.ts";
import { SELLER } from "../../../tests/support/invoices.ts";

/** The seller without a card link: the e-mail then offers bank transfer alone. */
const NO_CARD: Seller = { ...SELLER, cardPaymentLink: undefined };

const business = fileContent.business;
const SITE = "https://www.example.com";
// Wednesday 9 December 2026, 10:00 (UK winter time is UTC): due Wednesday 23 December.
const T0 = new Date("2026-12-09T10:00:00Z");

let store: LeadStore;
let server: Awaited<ReturnType<typeof startMailServer>>;
let runner: JobRunner;
let clock: Date;

beforeEach(async () => {
  store = new LeadStore(":memory:");
  server = await startMailServer();
  clock = T0;
  runner = new JobRunner(store, invoiceHandlers(store, () => business, SITE, () => business.openingHours, server.mail), { now: () => clock, retryBaseMs: 60_000, log: () => {} });
});
afterEach(async () => {
  await server.close();
  store.close();
});

/** An invoice of £1,200.00 + VAT sent on T0, as the owner's Send leaves it: its e-mail and reminders queued. */
function sentInvoice({ email = "jane@example.org", dueOn = "2026-12-23", seller = NO_CARD } = {}): Invoice {
  const leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email, phone: "07700 900000", location: "1 High St, Hitchin SG4 9AA", message: "Tiles" }, { notify: false, now: T0 }).id;
  const draft = createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Dave", now: T0 }) as Invoice;
  saveInvoiceDraft(store, draft.id, { lines: pricedLines([{ description: "Deposit of 25% on quote Q-2026-0007", quantity: 100, unitPence: 120000 }], true), dueOn, note: "" });
  const sent = sendInvoice(store, draft.id, {
    seller,
    customer: { name: "Jane Smith", address: "1 High St, Hitchin SG4 9AA", email },
    actor: "Dave",
    now: T0,
    alongside: (invoice) => queueInvoiceSend(store.db, invoice, business.openingHours, T0),
  });
  if (typeof sent === "string") throw new Error(sent);
  return sent;
}

const at = async (iso: string) => {
  clock = new Date(iso);
  await runner.runDue();
};
const pay = (invoice: Invoice, pence: number, receivedOn = "2026-12-10") => {
  const payment = recordPayment(store, invoice.id, { receivedOn, amountPence: pence, method: "bank-transfer", note: "", actor: "Dave", now: clock, alongside: (p) => queueReceipt(store.db, p.id, clock) });
  if (!("id" in payment)) throw new Error(payment.reason);
};
const subjects = () => server.smtp.messages.map((message) => subjectOf(message.raw));
const reminders = () => server.smtp.messages.filter((message) => /due today|is overdue/.test(subjectOf(message.raw)));
const outcomes = (kind: string) => (store.db.prepare("SELECT outcome FROM jobs WHERE kind = ? AND done_at IS NOT NULL ORDER BY id").all(kind) as { outcome: string }[]).map((row) => row.outcome);
const flowing = (words: string) => words.replace(/\s+/g, " ");
/** A message's plain text, its lines ended as a reader sees them. */
const textOf = (raw: string) => letterParts(raw).text.replace(/\r\n/g, "\n");

describe("the invoice's e-mail", () => {
  it("goes at once to the customer, in HTML and plain text, with the PDF, the amount due, how to pay and the link to their page", async () => {
    const invoice = sentInvoice();
    await runner.runDue();
    expect(subjects()).toEqual(["Invoice INV-2026-0001 from Kestrel Roofing"]);
    const [message] = server.smtp.messages;
    expect(message!.to).toEqual(["jane@example.org"]);
    const [pdf] = attachmentsOf(message!.raw);
    expect(pdf!.filename).toBe("INV-2026-0001.pdf");
    expect(pdf!.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { html } = letterParts(message!.raw);
    const text = textOf(message!.raw);
    const page = `${SITE}${customerPagePath(customerPageToken(store, invoice.leadId)!)}`;
    expect(text).toContain(`See your invoice and how to pay: ${page}`);
    expect(html).toContain(`<a href="${page}"`);
    for (const words of [
      "Amount due £1,440.00 by 23 December 2026.",
      "Account name: Kestrel Roofing Ltd\nSort code: 60-16-13\nAccount number: 31926819\nReference: INV-2026-0001",
      "Please give the invoice number, INV-2026-0001, as the reference of your payment",
      "Invoice date: 9 December 2026\nTax point: 9 December 2026",
      "From: Kestrel Roofing, Unit 4, Yard Lane, Stevenage, SG1 1AA, VAT number GB999999973",
      "To: Jane Smith, 1 High St, Hitchin SG4 9AA",
      "Deposit of 25% on quote Q-2026-0007: 1 at £1,200.00 net, VAT 20%, £1,200.00",
      "Net: £1,200.00\nVAT at 20%: £240.00\nTotal including VAT: £1,440.00",
    ]) expect(text).toContain(words);
    expect(text).not.toContain("Pay by card");
    await at("2026-12-09T10:05:00Z");
    expect(server.smtp.messages, "sent once").toHaveLength(1);
  });

  it("offers the card link when the invoice has one", async () => {
    sentInvoice({ seller: SELLER });
    await runner.runDue();
    expect(textOf(server.smtp.messages[0]!.raw)).toContain("Pay by card: https://pay.example.com/kestrel");
  });

  it("with no e-mail address on the request, sends nothing and is done, saying why", async () => {
    sentInvoice({ email: "" });
    await runner.runDue();
    expect(server.smtp.messages).toHaveLength(0);
    expect(outcomes("invoice-send")).toEqual(["not sent: no e-mail address on the request"]);
  });

  it("is tried for a week while the mail server refuses it, then the request's history says it never went; the number stays", async () => {
    const invoice = sentInvoice();
    server.refuse("Mailbox full");
    await runner.runDue();
    await at("2026-12-16T10:00:00Z");
    expect(server.smtp.messages).toHaveLength(0);
    const history = auditOfLead(store, invoice.leadId);
    expect(history[0]).toMatchObject({ actor: "the site", action: "could not e-mail the invoice" });
    expect(history[0]!.detail).toMatch(/^INV-2026-0001: .*Mailbox full/);
    expect(history.map((entry) => entry.action)).toContain("sent an invoice");
  });
});

describe("a receipt", () => {
  it("goes for each payment: the amount, the day, how, the invoice, and what is still due, then paid in full", async () => {
    const invoice = sentInvoice();
    await runner.runDue();
    clock = new Date("2026-12-10T12:00:00Z");
    pay(invoice, 100000);
    await runner.runDue();
    clock = new Date("2026-12-11T12:00:00Z");
    pay(invoice, 44000, "2026-12-11");
    await runner.runDue();
    expect(subjects().slice(1)).toEqual(["Receipt: £1,000.00 for invoice INV-2026-0001", "Receipt: £440.00 for invoice INV-2026-0001"]);
    const [first, second] = server.smtp.messages.slice(1).map((message) => textOf(message.raw));
    expect(first).toContain("Amount: £1,000.00\nReceived on: 10 December 2026\nPaid by: Bank transfer\nInvoice: INV-2026-0001");
    expect(first).toContain("£440.00 is still due on invoice INV-2026-0001, by 23 December 2026.");
    expect(second).toContain("Invoice INV-2026-0001 is now paid in full.");
    expect(first).toContain(`Your page for this request: ${SITE}/c/`);
  });

  it("says what its own payment left, whatever was recorded after it", async () => {
    const invoice = sentInvoice();
    pay(invoice, 100000, "2026-12-09");
    pay(invoice, 44000, "2026-12-09");
    await runner.runDue();
    const receipts = server.smtp.messages.filter((message) => subjectOf(message.raw).startsWith("Receipt")).map((message) => flowing(textOf(message.raw)));
    expect(receipts[0]).toContain("£440.00 is still due");
    expect(receipts[1]).toContain("paid in full");
  });
});

describe("a credit note's e-mail", () => {
  it("carries its PDF, its reason and what it leaves: the whole of an unpaid invoice cancels it", async () => {
    const invoice = sentInvoice();
    const note = issueCreditNote(store, invoice.id, { amountPence: "whole", reason: "Work not needed after all", actor: "Dave", now: T0, alongside: (n) => queueCreditNoteSend(store.db, n.id, T0) });
    if (!("id" in note)) throw new Error(note.reason);
    await runner.runDue();
    const message = server.smtp.messages.find((m) => subjectOf(m.raw) === "Credit note CN-2026-0001 for invoice INV-2026-0001")!;
    expect(attachmentsOf(message.raw).map((file) => file.filename)).toEqual(["CN-2026-0001.pdf"]);
    const text = textOf(message.raw);
    expect(text).toContain("corrects invoice INV-2026-0001 of 9 December 2026");
    expect(text).toContain("Reason: Work not needed after all");
    expect(text).toContain("Total credited: £1,440.00");
    expect(text).toContain("Invoice INV-2026-0001 is now cancelled: there is nothing to pay on it.");
  });
});

describe("reminders", () => {
  it("go on the due day, 7 and 14 days after, once each, at opening time, saying what is due, how to pay and where", async () => {
    const invoice = sentInvoice();
    await at("2026-12-22T17:00:00Z");
    await at("2026-12-23T07:59:00Z");
    expect(reminders()).toHaveLength(0);
    await at("2026-12-23T08:00:00Z");
    expect(reminders().map((m) => subjectOf(m.raw))).toEqual(["Invoice INV-2026-0001 is due today"]);
    await at("2026-12-24T10:00:00Z");
    await at("2026-12-30T07:00:00Z");
    expect(reminders()).toHaveLength(1);
    await at("2026-12-30T08:00:00Z");
    await at("2027-01-06T08:00:00Z");
    await at("2027-01-30T08:00:00Z");
    expect(reminders().map((m) => subjectOf(m.raw))).toEqual(["Invoice INV-2026-0001 is due today", "A reminder: invoice INV-2026-0001 is overdue", "A reminder: invoice INV-2026-0001 is overdue"]);
    const text = textOf(reminders()[1]!.raw);
    expect(text).toContain("Invoice INV-2026-0001 was due on 23 December 2026, and £1,440.00 is still to pay.");
    expect(text).toContain("Sort code: 60-16-13\nAccount number: 31926819\nReference: INV-2026-0001");
    expect(text).toContain(`See your invoice and how to pay: ${SITE}/c/`);
    expect(auditOfLead(store, invoice.leadId).map((entry) => entry.action).filter((action) => /reminder/.test(action))).toEqual([
      "sent the 14-days-overdue reminder of the invoice",
      "sent the 7-days-overdue reminder of the invoice",
      "sent the due-day reminder of the invoice",
    ]);
  });

  it("wait for opening time: one due on a Sunday goes on Monday at 08:00", async () => {
    sentInvoice({ dueOn: "2026-12-27" });
    await at("2026-12-27T12:00:00Z");
    expect(reminders()).toHaveLength(0);
    await at("2026-12-28T08:00:00Z");
    expect(reminders()).toHaveLength(1);
  });

  it("wait for opening time by the hours as they are when it runs: one missed while the server was down goes at the next opening", async () => {
    sentInvoice();
    // Back on Saturday 26 December at 17:00, after closing: the due-day reminder waits for Monday.
    await at("2026-12-26T17:00:00Z");
    expect(reminders()).toHaveLength(0);
    await at("2026-12-28T08:00:00Z");
    expect(reminders()).toHaveLength(1);
  });

  it("ask only for what is left after a part payment, and stop once it is paid in full", async () => {
    const invoice = sentInvoice();
    clock = new Date("2026-12-10T12:00:00Z");
    pay(invoice, 100000);
    await at("2026-12-23T08:00:00Z");
    expect(textOf(reminders()[0]!.raw)).toContain("£440.00 is still to pay");
    clock = new Date("2026-12-24T12:00:00Z");
    pay(invoice, 44000, "2026-12-24");
    await at("2026-12-30T08:00:00Z");
    await at("2027-01-06T08:00:00Z");
    expect(reminders()).toHaveLength(1);
    expect(outcomes("invoice-reminder")).toEqual(["sent", "not needed: the invoice is paid", "not needed: the invoice is paid"]);
  });

  it("stop when a credit note voids the invoice", async () => {
    const invoice = sentInvoice();
    issueCreditNote(store, invoice.id, { amountPence: "whole", reason: "Cancelled", actor: "Dave", now: T0 });
    await at("2027-01-06T08:00:00Z");
    expect(reminders()).toHaveLength(0);
    expect(outcomes("invoice-reminder")).toEqual(Array(3).fill("not needed: the invoice is void"));
  });

  it("stop while the owner has turned them off, and go again once he turns them on", async () => {
    const invoice = sentInvoice();
    setInvoiceReminders(store, invoice.id, false, "Dave", T0);
    await at("2026-12-23T08:00:00Z");
    expect(reminders()).toHaveLength(0);
    setInvoiceReminders(store, invoice.id, true, "Dave", clock);
    await at("2026-12-30T08:00:00Z");
    expect(reminders()).toHaveLength(1);
    expect(outcomes("invoice-reminder")).toEqual(["not sent: reminders turned off", "sent"]);
  });
});
