/**
 * The invoice's and the credit note's PDFs read back as text (pdftotext, as a customer's reader or
 * the accountant's search would): everything HMRC asks of a full VAT invoice (issue 28 §4), from
 * the invoice's own copies of the seller and the customer, never from today's facts; the same file
 * whenever it is made again.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadStore } from "../requests/leads.server.ts";
import { createInvoice, invoiceById, saveInvoiceDraft, sendInvoice, type Invoice, type Seller } from "./invoices.server.ts";
import { pricedLines } from "./money.ts";
import { issueCreditNote } from "./payments.server.ts";
import { creditNotePdf, invoicePdf, partiesOf } from "./pdf.server.ts";
import { SELLER } from "../../../tests/support/invoices.ts";
import { JANE_AS_CUSTOMER, JANES_REQUEST, storeWithRequest } from "../../../tests/support/leads.ts";

const dir = mkdtempSync(path.join(tmpdir(), "invoice-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const T0 = new Date("2026-12-09T10:00:00Z");
const CUSTOMER = JANE_AS_CUSTOMER;

let store: LeadStore;
let leadId: number;
beforeEach(() => {
  ({ store, leadId } = storeWithRequest({ ...JANES_REQUEST, location: CUSTOMER.address }));
  return () => store.close();
});

/** A blank invoice with a deposit-sized line and a second one, sent on T0 (due 23 December). */
function sentInvoice(seller: Seller = SELLER, vat = true): Invoice {
  const draft = createInvoice(store, { leadId, kind: "blank", vat, termsDays: 14, actor: "Dave", now: T0 });
  if (typeof draft === "string") throw new Error(draft);
  const lines = pricedLines(
    [
      { description: "Deposit of 25% on quote Q-2026-0007", quantity: 100, unitPence: 110000 },
      { description: "Lead flashing renewed", quantity: 250, unitPence: 4000 },
    ],
    vat,
  );
  saveInvoiceDraft(store, draft.id, { lines, dueOn: "2026-12-23", note: "Thank you for your custom." });
  const sent = sendInvoice(store, draft.id, { seller, customer: CUSTOMER, actor: "Dave", now: T0 });
  if (typeof sent === "string") throw new Error(sent);
  return sent;
}

let made = 0;
async function text(pdf: Promise<Buffer>): Promise<string> {
  const file = path.join(dir, `doc-${made++}.pdf`);
  writeFileSync(file, await pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}
const flowing = (words: string) => words.replace(/\s+/g, " ");

describe("an invoice's PDF", () => {
  it("holds all HMRC asks: the seller, the number, the date and tax point, the customer, the lines, net, VAT and total", async () => {
    const invoice = sentInvoice();
    const words = await text(invoicePdf(invoice, partiesOf(invoice)));
    expect(words).toContain("Invoice INV-2026-0001");
    expect(words).toContain("Invoice date: 9 December 2026");
    expect(words).toContain("Tax point: 9 December 2026");
    expect(words).toMatch(/FROM\s+INVOICE TO/);
    expect(words).toMatch(/Kestrel Roofing\s+Jane Smith/);
    expect(words).toMatch(/Unit 4, Yard Lane\s+1 High St, Hitchin SG4 9AA/);
    expect(words).toContain("Stevenage");
    expect(words).toContain("SG1 1AA");
    expect(words).toContain("VAT number GB999999973");
    expect(words).toMatch(/Description\s+Qty\s+Unit price \(net\)\s+VAT rate\s+Amount \(net\)/);
    expect(words).toMatch(/Deposit of 25% on quote\s+1\s+£1,100\.00\s+20%\s+£1,100\.00\s+Q-2026-0007/);
    expect(words).toMatch(/Lead flashing renewed\s+2\.5\s+£40\.00\s+20%\s+£100\.00/);
    expect(words).toMatch(/Net\s+£1,200\.00/);
    expect(words).toMatch(/VAT at 20%\s+£240\.00/);
    expect(words).toMatch(/Total including VAT\s+£1,440\.00/);
  });

  it("says what is due by when, and how to pay it: the bank details, the number as reference, the card link", async () => {
    const invoice = sentInvoice();
    const words = flowing(await text(invoicePdf(invoice, partiesOf(invoice))));
    expect(words).toContain("Amount due £1,440.00 by 23 December 2026");
    expect(words).toContain("By bank transfer to: Account name: Kestrel Roofing Ltd Sort code: 60-16-13 Account number: 31926819 Reference: INV-2026-0001");
    expect(words).toContain("Please give the invoice number, INV-2026-0001, as the reference of your payment");
    expect(words).toContain("Pay by card: https://pay.example.com/kestrel");
    expect(words).toContain("Thank you for your custom.");
    expect(words).toContain("Kestrel Roofing · Invoice INV-2026-0001 Page 1 of 1");
  });

  it("without VAT, says No VAT on each line, gives no VAT number and the total alone; without a card link, offers none", async () => {
    const unregistered: Seller = { ...SELLER, vatNumber: undefined, cardPaymentLink: undefined };
    const invoice = sentInvoice(unregistered, false);
    const words = await text(invoicePdf(invoice, partiesOf(invoice)));
    expect(words).toMatch(/Lead flashing renewed\s+2\.5\s+£40\.00\s+No VAT\s+£100\.00/);
    expect(words).not.toMatch(/VAT number|VAT at 20%|Pay by card/);
    expect(words).toMatch(/Total\s+£1,200\.00/);
  });

  it("is the same file, byte for byte, whenever it is made, from its own copies and not today's facts", async () => {
    const invoice = sentInvoice();
    const first = await invoicePdf(invoice, partiesOf(invoice));
    // A year later, with other facts published: the invoice's own copies and date decide.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-12-09T10:00:00Z"));
    const again = invoiceById(store, invoice.id)!;
    const later = await invoicePdf(again, partiesOf(again, () => ({ seller: { ...SELLER, name: "Someone Else" }, customer: { name: "X", address: "Y" } })));
    vi.useRealTimers();
    expect(later.equals(first)).toBe(true);
  });

  it("as a draft has no number, no bank details and says it is a draft", async () => {
    const draft = createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Dave", now: T0 }) as Invoice;
    const withoutBank = { ...SELLER, accountName: undefined, sortCode: undefined, accountNumber: undefined };
    const words = await text(invoicePdf(draft, partiesOf(draft, () => ({ seller: withoutBank, customer: CUSTOMER }))));
    expect(words).toContain("Draft invoice");
    expect(words).toContain("Not sent yet");
    expect(words).not.toMatch(/INV-|Sort code|Reference/);
  });
});

describe("a credit note's PDF", () => {
  it("names itself, the invoice it corrects and that invoice's date, the reason, net, VAT and total", async () => {
    const invoice = sentInvoice();
    const note = issueCreditNote(store, invoice.id, { amountPence: 12000, reason: "Flashing not needed after all", actor: "Dave", now: new Date("2027-01-05T10:00:00Z") });
    if ("reason" in note && !("id" in note)) throw new Error(note.reason);
    const words = await text(creditNotePdf(note, invoice));
    expect(words).toContain("Credit note CN-2027-0001");
    expect(words).toContain("Date: 5 January 2027");
    expect(words).toContain("Corrects invoice INV-2026-0001 of 9 December 2026");
    expect(words).toMatch(/Credit on INV-2026-0001\s+1\s+£100\.00\s+20%\s+£100\.00/);
    expect(words).toMatch(/Net\s+£100\.00/);
    expect(words).toMatch(/VAT at 20%\s+£20\.00/);
    expect(words).toMatch(/Total credited\s+£120\.00/);
    expect(words).toContain("Flashing not needed after all");
    expect(words).toContain("VAT number GB999999973");
    expect(words).toMatch(/CREDITED TO/);
  });
});
