/**
 * Send invoice's Yes, with the services and the published content handed in as the server hands
 * them: with bank details published, the invoice takes the next number, carries the seller's bank
 * details and the customer's address, queues its e-mail and reminders and wakes the queue; a
 * draft changed since the question was shown, or a server without e-mail, sends nothing.
 */
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import type { Content } from "~/content/load.ts";
import { createInvoice, invoiceById, saveInvoiceDraft, type Invoice } from "~/lib/invoices/invoices.server.ts";
import { pricedLines } from "~/lib/invoices/money.ts";
import { invoiceVersion } from "~/lib/invoices/pages.server.ts";
import { pendingJobs } from "~/lib/jobs/jobs.server.ts";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import type { OutgoingMail } from "~/lib/mail/mailer.server.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { contentContext, servicesContext, uploadContext } from "~/lib/services/services.ts";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { action } from "./invoice-send.tsx";

let store: LeadStore;
let draft: Invoice;
let woken: number;
beforeEach(() => {
  store = new LeadStore(":memory:");
  woken = 0;
  const leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St, Hitchin", message: "Extras." }).id;
  const made = createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Test" });
  if (typeof made === "string") throw new Error(made);
  saveInvoiceDraft(store, made.id, { lines: pricedLines([{ description: "Lead flashing", quantity: 100, unitPence: 18000 }], true), dueOn: addDays(ukToday(), 14), note: "" });
  draft = invoiceById(store, made.id)!;
});
afterEach(() => store.close());

const BANK = { postalAddress: ["1 Yard Lane", "Stevenage"], accountName: "Kestrel Roofing", sortCode: "60-16-13", accountNumber: "31926819", paymentTermsDays: 14 };

function yes(version: string, options: { mail: boolean; bank: boolean }) {
  const context = new RouterContextProvider();
  context.set(uploadContext, undefined); // as the server sets it: no multipart files
  const mail = options.mail ? ({ transport: {}, from: { name: "Kestrel", address: "info@example.com" }, ownerTo: "office@example.com" } as unknown as OutgoingMail) : undefined;
  context.set(servicesContext, { store, mail, ownerMail: options.mail, ackHourlyCap: 30, wake: () => woken++, content: () => fileContent, pictures: new Map() });
  context.set(contentContext, (options.bank ? { ...fileContent, invoicing: BANK } : fileContent) as Content);
  context.set(ownerContext, { passkeyId: 1, name: "Test phone", renewed: false });
  const request = new Request(`http://localhost/admin/invoices/${draft.id}/send`, { method: "POST", body: new URLSearchParams({ version }) });
  return action({ request, params: { id: String(draft.id) }, context, unstable_pattern: "/admin/invoices/:id/send" } as unknown as Parameters<typeof action>[0]);
}

const statusOf = (answer: unknown) => (answer instanceof Response ? answer.status : (answer as { init?: { status?: number } }).init?.status);

it("with the bank details published, numbers the invoice, copies them on, queues its e-mail and reminders and wakes the queue", async () => {
  const answer = await yes(invoiceVersion(draft), { mail: true, bank: true });
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).headers.get("location")).toBe(`/admin/invoices/${draft.id}?saved=sent`);
  const sent = invoiceById(store, draft.id)!;
  expect(sent).toMatchObject({ status: "sent", sequence: 1, seller: { accountName: "Kestrel Roofing", sortCode: "60-16-13", accountNumber: "31926819", postalAddress: ["1 Yard Lane", "Stevenage"] }, customer: { name: "Jane Smith", address: "1 High St, Hitchin", email: "jane@example.org" } });
  expect(pendingJobs(store.db, "invoice-send")).toBe(1);
  expect(pendingJobs(store.db, "invoice-reminder")).toBe(3);
  expect(woken).toBe(1);
});

it("sends nothing without bank details, for a draft changed since the question, or without e-mail", async () => {
  expect(statusOf(await yes(invoiceVersion(draft), { mail: true, bank: false }))).toBe(409);
  expect(statusOf(await yes("stale", { mail: true, bank: true }))).toBe(409);
  expect(statusOf(await yes(invoiceVersion(draft), { mail: false, bank: true }))).toBe(502);
  expect(invoiceById(store, draft.id)).toMatchObject({ status: "draft", sequence: null });
  expect(pendingJobs(store.db)).toBe(0);
  expect(woken).toBe(0);
});
