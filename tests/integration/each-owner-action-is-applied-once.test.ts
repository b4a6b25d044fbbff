/**
 * Issue 34 §2 on the real server with a real SMTP server: each owner form carries a once-only key
 * made when its page is rendered, and the form posted twice with that key (a second Yes, a reload,
 * a phone sending again after a lost answer) makes one change, one e-mail and the audit lines of
 * one change, each naming the action, and gets the same answer both times. Two keys make two
 * changes where the action allows it (two payments, two notes), and the usual answer where it
 * does not (a second Send finds it sent). One key posted on two connections at once, the first still sending its
 * body while the second is answered, is applied once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { createInvoice, saveInvoiceDraft, sendInvoice } from "~/lib/invoices/invoices.server.ts";
import { pricedLines } from "~/lib/invoices/money.ts";
import { createQuote, quotePath, saveDraft, sendQuote } from "~/lib/quotes/quotes.server.ts";
import { factValues } from "~/lib/site/facts-form.ts";
import { invoicingValues } from "~/lib/site/invoicing-form.ts";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { SELLER } from "../support/invoices.ts";
import { serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import type { RunningServer } from "../support/server.ts";
import { waitFor } from "../support/smtp.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;

const post = (path: string, fields: [string, string][] | Record<string, string>) =>
  fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
const revisionOf = async (path: string) => /name="from" value="(\d+)"/.exec(await page(path))![1]!;
const answerOf = async (response: Response) => [response.status, response.headers.get("location")];

beforeAll(async () => {
  ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail());
  // Bank details published, as the owner does once, so that an invoice can be sent.
  const bank = { "account-name": "Kestrel Roofing Ltd", "sort-code": "60-16-13", "account-number": "31926819" };
  await post("/admin/site/invoicing", { from: await revisionOf("/admin/site/invoicing"), ...factValues(fileContent.business), ...invoicingValues(fileContent.invoicing), ...bank });
  const published = await post("/admin/site", { intent: "publish", from: await revisionOf("/admin/site") });
  expect(published.headers.get("location")).toMatch(/published=\d+/);
}, 90_000);
afterAll(() => stop());

/** A request from `email`; its id. */
const request = (email: string) =>
  withStore(server.dataDir, (store) => store.add({ form: "quote", page: "/", name: "Jane Smith", email, phone: "07700 900000", location: "1 High St, Hitchin", message: "Slipped tiles." }, { notify: false }).id);

/** An invoice of £1,200.00 + VAT to `email`, a draft or sent; its id. */
function invoiceTo(email: string, send: boolean): { leadId: number; invoiceId: number } {
  const leadId = request(email);
  return withStore(server.dataDir, (store) => {
    const draft = createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Test" });
    if (typeof draft === "string") throw new Error(draft);
    saveInvoiceDraft(store, draft.id, { lines: pricedLines([{ description: "Ridge re-bedded", quantity: 100, unitPence: 120000 }], true), dueOn: draft.dueOn, note: "" });
    if (send) {
      const sent = sendInvoice(store, draft.id, { seller: SELLER, customer: { name: "Jane Smith", address: "1 High St, Hitchin", email }, actor: "Test" });
      if (typeof sent === "string") throw new Error(sent);
    }
    return { leadId, invoiceId: draft.id };
  });
}

const count = (sql: string, ...values: (string | number)[]) => withStore(server.dataDir, (store) => (store.db.prepare(sql).get(...values) as { n: number }).n);
/** The audit lines of the request that the action `name` wrote, in its words. */
const linesNamed = (leadId: number, name: string) =>
  withStore(server.dataDir, (store) => store.db.prepare("SELECT action FROM audit WHERE lead_id = ? AND action_name = ? ORDER BY id").all(leadId, name).map((row) => (row as { action: string }).action));
/** The e-mails to `address` once the queue has nothing left due. */
async function mailsTo(address: string, atLeast = 1) {
  await waitFor(() => smtp.messages.filter((mail) => mail.to.includes(address)).length >= atLeast, 20_000);
  await waitFor(() => count("SELECT COUNT(*) AS n FROM jobs WHERE done_at IS NULL AND run_at <= ?", new Date().toISOString()) === 0, 20_000);
  return smtp.messages.filter((mail) => mail.to.includes(address)).length;
}

/** The form posted twice with its one key: both answers the same redirect. */
async function postTwice(path: string, fields: [string, string][]) {
  expect(fields.some(([name]) => name === "once"), "the form carries its key").toBe(true);
  const first = await answerOf(await post(path, fields));
  const second = await answerOf(await post(path, fields));
  expect(first[0]).toBe(303);
  expect(second).toEqual(first);
  return first;
}

describe("an owner's form posted twice with its key", () => {
  it("request.note: one note, one audit line; a second form's key adds a second note", async () => {
    const id = request("note@example.org");
    const fields = typeInto(formFields(await page(`/admin/requests/${id}`), "Add note"), { note: "Rang at 9." });
    expect(await postTwice(`/admin/requests/${id}`, fields)).toEqual([303, `/admin/requests/${id}?saved=note`]);
    expect(count("SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ?", id)).toBe(1);
    expect(linesNamed(id, "request.note")).toEqual(["added a note"]);
    await post(`/admin/requests/${id}`, typeInto(formFields(await page(`/admin/requests/${id}`), "Add note"), { note: "Rang at 9." }));
    expect(count("SELECT COUNT(*) AS n FROM lead_notes WHERE lead_id = ?", id)).toBe(2);
  });

  it("visit.book: one visit, one invitation, one audit line", async () => {
    const id = request("visit@example.org");
    const path = `/admin/requests/${id}/visits/new`;
    const fields = typeInto(formFields(await page(path), "Book visit"), { kind: "survey", date: addDays(ukToday(), 2), from: "09:00", to: "11:00" });
    expect(await postTwice(path, fields)).toEqual([303, `/admin/requests/${id}?saved=visit-booked`]);
    expect(await mailsTo("visit@example.org")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM visits WHERE lead_id = ?", id)).toBe(1);
    expect(linesNamed(id, "visit.book")).toEqual(["booked a visit"]);
  });

  it("payment.record: one payment, one receipt, one audit line; a second form's key records a second payment", async () => {
    const { leadId, invoiceId } = invoiceTo("payment@example.org", true);
    const path = `/admin/invoices/${invoiceId}`;
    const fields = typeInto(formFields(await page(path), "Record payment"), { amount: "100.00" });
    expect(await postTwice(path, fields)).toEqual([303, `${path}?saved=payment`]);
    expect(await mailsTo("payment@example.org")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM payments WHERE invoice_id = ?", invoiceId)).toBe(1);
    expect(linesNamed(leadId, "payment.record")).toEqual(["recorded a payment"]);
    expect(await answerOf(await post(path, typeInto(formFields(await page(path), "Record payment"), { amount: "100.00" })))).toEqual([303, `${path}?saved=payment`]);
    expect(count("SELECT COUNT(*) AS n FROM payments WHERE invoice_id = ?", invoiceId)).toBe(2);
  });

  it("invoice.send: sent once, one e-mail, one audit line; a second form's key finds it sent", async () => {
    const { leadId, invoiceId } = invoiceTo("send@example.org", false);
    const path = `/admin/invoices/${invoiceId}/send`;
    const fields = formFields(await page(path), "Yes, send the invoice");
    const again = formFields(await page(path), "Yes, send the invoice");
    expect(await postTwice(path, fields)).toEqual([303, `/admin/invoices/${invoiceId}?saved=sent`]);
    expect(await answerOf(await post(path, again))).toEqual([303, `/admin/invoices/${invoiceId}?saved=sent`]);
    expect(await mailsTo("send@example.org")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM invoices WHERE id = ? AND status = 'sent'", invoiceId)).toBe(1);
    expect(linesNamed(leadId, "invoice.send")).toEqual(["sent an invoice"]);
  });

  it("quote.send: sent once, one e-mail, one send's audit lines; a second form's key finds it sent", async () => {
    const leadId = request("quote@example.org");
    const quoteId = withStore(server.dataDir, (store) => {
      const quote = createQuote(store, leadId, { actor: "Test" })!;
      saveDraft(store, quote.id, { lines: [{ description: "New ridge", quantity: 100, unitPence: 90000 }], vat: true, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
      return quote.id;
    });
    const path = `/admin/quotes/${quoteId}/send`;
    const fields = formFields(await page(path), "Yes, send the quote");
    const again = formFields(await page(path), "Yes, send the quote");
    expect(await postTwice(path, fields)).toEqual([303, `/admin/quotes/${quoteId}?saved=sent`]);
    expect(await answerOf(await post(path, again))).toEqual([303, `/admin/quotes/${quoteId}?saved=sent`]);
    expect(await mailsTo("quote@example.org")).toBe(1);
    // One send's lines: the quote sent, and the request's status set to Quoted with it.
    expect(linesNamed(leadId, "quote.send")).toEqual(["sent the quote", "changed the status"]);
  });

  it("credit-note.issue: the question's Yes issues one note, one e-mail, one audit line", async () => {
    const { leadId, invoiceId } = invoiceTo("credit@example.org", true);
    const path = `/admin/invoices/${invoiceId}/credit-note`;
    const asked = await (await post(path, typeInto(formFields(await page(`/admin/invoices/${invoiceId}`), "Issue credit note"), { scope: "amount", amount: "100.00", reason: "Less a tile" }))).text();
    const yes = formFields(asked, "Yes, issue the credit note");
    expect(await postTwice(path, yes)).toEqual([303, `/admin/invoices/${invoiceId}?saved=credit-note`]);
    expect(await mailsTo("credit@example.org")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM credit_notes WHERE invoice_id = ?", invoiceId)).toBe(1);
    expect(linesNamed(leadId, "credit-note.issue")).toEqual(["issued a credit note"]);
  });
});

describe("the site's pages posted twice with their key", () => {
  it("site.save: the draft saved once, one audit line, the same answer both times", async () => {
    const path = "/admin/site/contact";
    const form = formFields(await page(path), 'name="from"');
    const from = Number(form.find(([name]) => name === "from")![1]);
    const fields: [string, string][] = [...form, ...Object.entries({ ...factValues(fileContent.business), email: "office@example.org" })];
    const before = count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'site.save'");
    expect(await postTwice(path, fields)).toEqual([303, `${path}?saved`]);
    expect(Number(await revisionOf(path))).toBe(from + 1);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'site.save'")).toBe(before + 1);
  });
});

describe("a customer's form posted twice with its key", () => {
  it("quote.accept: accepted once, one audit line, the same answer both times", async () => {
    const leadId = request("accept@example.org");
    const link = withStore(server.dataDir, (store) => {
      const quote = createQuote(store, leadId, { actor: "Test" })!;
      saveDraft(store, quote.id, { lines: [{ description: "New ridge", quantity: 100, unitPence: 90000 }], vat: true, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
      const sent = sendQuote(store, quote.id, { actor: "Test" });
      if (!("token" in sent)) throw new Error(sent.refused);
      return quotePath(sent.token);
    });
    const fields = typeInto(formFields(await page(link), 'value="accept"'), { name: "Jane Smith" });
    expect(await postTwice(link, fields)).toEqual([303, link]);
    expect(count("SELECT COUNT(*) AS n FROM quotes WHERE lead_id = ? AND status = 'accepted'", leadId)).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'quote.accept'")).toBeGreaterThan(0);
    expect(count("SELECT COUNT(*) AS n FROM applied_actions WHERE name = 'quote.accept'")).toBe(1);
  });
});

describe("one key on two connections at once", () => {
  it("is applied once: the second is answered while the first still sends, and the first then gets the same answer", async () => {
    const { invoiceId } = invoiceTo("twice@example.org", true);
    const path = `/admin/invoices/${invoiceId}`;
    const body = new URLSearchParams(typeInto(formFields(await page(path), "Record payment"), { amount: "50.00" })).toString();
    // The first connection sends all of its form but the last byte, and waits.
    let finish = () => {};
    const lastByte = new Promise<void>((resolve) => (finish = resolve));
    const slow = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(body.slice(0, -1)));
        await lastByte;
        controller.enqueue(new TextEncoder().encode(body.slice(-1)));
        controller.close();
      },
    });
    const headers = { Origin: server.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) };
    const first = fetch(`${server.url}${path}`, { method: "POST", body: slow, headers, redirect: "manual", duplex: "half" } as RequestInit);
    const second = await answerOf(await fetch(`${server.url}${path}`, { method: "POST", body, headers, redirect: "manual" }));
    expect(second).toEqual([303, `${path}?saved=payment`]);
    finish();
    expect(await answerOf(await first)).toEqual(second);
    expect(count("SELECT COUNT(*) AS n FROM payments WHERE invoice_id = ?", invoiceId)).toBe(1);
  });
});
