import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { pendingJobs } from "../jobs/jobs.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { acceptQuote, createQuote, quoteNumber, saveDraft, sendQuote } from "../quotes/quotes.server.ts";
import { createInvoice, deleteInvoiceDraft, invoiceById, invoiceNumber, quoteRoom, quoteRoomWords, saveInvoiceDraft, sendInvoice, type Invoice } from "./invoices.server.ts";
import { queueInvoiceSend } from "./events.server.ts";
import { issueCreditNote, recordPayment, removePayment, standingOfInvoice, creditNoteNumber } from "./payments.server.ts";
import { fileContent } from "../../content/index.ts";
import { SELLER as seller } from "../../../tests/support/invoices.ts";
import { JANE_AS_CUSTOMER, storeWithRequest } from "../../../tests/support/leads.ts";

const T0 = new Date("2026-12-09T10:00:00Z");
const customer = JANE_AS_CUSTOMER;

let store: LeadStore;
let leadId: number;
beforeEach(() => {
  ({ store, leadId } = storeWithRequest());
  return () => store.close();
});

/** A quote of £4,800.00 + VAT, sent and accepted. */
function acceptedQuote() {
  const quote = createQuote(store, leadId, { actor: "Dave", vatNumber: "GB999999973", now: T0 })!;
  saveDraft(store, quote.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: "2026-12-30", notes: "", guarantees: [], followUps: false });
  const sent = sendQuote(store, quote.id, { actor: "Dave", now: T0 });
  if ("refused" in sent) throw new Error(sent.refused);
  expect(acceptQuote(store, quote.id, { name: "Jane Smith", address: "127.0.0.1", now: T0 })).toBe(true);
  return sent.quote;
}

function created(kind: Invoice["kind"], percent?: number): Invoice {
  const invoice = createInvoice(store, { leadId, kind, depositPercent: percent, vat: true, termsDays: 14, actor: "Dave", now: T0 });
  if (typeof invoice === "string") throw new Error(invoice);
  return invoice;
}

function sent(invoice: Invoice, now = T0): Invoice {
  const result = sendInvoice(store, invoice.id, { seller, customer, actor: "Dave", now, alongside: (s) => queueInvoiceSend(store.db, s, fileContent.business.openingHours, now) });
  if (typeof result === "string") throw new Error(result);
  return result;
}

describe("an invoice from a won job", () => {
  it("is refused without an accepted quote, except a blank one", () => {
    expect(createInvoice(store, { leadId, kind: "deposit", vat: true, termsDays: 14, actor: "Dave" })).toBe("no-accepted-quote");
    expect(createInvoice(store, { leadId: 999, kind: "blank", vat: true, termsDays: 14, actor: "Dave" })).toBe("no-request");
    expect(created("blank")).toMatchObject({ kind: "blank", lines: [], status: "draft", sequence: null });
  });

  it("makes a deposit, then a balance that makes the quote to the penny, due on the terms", () => {
    acceptedQuote();
    const deposit = created("deposit", 25);
    expect(deposit).toMatchObject({ totalPence: 144000, netPence: 120000, vatPence: 24000, dueOn: "2026-12-23" });
    sent(deposit);
    const balance = created("balance");
    expect(balance).toMatchObject({ netPence: 360000, vatPence: 72000, totalPence: 432000 });
    expect(createInvoice(store, { leadId, kind: "whole", vat: true, termsDays: 14, actor: "Dave", now: T0 }), "a whole quote past the deposit sent").toBe("past-quote");
    expect(createInvoice(store, { leadId, kind: "deposit", depositPercent: 76, vat: true, termsDays: 14, actor: "Dave", now: T0 })).toBe("past-quote");
    expect(created("deposit", 75)).toMatchObject({ totalPence: 432000 });
  });

  it("sends once, numbered, with the seller and customer copied on, and never changes after", () => {
    acceptedQuote();
    const draft = created("deposit", 25);
    expect(saveInvoiceDraft(store, draft.id, { lines: draft.lines, dueOn: "2026-12-31", note: "Thanks" })).toBe(true);
    const invoice = sent(invoiceById(store, draft.id)!);
    expect(invoiceNumber(invoice)).toBe("INV-2026-0001");
    expect(invoice).toMatchObject({ status: "sent", issuedOn: "2026-12-09", dueOn: "2026-12-31", note: "Thanks", seller, customer });
    expect(sendInvoice(store, draft.id, { seller, customer, actor: "Dave", now: T0 })).toBe("not-draft");
    expect(saveInvoiceDraft(store, draft.id, { lines: [], dueOn: "2027-01-31", note: "changed" })).toBe(false);
    expect(deleteInvoiceDraft(store, draft.id, "Dave")).toBe(false);
    expect(invoiceById(store, draft.id)).toEqual(invoice);
    expect(pendingJobs(store.db, "invoice-send")).toBe(1);
    expect(pendingJobs(store.db, "invoice-reminder")).toBe(3);
  });

  it("never sends past the quote's total: of two balances the second is refused, numbering nothing", () => {
    const quote = acceptedQuote();
    sent(created("deposit", 25));
    const [first, second] = [created("balance"), created("balance")];
    sent(first);
    expect(sendInvoice(store, second.id, { seller, customer, actor: "Dave", now: T0 })).toBe("past-quote");
    expect(invoiceById(store, second.id)).toMatchObject({ status: "draft", sequence: null });
    expect(quoteRoomWords(quoteRoom(store, quote))).toBe(`Quote ${quoteNumber(quote)} is £5,760.00; £5,760.00 is already invoiced.`);
    expect(createInvoice(store, { leadId, kind: "whole", vat: true, termsDays: 14, actor: "Dave", now: T0 })).toBe("past-quote");
    expect(createInvoice(store, { leadId, kind: "balance", vat: true, termsDays: 14, actor: "Dave", now: T0 })).toBe("nothing-left");
    // A blank invoice is the owner's own, beside the quote.
    expect(invoiceNumber(sent(blankWithLine()))).toBe("INV-2026-0003");
  });

  it("counts a credit note back only for the invoice of the quote it credits", () => {
    const quote = acceptedQuote();
    const deposit = sent(created("deposit", 25));
    const extras = sent(blankWithLine());
    issueCreditNote(store, extras.id, { amountPence: "whole", reason: "Not done", actor: "Dave", now: T0 });
    expect(quoteRoom(store, quote), "a credit on a blank invoice frees nothing of the quote").toMatchObject({ invoicedPence: 144000, leftPence: 432000 });
    issueCreditNote(store, deposit.id, { amountPence: 44000, reason: "Less scaffold", actor: "Dave", now: T0 });
    expect(quoteRoom(store, quote)).toMatchObject({ invoicedPence: 100000, leftPence: 476000 });
    expect(quoteRoomWords(quoteRoom(store, quote))).toBe(`Quote ${quoteNumber(quote)} is £5,760.00; £1,000.00 is already invoiced, and £4,760.00 is left.`);
    expect(created("balance")).toMatchObject({ totalPence: 476000 });
    expect(createInvoice(store, { leadId, kind: "deposit", depositPercent: 83, vat: true, termsDays: 14, actor: "Dave", now: T0 })).toBe("past-quote");
  });

  it("refuses to send an empty draft or one already past its due date", () => {
    const blank = created("blank");
    expect(sendInvoice(store, blank.id, { seller, customer, actor: "Dave", now: T0 })).toBe("no-lines");
    saveInvoiceDraft(store, blank.id, { lines: [{ description: "Lead flashing", quantity: 100, unitPence: 5000, netPence: 5000, vatPence: 1000 }], dueOn: "2026-12-01", note: "" });
    expect(sendInvoice(store, blank.id, { seller, customer, actor: "Dave", now: T0 })).toBe("past-due-date");
  });

  it("deletes a draft, which takes no number", () => {
    const draft = blankWithLine();
    expect(deleteInvoiceDraft(store, draft.id, "Dave")).toBe(true);
    expect(invoiceById(store, draft.id)).toBeUndefined();
    expect(invoiceNumber(sent(blankWithLine()))).toBe("INV-2026-0001");
  });
});

function blankWithLine(): Invoice {
  const blank = created("blank");
  const line = { description: "Lead flashing", quantity: 100, unitPence: 100000, netPence: 100000, vatPence: 20000 };
  saveInvoiceDraft(store, blank.id, { lines: [line], dueOn: "2026-12-23", note: "" });
  return invoiceById(store, blank.id)!;
}

describe("numbers", () => {
  it("start again at 0001 each UK year, by the sending day", () => {
    const numbers = [new Date("2026-12-09T10:00:00Z"), new Date("2026-12-31T23:59:59Z"), new Date("2027-01-01T00:00:00Z"), new Date("2027-01-02T09:00:00Z")].map((at) => {
      const draft = createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Dave", now: at }) as Invoice;
      saveInvoiceDraft(store, draft.id, { lines: [{ description: "Work", quantity: 100, unitPence: 100, netPence: 100, vatPence: 20 }], dueOn: "2027-02-01", note: "" });
      return invoiceNumber(sent(draft, at));
    });
    expect(numbers).toEqual(["INV-2026-0001", "INV-2026-0002", "INV-2027-0001", "INV-2027-0002"]);
  });

  it("are consecutive with no duplicate when two processes send at once, and a restart leaves no gap", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "invoices-"));
    try {
      const file = path.join(dir, "leads.db");
      const disk = new LeadStore(file);
      const id = disk.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St", message: "Tiles" }).id;
      const drafts = Array.from({ length: 40 }, () => {
        const draft = createInvoice(disk, { leadId: id, kind: "blank", vat: false, termsDays: 14, actor: "Dave" }) as Invoice;
        saveInvoiceDraft(disk, draft.id, { lines: [{ description: "Work", quantity: 100, unitPence: 100, netPence: 100, vatPence: 0 }], dueOn: "2099-01-01", note: "" });
        return draft.id;
      });
      disk.close();
      const run = promisify(execFile);
      const start = String(Date.now() + 1500);
      const script = path.resolve("tests/support/send-invoices.ts");
      const [a, b] = await Promise.all([
        run(process.execPath, [script, file, start, ...drafts.filter((_, i) => i % 2 === 0).map(String)]),
        run(process.execPath, [script, file, start, ...drafts.filter((_, i) => i % 2 === 1).map(String)]),
      ]);
      const taken = [...a.stdout.trim().split("\n"), ...b.stdout.trim().split("\n")];
      const year = new Date().getUTCFullYear();
      expect(taken.toSorted()).toEqual(Array.from({ length: 40 }, (_, i) => `INV-${year}-${String(i + 1).padStart(4, "0")}`));
      // A restart: the next number follows on from the counter kept in the file.
      const again = new LeadStore(file);
      const next = createInvoice(again, { leadId: id, kind: "blank", vat: false, termsDays: 14, actor: "Dave" }) as Invoice;
      saveInvoiceDraft(again, next.id, { lines: [{ description: "Work", quantity: 100, unitPence: 100, netPence: 100, vatPence: 0 }], dueOn: "2099-01-01", note: "" });
      const after = sendInvoice(again, next.id, { seller, customer, actor: "Dave" }) as Invoice;
      expect(invoiceNumber(after)).toBe(`INV-${year}-0041`);
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe("payments and credit notes", () => {
  it("goes Part paid, refuses more than is due, then Paid, and a removed payment counts no more", () => {
    const invoice = sent(blankWithLine());
    const pay = (pence: number, receivedOn = "2026-12-09") => recordPayment(store, invoice.id, { receivedOn, amountPence: pence, method: "bank-transfer", note: "", actor: "Dave", now: T0 });
    const first = pay(100000);
    expect(first).toMatchObject({ amountPence: 100000 });
    expect(standingOfInvoice(store, invoice, T0)).toMatchObject({ state: "part-paid", duePence: 20000 });
    expect(pay(20001)).toEqual({ field: "amount", reason: "too-much", duePence: 20000 });
    expect(pay(100, "2026-12-10")).toEqual({ field: "receivedOn", reason: "future" });
    const second = pay(20000) as { id: number };
    expect(standingOfInvoice(store, invoice, T0)).toMatchObject({ state: "paid", duePence: 0 });
    expect(pay(1)).toEqual({ field: "invoice", reason: "settled" });
    expect(removePayment(store, second.id, "Dave", T0)).toBe(true);
    expect(removePayment(store, second.id, "Dave", T0)).toBe(false);
    expect(standingOfInvoice(store, invoice, T0)).toMatchObject({ state: "part-paid", duePence: 20000 });
    expect(standingOfInvoice(store, invoice, new Date("2026-12-24T10:00:00Z"))).toMatchObject({ overdue: true });
  });

  it("numbers credit notes from their own counter; the whole of an unpaid invoice voids it, a part lowers what is due", () => {
    const one = sent(blankWithLine());
    const two = sent(blankWithLine());
    const part = issueCreditNote(store, one.id, { amountPence: 12000, reason: "Less lead", actor: "Dave", now: T0 });
    expect(part).toMatchObject({ netPence: 10000, vatPence: 2000, totalPence: 12000 });
    expect(creditNoteNumber(part as never)).toBe("CN-2026-0001");
    expect(standingOfInvoice(store, one, T0)).toMatchObject({ state: "sent", duePence: 108000 });
    expect(issueCreditNote(store, one.id, { amountPence: 108001, reason: "x", actor: "Dave", now: T0 })).toEqual({ reason: "too-much", leftPence: 108000 });
    const whole = issueCreditNote(store, two.id, { amountPence: "whole", reason: "Job cancelled", actor: "Dave", now: T0 });
    expect(creditNoteNumber(whole as never)).toBe("CN-2026-0002");
    expect(standingOfInvoice(store, two, T0).state).toBe("void");
    expect(issueCreditNote(store, two.id, { amountPence: 1, reason: "x", actor: "Dave", now: T0 })).toEqual({ reason: "nothing-left" });
    expect(recordPayment(store, two.id, { receivedOn: "2026-12-09", amountPence: 1, method: "cash", note: "", actor: "Dave", now: T0 })).toEqual({ field: "invoice", reason: "settled" });
    expect(invoiceNumber(invoiceById(store, two.id)!)).toBe("INV-2026-0002");
  });

  it("refuses a payment or credit note on a draft", () => {
    const draft = blankWithLine();
    expect(recordPayment(store, draft.id, { receivedOn: "2026-12-09", amountPence: 1, method: "cash", note: "", actor: "Dave", now: T0 })).toEqual({ field: "invoice", reason: "not-sent" });
    expect(issueCreditNote(store, draft.id, { amountPence: "whole", reason: "x", actor: "Dave", now: T0 })).toEqual({ reason: "not-sent" });
  });
});
