/**
 * Issue 33 §2 on the real server, as the owner meets it: a quote is never invoiced past its total
 * (a Whole quote invoice on a request invoiced in full is not made; of two Balance drafts sent one
 * after the other, the second is refused with the figures, and nothing is numbered); a unit price
 * of £0 is refused at its field on an invoice's line and a quote's; an invoice that comes to
 * nothing offers no Send; the inbox card says Invoice void for a job whose only invoice was
 * voided; and the files for a spreadsheet start with UTF-8's byte-order mark, Excel's sign of
 * UTF-8, with Xero's columns still read by their names and real data left as typed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { XERO_COLUMNS } from "~/lib/invoices/accountant-csv.ts";
import { createInvoice, invoiceById, saveInvoiceDraft, sendInvoice } from "~/lib/invoices/invoices.server.ts";
import { pricedLines } from "~/lib/invoices/money.ts";
import { invoiceVersion } from "~/lib/invoices/pages.server.ts";
import { issueCreditNote } from "~/lib/invoices/payments.server.ts";
import { acceptQuote, createQuote, quoteById, quoteNumber, saveDraft, sendQuote } from "~/lib/quotes/quotes.server.ts";
import { factValues } from "~/lib/site/facts-form.ts";
import { invoicingValues } from "~/lib/site/invoicing-form.ts";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { readCsv } from "../support/csv.ts";
import { SELLER } from "../support/invoices.ts";
import { serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import type { RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;

const post = (path: string, fields: Record<string, string> | [string, string][]) =>
  fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
const get = (path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const page = async (path: string) => textOf(await get(path));
const errorAt = (id: string, message: string) => `<p id="${id}-error" class="field-error">${message}</p>`;
const revisionOf = async (path: string) => /name="from" value="(\d+)"/.exec(await page(path))![1]!;

beforeAll(async () => {
  ({ server, cookie, stop } = await serverWithOwnerAndMail());
  // Bank details published, as the owner does once, so that an invoice can be sent.
  const bank = { "account-name": "Kestrel Roofing Ltd", "sort-code": "60-16-13", "account-number": "31926819" };
  const saved = await post("/admin/site/invoicing", { from: await revisionOf("/admin/site/invoicing"), ...factValues(fileContent.business), ...invoicingValues(fileContent.invoicing), ...bank });
  expect(saved.status).toBe(303);
  const published = await post("/admin/site", { intent: "publish", from: await revisionOf("/admin/site") });
  expect(published.headers.get("location")).toMatch(/published=\d+/);
}, 90_000);
afterAll(() => stop());

/** A won request whose quote of £4,800.00 + VAT (£5,760.00) was accepted; its id and the quote's number. */
function wonRequest(name: string, { email = "jane@example.org", phone = "07700 900000" } = {}): { leadId: number; quote: string } {
  return withStore(server.dataDir, (store) => {
    const leadId = store.add({ form: "quote", page: "/", name, email, phone, location: "1 High St, Hitchin", message: "New roof." }, { notify: false }).id;
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(leadId);
    const made = createQuote(store, leadId, { actor: "Test", vatNumber: "GB999999973" })!;
    saveDraft(store, made.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
    const sent = sendQuote(store, made.id, { actor: "Test" });
    if ("refused" in sent) throw new Error(sent.refused);
    acceptQuote(store, made.id, { name, address: "127.0.0.1" });
    return { leadId, quote: quoteNumber(quoteById(store, made.id)!) };
  });
}

/** Sends a draft as the owner's Send leaves it, through the store; the invoice's id. */
function sendThroughStore(leadId: number, kind: "whole" | "deposit", customer = { name: "Jane Smith", email: "jane@example.org" }): number {
  return withStore(server.dataDir, (store) => {
    const draft = createInvoice(store, { leadId, kind, depositPercent: 25, vat: true, termsDays: 14, actor: "Test" });
    if (typeof draft === "string") throw new Error(draft);
    const sent = sendInvoice(store, draft.id, { seller: SELLER, customer: { ...customer, address: "1 High St" }, actor: "Test" });
    if (typeof sent === "string") throw new Error(sent);
    return sent.id;
  });
}

const invoicesOf = (leadId: number) => withStore(server.dataDir, (store) => store.db.prepare("SELECT id, kind, status, sequence FROM invoices WHERE lead_id = ? ORDER BY id").all(leadId));
const lastNumber = () => withStore(server.dataDir, (store) => store.db.prepare("SELECT last FROM number_counters WHERE series = 'INV'").get());
const create = (leadId: number, fields: Record<string, string>) => post(`/admin/requests/${leadId}/invoices/new`, fields);
const idOf = (response: Response) => Number(response.headers.get("location")!.split("/").pop());
const version = (id: number) => withStore(server.dataDir, (store) => invoiceVersion(invoiceById(store, id)!));

describe("a quote invoiced", () => {
  it("in full takes no Whole quote invoice nor a Deposit: refused at the choice with the figures, nothing made; a Blank one is the owner's own", async () => {
    const { leadId, quote } = wonRequest("Fiona Full");
    const whole = sendThroughStore(leadId, "whole");
    for (const kind of ["whole", "deposit"]) {
      const refused = await create(leadId, { kind, depositPercent: "25" });
      expect(refused.status, kind).toBe(409);
      const html = await textOf(refused);
      expect(html).toContain("Nothing was created");
      expect(html).toMatch(new RegExp(`<p id="invoice-kind-error" class="field-error">Quote ${quote} is £5,760.00; £5,760.00 is already invoiced\\.`));
    }
    expect(invoicesOf(leadId)).toEqual([{ id: whole, kind: "whole", status: "sent", sequence: expect.any(Number) }]);
    expect((await create(leadId, { kind: "blank" })).status, "extras beside the quote").toBe(303);
  });

  it("in part takes no Whole quote invoice past its total, only the Balance", async () => {
    const { leadId, quote } = wonRequest("Paula Part");
    sendThroughStore(leadId, "deposit");
    const refused = await create(leadId, { kind: "whole" });
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain(`Quote ${quote} is £5,760.00; £1,440.00 is already invoiced, and £4,320.00 is left.`);
    expect(invoicesOf(leadId)).toHaveLength(1);
    expect((await create(leadId, { kind: "balance" })).status).toBe(303);
  });

  it("by two Balance drafts sends the first and refuses the second with the figures, numbering nothing", async () => {
    const { leadId, quote } = wonRequest("Bella Balance");
    sendThroughStore(leadId, "deposit");
    const first = idOf(await create(leadId, { kind: "balance" }));
    const second = idOf(await create(leadId, { kind: "balance" }));
    expect(await page(`/admin/invoices/${second}/send`)).toContain("Yes, send the invoice");

    const sent = await post(`/admin/invoices/${first}/send`, { version: version(first) });
    expect(sent.headers.get("location")).toBe(`/admin/invoices/${first}?saved=sent`);
    const counter = lastNumber();
    const figures = `Quote ${quote} is £5,760.00; £5,760.00 is already invoiced.`;

    const asking = await page(`/admin/invoices/${second}/send`);
    expect(asking, "the question says so before Yes").toContain(figures);
    expect(asking).not.toContain("Yes, send the invoice");
    const refused = await post(`/admin/invoices/${second}/send`, { version: version(second) });
    expect(refused.status).toBe(409);
    const html = await textOf(refused);
    expect(html).toContain(`${figures} This invoice of £4,320.00 would go past it`);
    expect(html).toContain("Nothing was sent.");
    expect(withStore(server.dataDir, (store) => invoiceById(store, second))).toMatchObject({ status: "draft", sequence: null, year: null });
    expect(lastNumber(), "no number taken").toEqual(counter);
  });
});

describe("a line of £0", () => {
  const line = (unitPrice: string): [string, string][] => [["description", "Gutter cleared"], ["quantity", "1"], ["unitPrice", unitPrice]];
  const zeroAt = (html: string) => {
    expect(html).toContain(errorAt("line-0-unitPrice", "The price must be more than £0.00."));
    expect(html).toMatch(/id="line-0-unitPrice"[^>]*aria-invalid="true"[^>]*aria-describedby="line-0-unitPrice-error"/);
  };

  it("is refused at its price on an invoice's line, what was typed kept, nothing saved", async () => {
    const { leadId } = wonRequest("Zed Zero");
    const id = idOf(await create(leadId, { kind: "blank" }));
    for (const price of ["0", "0.00", "£0"]) {
      const response = await post(`/admin/invoices/${id}`, [["intent", "save"], ...line(price), ["dueOn", addDays(ukToday(), 14)], ["note", ""]]);
      expect(response.status, price).toBe(400);
      const html = await textOf(response);
      zeroAt(html);
      expect(html).toContain(`value="${price}"`);
    }
    expect(withStore(server.dataDir, (store) => invoiceById(store, id)!.lines)).toEqual([]);
  });

  it("is refused at its price on a quote's line, nothing saved", async () => {
    const { leadId } = wonRequest("Quin Zero");
    const quoteId = withStore(server.dataDir, (store) => createQuote(store, leadId, { actor: "Test" })!.id);
    const response = await post(`/admin/quotes/${quoteId}`, [["intent", "save"], ...line("0"), ["validUntil", addDays(ukToday(), 20)], ["notes", ""]]);
    expect(response.status).toBe(400);
    zeroAt(await textOf(response));
    expect(withStore(server.dataDir, (store) => quoteById(store, quoteId)!.lines)).toEqual([]);
  });
});

describe("an invoice that comes to nothing", () => {
  it("offers no Send, nor a Yes on its question page; Yes posted anyway is refused and nothing numbered", async () => {
    const { leadId } = wonRequest("Nell Nothing");
    const id = idOf(await create(leadId, { kind: "blank" }));
    const draft = await page(`/admin/invoices/${id}`);
    expect(draft).toContain("Save draft");
    expect(draft).not.toMatch(/<button[^>]*value="send"(?![^>]*hidden)[^>]*>Send invoice<\/button>/);
    const asking = await page(`/admin/invoices/${id}/send`);
    expect(asking).toContain("The invoice comes to nothing");
    expect(asking).not.toContain("Yes, send the invoice");
    // A line that rounds to nothing: 0.01 of a penny.
    const send = await post(`/admin/invoices/${id}`, [["intent", "send"], ["description", "Washer"], ["quantity", "0.01"], ["unitPrice", "0.01"], ["dueOn", addDays(ukToday(), 14)], ["note", ""]]);
    expect(send.status).toBe(400);
    expect(await textOf(send)).toContain("The invoice comes to nothing: add what is owed.");
    withStore(server.dataDir, (store) => saveInvoiceDraft(store, id, { lines: pricedLines([{ description: "Washer", quantity: 1, unitPence: 1 }], true), dueOn: addDays(ukToday(), 14), note: "" }));
    expect(await page(`/admin/invoices/${id}/send`)).not.toContain("Yes, send the invoice");
    const yes = await post(`/admin/invoices/${id}/send`, { version: version(id) });
    expect(yes.status).toBe(409);
    expect(await textOf(yes)).toContain("The invoice comes to nothing");
    expect(withStore(server.dataDir, (store) => invoiceById(store, id))).toMatchObject({ status: "draft", sequence: null });

    withStore(server.dataDir, (store) => saveInvoiceDraft(store, id, { lines: pricedLines([{ description: "Gutter cleared", quantity: 100, unitPence: 6000 }], true), dueOn: addDays(ukToday(), 14), note: "" }));
    expect(await page(`/admin/invoices/${id}`)).toMatch(/<button[^>]*value="send"(?![^>]*hidden)[^>]*>Send invoice<\/button>/);
  });
});

describe("the inbox card", () => {
  it("says Invoice void for a job whose only invoice was voided, and Paid only when something was paid", async () => {
    const { leadId } = wonRequest("Vera Voided");
    const whole = sendThroughStore(leadId, "whole");
    withStore(server.dataDir, (store) => issueCreditNote(store, whole, { amountPence: "whole", reason: "Job cancelled", actor: "Test" }));
    const inbox = await page("/admin?status=all&q=Vera+Voided");
    const card = new RegExp(`<a href="/admin/requests/${leadId}"[\\s\\S]*?</a>`).exec(inbox)![0];
    expect(card).toContain(">Invoice void<");
    expect(card).not.toContain(">Paid<");
  });
});

describe("the files for a spreadsheet", () => {
  it("start with UTF-8's byte-order mark, once; Xero's columns read by their names; real data left as typed, a formula defused", async () => {
    const { leadId } = wonRequest("=SUM(A1)", { email: "-2+3@example.com", phone: "+44 1462 123456" });
    const deposit = sendThroughStore(leadId, "deposit", { name: "=SUM(A1)", email: "-2+3@example.com" });
    expect((await post(`/admin/invoices/${deposit}`, { intent: "payment", receivedOn: ukToday(), amount: "100", method: "cash", note: "-12.50" })).status).toBe(303);
    const month = ukToday().slice(0, 7);
    for (const path of [`/admin/money/invoices.csv?month=${month}`, `/admin/money/payments.csv?month=${month}`, "/admin/requests.csv?q=example.com"]) {
      const response = await get(path);
      expect(response.headers.get("content-type"), path).toBe("text/csv; charset=utf-8");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect([...bytes.subarray(0, 3)], `${path}: the byte-order mark`).toEqual([0xef, 0xbb, 0xbf]);
      expect(bytes.subarray(3, 6).equals(Buffer.from([0xef, 0xbb, 0xbf])), `${path}: only one`).toBe(false);
    }
    const invoices = await (await get(`/admin/money/invoices.csv?month=${month}`)).text();
    expect(invoices.split("\r\n")[0], "read as UTF-8, the mark is a sign, not a character of the first column's name").toBe(XERO_COLUMNS.join(","));
    const row = readCsv(invoices).find((one) => one.EmailAddress === "-2+3@example.com");
    expect(row, "the e-mail address as typed").toBeDefined();
    expect(row!["*ContactName"]).toBe("'=SUM(A1)");
    const payment = readCsv(await (await get(`/admin/money/payments.csv?month=${month}`)).text()).find((one) => one.ContactName === "'=SUM(A1)");
    expect(payment).toMatchObject({ Amount: "100.00", Reference: "-12.50" });
    const request = readCsv(await (await get("/admin/requests.csv?q=example.com")).text()).find((one) => one.email === "-2+3@example.com");
    expect(request).toMatchObject({ name: "'=SUM(A1)", phone: "+44 1462 123456" });
  });
});
