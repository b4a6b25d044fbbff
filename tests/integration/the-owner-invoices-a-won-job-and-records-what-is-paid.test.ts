/**
 * Issue 28 §2, §3, §6, §7, through the real server as the signed-in owner: Create invoice from an
 * accepted quote (a deposit of 25 %), its draft edited and refused at its fields, Send refused
 * while the published facts have no bank details; then, on a sent invoice, every edit answered
 * 409 with nothing changed, Record payment refused at its field (too much, nothing, less than a
 * penny, a day to come, no method) and taken, Remove payment and Credit note only after their
 * question, and reminders turned off. The request's page and the inbox say where the money stands.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvoice, invoiceById, sendInvoice } from "~/lib/invoices/invoices.server.ts";
import { creditNotesOf, paymentsOf } from "~/lib/invoices/payments.server.ts";
import { pendingJobs } from "~/lib/jobs/jobs.server.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "~/lib/quotes/quotes.server.ts";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { openStore, serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import type { RunningServer } from "../support/server.ts";
import { SELLER as seller } from "../support/invoices.ts";

let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;
beforeAll(async () => ({ server, cookie, stop } = await serverWithOwnerAndMail()), 30_000);
afterAll(() => stop());

const post = (path: string, fields: Record<string, string> | [string, string][]) =>
  fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" })).text().then((html) => html.replaceAll("<!-- -->", ""));
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const errorAt = (id: string, message: string) => `<p id="${id}-error" class="field-error">${message}</p>`;

/** A won request whose quote of £4,800.00 + VAT was accepted; `quote: false` for one without. */
function wonRequest(name: string, quote = true): number {
  const store = openStore(server.dataDir);
  try {
    const leadId = store.add({ form: "quote", page: "/", name, email: "jane@example.org", phone: "07700 900000", location: "1 High St, Hitchin", message: "New roof." }, { notify: false }).id;
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(leadId);
    if (quote) {
      const made = createQuote(store, leadId, { actor: "Test", vatNumber: "GB999999973" })!;
      saveDraft(store, made.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
      const sent = sendQuote(store, made.id, { actor: "Test" });
      if ("refused" in sent) throw new Error(sent.refused);
      acceptQuote(store, made.id, { name, address: "127.0.0.1" });
    }
    return leadId;
  } finally {
    store.close();
  }
}

/** A sent deposit invoice of £1,440.00 on a new won request. */
function sentDeposit(name: string): { leadId: number; id: number } {
  const leadId = wonRequest(name);
  return withStore(server.dataDir, (store) => {
    const draft = createInvoice(store, { leadId, kind: "deposit", depositPercent: 25, vat: true, termsDays: 14, actor: "Test" });
    if (typeof draft === "string") throw new Error(draft);
    const sent = sendInvoice(store, draft.id, { seller, customer: { name, address: "1 High St", email: "jane@example.org" }, actor: "Test" });
    if (typeof sent === "string") throw new Error(sent);
    return { leadId, id: sent.id };
  });
}

describe("Create invoice and the draft", () => {
  it("offers the quote's choices only with an accepted quote, and refuses a wrong one at its field", async () => {
    const leadId = wonRequest("Nora Quoteless", false);
    const request = await page(`/admin/requests/${leadId}`);
    expect(request).toContain("Blank invoice");
    expect(request).not.toContain('value="deposit"');
    const refused = await post(`/admin/requests/${leadId}/invoices/new`, { kind: "whole" });
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain(errorAt("invoice-kind", "This request has no accepted quote: choose Blank invoice."));

    const quoted = wonRequest("Dora Deposit");
    expect(await page(`/admin/requests/${quoted}`)).toContain('name="depositPercent"');
    for (const [fields, id, message] of [
      [{ kind: "deposit", depositPercent: "0" }, "invoice-depositPercent", "A whole number from 1 to 100, such as 25."],
      [{ kind: "deposit", depositPercent: "12.5" }, "invoice-depositPercent", "A whole number from 1 to 100, such as 25."],
      [{ kind: "deposit", depositPercent: "101" }, "invoice-depositPercent", "A whole number from 1 to 100, such as 25."],
      [{ depositPercent: "25" }, "invoice-kind", "Choose what the invoice is for."],
    ] as const) {
      const response = await post(`/admin/requests/${quoted}/invoices/new`, fields);
      expect(response.status).toBe(400);
      const html = await textOf(response);
      expect(html).toContain(errorAt(id, message));
      if ("depositPercent" in fields && id === "invoice-depositPercent") expect(html).toContain(`value="${fields.depositPercent}"`);
    }
    expect(withStore(server.dataDir, (store) => store.db.prepare("SELECT COUNT(*) AS n FROM invoices WHERE lead_id IN (?, ?)").get(leadId, quoted))).toEqual({ n: 0 });
  });

  it("makes a deposit draft, keeps its own VAT when saved, refuses a wrong line or date at its field, and deletes only after asking", async () => {
    const leadId = wonRequest("Eddie Edits");
    const made = await post(`/admin/requests/${leadId}/invoices/new`, { kind: "deposit", depositPercent: "25" });
    expect(made.status).toBe(303);
    const path = made.headers.get("location")!;
    expect(path).toMatch(/^\/admin\/invoices\/\d+$/);
    const id = Number(path.split("/").pop());
    const draft = await page(path);
    expect(draft).toContain("Draft invoice");
    expect(draft).toContain("£1,440.00");
    expect(draft).toContain("Deposit of 25% on quote");

    const line = (description: string, quantity: string, unitPrice: string): [string, string][] => [["description", description], ["quantity", quantity], ["unitPrice", unitPrice]];
    const deposit = withStore(server.dataDir, (store) => invoiceById(store, id)!.lines[0]!);
    const dueOn = addDays(ukToday(), 30);
    const saved = await post(path, [["intent", "save"], ...line(deposit.description, "1", "1200"), ...line("Skip hire", "1", "250"), ["dueOn", dueOn], ["note", "Thank you."]]);
    expect(saved.headers.get("location")).toBe(`${path}?saved=draft`);
    expect(withStore(server.dataDir, (store) => invoiceById(store, id))).toMatchObject({ dueOn, note: "Thank you.", lines: [deposit, { description: "Skip hire", netPence: 25000, vatPence: 5000 }], totalPence: 174000 });

    const wrong = await post(path, [["intent", "save"], ...line("", "1", "12.505"), ["dueOn", "2000-01-01"], ["note", "Kept as typed"]]);
    expect(wrong.status).toBe(400);
    const html = await textOf(wrong);
    expect(html).toContain(errorAt("line-0-description", "Say what this line is for."));
    expect(html).toContain(errorAt("line-0-unitPrice", "An amount in pounds, such as 450 or 12.50."));
    expect(html).toContain(errorAt("invoice-dueOn", "The date has passed: choose today or later."));
    expect(html).toContain("Kept as typed");
    expect(withStore(server.dataDir, (store) => invoiceById(store, id)!.totalPence)).toBe(174000);

    const added = await post(path, [["intent", "add-line"], ...line("Skip hire", "1", "250"), ["dueOn", dueOn], ["note", ""]]);
    expect((await textOf(added)).match(/<legend[^>]*>Line \d+<\/legend>/g)).toHaveLength(2);

    expect((await post(path, { intent: "delete" })).headers.get("location"), "a bare Delete only asks").toBe(`${path}?confirm=delete#delete-heading`);
    expect(await page(`${path}?confirm=delete`)).toContain("Yes, delete the draft");
    expect((await post(path, { intent: "delete", confirmed: "yes" })).headers.get("location")).toBe(`/admin/requests/${leadId}?saved=invoice-deleted`);
    expect(withStore(server.dataDir, (store) => invoiceById(store, id))).toBeUndefined();
  });

  it("is not sent while the published facts have no bank details: the page says so and links to them, and Yes numbers nothing", async () => {
    const leadId = wonRequest("Bankless Ben");
    const id = Number((await post(`/admin/requests/${leadId}/invoices/new`, { kind: "whole" })).headers.get("location")!.split("/").pop());
    const asking = await page(`/admin/invoices/${id}/send`);
    expect(asking).toContain("Send the invoice to Bankless Ben?");
    expect(asking).toContain("Your bank details are not set yet");
    expect(asking).toContain('href="/admin/site/invoicing"');
    expect(asking).toContain("£5,760.00");
    expect(asking).not.toContain("Yes, send the invoice");
    const version = withStore(server.dataDir, (store) => invoiceById(store, id)!);
    const { invoiceVersion } = await import("~/lib/invoices/pages.server.ts");
    const yes = await post(`/admin/invoices/${id}/send`, { version: invoiceVersion(version) });
    expect(yes.status).toBe(409);
    expect(withStore(server.dataDir, (store) => invoiceById(store, id))).toMatchObject({ status: "draft", sequence: null });
    expect(withStore(server.dataDir, (store) => pendingJobs(store.db, "invoice-send"))).toBe(0);
  });
});

describe("a sent invoice", () => {
  it("answers every edit with 409 and changes nothing", async () => {
    const { id } = sentDeposit("Locked Lucy");
    const before = withStore(server.dataDir, (store) => invoiceById(store, id));
    const html = await page(`/admin/invoices/${id}`);
    expect(html).not.toContain('name="description"');
    expect(html).not.toContain("Save draft");
    const edit: [string, string][] = [["description", "Cheaper"], ["quantity", "1"], ["unitPrice", "1"], ["dueOn", addDays(ukToday(), 40)], ["note", "Changed"]];
    for (const intent of ["save", "send", "add-line", "remove-line-0", "totals", "delete"]) {
      const response = await post(`/admin/invoices/${id}`, [["intent", intent], ["confirmed", "yes"], ...edit]);
      expect(response.status, intent).toBe(409);
    }
    expect(withStore(server.dataDir, (store) => invoiceById(store, id))).toEqual(before);
  });

  it("refuses a payment at its field, keeping what was typed, and records and removes one", async () => {
    const { leadId, id } = sentDeposit("Paying Pat");
    const path = `/admin/invoices/${id}`;
    const today = ukToday();
    const pay = (fields: Record<string, string>) => post(path, { intent: "payment", receivedOn: today, amount: "100", method: "bank-transfer", note: "", ...fields });
    for (const [fields, id, message] of [
      [{ amount: "1440.01" }, "payment-amount", "That is more than the £1,440.00 still due."],
      [{ amount: "0" }, "payment-amount", "The amount must be more than £0.00."],
      [{ amount: "-5" }, "payment-amount", "The amount must be more than £0.00."],
      [{ amount: "12.345" }, "payment-amount", "Pounds and pence only: at most two figures after the point."],
      [{ amount: "" }, "payment-amount", "Enter the amount received, such as 440 or 440.50."],
      [{ receivedOn: addDays(today, 1) }, "payment-receivedOn", "That day is still to come: enter the day the money arrived."],
      [{ method: "" }, "payment-method", "Choose how it was paid."],
    ] as const) {
      const response = await pay(fields);
      expect(response.status, message).toBe(400);
      const html = await textOf(response);
      expect(html).toContain(errorAt(id, message));
      if (id !== "payment-method") expect(html).toMatch(new RegExp(`id="${id}"[^>]*aria-invalid="true"[^>]*aria-describedby="${id}-error"`));
      if ("amount" in fields && fields.amount) expect(html).toContain(`value="${fields.amount}"`);
    }
    expect(withStore(server.dataDir, (store) => paymentsOf(store, id))).toEqual([]);

    expect((await pay({ amount: "1000", method: "cash" })).headers.get("location")).toBe(`${path}?saved=payment`);
    expect(withStore(server.dataDir, (store) => pendingJobs(store.db, "payment-receipt"))).toBeGreaterThanOrEqual(1);
    expect(await page(path)).toContain("Part paid");
    const tooMuch = await pay({ amount: "440.01" });
    expect(await textOf(tooMuch)).toContain(errorAt("payment-amount", "That is more than the £440.00 still due."));
    expect((await pay({ amount: "440" })).status).toBe(303);
    expect(await page(`/admin/requests/${leadId}`)).toMatch(/INV-\d{4}-\d{4}(<\/span>)?<\/a>\s*<span[^>]*>(<span[^>]*>)?Paid<\/span>/);
    expect(await page("/admin?status=jobs")).toContain(">Deposit paid<");

    const [first] = withStore(server.dataDir, (store) => paymentsOf(store, id));
    expect(await page(`/admin/payments/${first!.id}/remove`)).toContain("Yes, remove the payment");
    expect((await post(`/admin/payments/${first!.id}/remove`, { intent: "remove-payment" })).headers.get("location"), "a bare Remove only asks").toBe(`/admin/payments/${first!.id}/remove`);
    expect(withStore(server.dataDir, (store) => paymentsOf(store, id)[0]!.removedAt)).toBeNull();
    expect((await post(`/admin/payments/${first!.id}/remove`, { intent: "remove-payment", confirmed: "yes" })).headers.get("location")).toBe(`${path}?saved=payment-removed`);
    expect(withStore(server.dataDir, (store) => paymentsOf(store, id)[0]!.removedAt)).not.toBeNull();
    expect(await page(path)).toContain("Part paid");
  });

  it("issues a credit note only after its question, refuses a wrong one at its field, and turns reminders off", async () => {
    const { leadId, id } = sentDeposit("Credit Chris");
    const credit = `/admin/invoices/${id}/credit-note`;
    for (const [fields, field, message] of [
      [{ scope: "whole", reason: "" }, "credit-reason", "Say why the invoice is corrected."],
      [{ scope: "amount", amount: "1440.01", reason: "Too much" }, "credit-amount", "That is more than the £1,440.00 left on the invoice."],
      [{ scope: "amount", amount: "0", reason: "Nothing" }, "credit-amount", "The amount must be more than £0.00."],
      [{ reason: "No scope" }, "credit-scope", "Choose the whole invoice or an amount."],
    ] as const) {
      const response = await post(credit, fields);
      expect(response.status, message).toBe(400);
      expect(await textOf(response)).toContain(errorAt(field, message));
    }
    const asked = await post(credit, { scope: "whole", reason: "Job cancelled" });
    expect(asked.status).toBe(200);
    const question = await textOf(asked);
    expect(question).toContain("Issue a credit note of £1,440.00 against INV-");
    expect(question).toContain("Yes, issue the credit note");
    expect(withStore(server.dataDir, (store) => creditNotesOf(store, id))).toEqual([]);
    expect((await post(credit, { scope: "whole", reason: "Job cancelled", confirmed: "yes" })).headers.get("location")).toBe(`/admin/invoices/${id}?saved=credit-note`);
    expect(withStore(server.dataDir, (store) => creditNotesOf(store, id))).toMatchObject([{ totalPence: 144000, reason: "Job cancelled" }]);
    expect(withStore(server.dataDir, (store) => pendingJobs(store.db, "credit-note-send"))).toBeGreaterThanOrEqual(1);
    expect(await page(`/admin/invoices/${id}`)).toContain(">Void<");
    expect(await page("/admin?status=jobs")).toContain(">Invoice void<");
    expect(await page(`/admin/requests/${leadId}`)).toContain(">Void<");

    const other = sentDeposit("Quiet Quinn");
    expect((await post(`/admin/invoices/${other.id}`, { intent: "reminders", on: "0" })).headers.get("location")).toBe(`/admin/invoices/${other.id}?saved=reminders`);
    expect(withStore(server.dataDir, (store) => invoiceById(store, other.id)!.reminders)).toBe(false);
    expect(await page(`/admin/invoices/${other.id}`)).toContain("Turn reminders on");
  });
});
