/**
 * Issue 28 §3–6 on the real server with a real SMTP server: an invoice sent is e-mailed within
 * seconds with its PDF attached and the link to the customer's page, and the PDF that page's link
 * downloads is the very file attached; a payment's receipt too. The PDFs' addresses: the
 * owner's behind his sign-in (a draft's a preview), the customer's through their page's link only,
 * for their own request's sent documents, never cached or indexed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileContent } from "../../app/content/index.ts";
import { customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { queueInvoiceSend, queueReceipt } from "../../app/lib/invoices/events.server.ts";
import { createInvoice, saveInvoiceDraft, sendInvoice, type Invoice } from "../../app/lib/invoices/invoices.server.ts";
import { pricedLines } from "../../app/lib/invoices/money.ts";
import { issueCreditNote, recordPayment } from "../../app/lib/invoices/payments.server.ts";
import { ukToday } from "../../app/lib/time/uk-time.ts";
import { serverWithOwnerAndMail, withStore } from "../support/owner.ts";
import type { RunningServer } from "../support/server.ts";
import { attachmentsOf, letterParts, subjectOf, waitFor } from "../support/smtp.ts";
import { SELLER } from "../support/invoices.ts";

let smtp: Awaited<ReturnType<typeof serverWithOwnerAndMail>>["smtp"];
let server: RunningServer;
let cookie: string;
let stop: () => Promise<void>;
beforeAll(async () => ({ smtp, server, cookie, stop } = await serverWithOwnerAndMail()));
afterAll(() => stop());


/** A request with an invoice of £1,200.00 + VAT: a draft, or sent as the owner's Send leaves it (its e-mail queued). */
function invoiceFor(email: string, send = true): { leadId: number; invoice: Invoice; page: string } {
  return withStore(server.dataDir, (store) => {
    const leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email, phone: "07700 900000", location: "1 High St, Hitchin", message: "Tiles" }, { notify: false }).id;
    const draft = createInvoice(store, { leadId, kind: "blank", vat: true, termsDays: 14, actor: "Test" }) as Invoice;
    saveInvoiceDraft(store, draft.id, { lines: pricedLines([{ description: "Ridge re-bedded", quantity: 100, unitPence: 120000 }], true), dueOn: draft.dueOn, note: "" });
    const page = customerPagePath(customerPageToken(store, leadId)!);
    if (!send) return { leadId, invoice: draft, page };
    const sent = sendInvoice(store, draft.id, { seller: SELLER, customer: { name: "Jane Smith", address: "1 High St, Hitchin", email }, actor: "Test", alongside: (invoice) => queueInvoiceSend(store.db, invoice, fileContent.business.openingHours, new Date()) });
    if (typeof sent === "string") throw new Error(sent);
    return { leadId, invoice: sent, page };
  });
}

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });
const mailTo = (address: string, subject: RegExp) => smtp.messages.find((message) => message.to.includes(address) && subject.test(subjectOf(message.raw)));
const fileNameOf = (response: Response) => /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];

describe("an invoice sent", () => {
  it("reaches the customer within seconds with its PDF and their page's link, whose PDF is the very file; a payment's receipt as fast", async () => {
    const { invoice, page } = invoiceFor("jane@example.org");
    const number = `INV-${ukToday().slice(0, 4)}-0001`;
    // Paid at once, by card: its receipt goes in the same few seconds as the invoice.
    withStore(server.dataDir, (store) => {
      const paid = recordPayment(store, invoice.id, { receivedOn: ukToday(), amountPence: 100000, method: "card", note: "", actor: "Test", alongside: (payment) => queueReceipt(store.db, payment.id, new Date()) });
      expect("id" in paid).toBe(true);
    });
    const mail = await waitFor(() => mailTo("jane@example.org", /^Invoice INV-/), 20_000);
    expect(subjectOf(mail.raw)).toBe(`Invoice ${number} from Kestrel Roofing`);
    const [attached] = attachmentsOf(mail.raw);
    expect(attached!.filename).toBe(`${number}.pdf`);
    expect(letterParts(mail.raw).text).toContain(`See your invoice and how to pay: http`);
    expect(mail.raw.replace(/=\r?\n/g, "")).toContain(`${page}`);

    const download = await get(`${page}/invoices/${invoice.id}/pdf`);
    expect([download.status, download.headers.get("content-type"), fileNameOf(download), download.headers.get("cache-control")]).toEqual([200, "application/pdf", `${number}.pdf`, "no-store"]);
    expect(Buffer.from(await download.arrayBuffer()).equals(attached!.bytes), "the same file, byte for byte").toBe(true);

    const receipt = await waitFor(() => mailTo("jane@example.org", /^Receipt/), 20_000);
    expect(subjectOf(receipt.raw)).toBe(`Receipt: £1,000.00 for invoice ${number}`);
    expect(letterParts(receipt.raw).text).toContain(`£440.00 is still due on invoice ${number}`);
  });
});

describe("the PDFs' addresses", () => {
  it("give the owner any invoice's and credit note's PDF behind his sign-in, a draft's as a preview", async () => {
    const { invoice } = invoiceFor("owner-view@example.org");
    const note = withStore(server.dataDir, (store) => issueCreditNote(store, invoice.id, { amountPence: 12000, reason: "Less lead", actor: "Test" }));
    if (!("id" in note)) throw new Error(note.reason);
    const draft = invoiceFor("draft@example.org", false).invoice;
    const owner = { Cookie: cookie };
    for (const [pathname, file] of [[`/admin/invoices/${invoice.id}/pdf`, /^INV-\d{4}-\d{4}\.pdf$/], [`/admin/credit-notes/${note.id}/pdf`, /^CN-\d{4}-0001\.pdf$/], [`/admin/invoices/${draft.id}/pdf`, /^Draft-invoice\.pdf$/]] as const) {
      const response = await get(pathname, owner);
      expect([response.status, response.headers.get("content-type"), response.headers.get("cache-control")], pathname).toEqual([200, "application/pdf", "no-store"]);
      expect(fileNameOf(response)).toMatch(file);
      expect((await get(pathname)).status, `${pathname} without signing in`).toBe(303);
    }
    expect((await get(`/admin/invoices/${invoice.id + 1000}/pdf`, owner)).status).toBe(404);
    expect((await get(`/admin/credit-notes/${note.id + 1000}/pdf`, owner)).status).toBe(404);
  });

  it("give the customer their own request's sent invoices and credit notes through their page's link, and nothing else", async () => {
    const { invoice, page } = invoiceFor("mine@example.org");
    const note = withStore(server.dataDir, (store) => issueCreditNote(store, invoice.id, { amountPence: "whole", reason: "Cancelled", actor: "Test" }));
    if (!("id" in note)) throw new Error(note.reason);
    const other = invoiceFor("other@example.org");
    const draft = invoiceFor("draft-too@example.org", false);

    const credit = await get(`${page}/credit-notes/${note.id}/pdf`);
    expect([credit.status, credit.headers.get("content-type"), credit.headers.get("cache-control"), credit.headers.get("x-robots-tag")]).toEqual([200, "application/pdf", "no-store", "noindex"]);
    expect(fileNameOf(credit)).toMatch(/^CN-\d{4}-\d{4}\.pdf$/);
    for (const pathname of [
      `${other.page}/invoices/${invoice.id}/pdf`,
      `${other.page}/credit-notes/${note.id}/pdf`,
      `${draft.page}/invoices/${draft.invoice.id}/pdf`,
      `${customerPagePath("A".repeat(43))}/invoices/${invoice.id}/pdf`,
      `${page}/invoices/x/pdf`,
    ]) {
      const refused = await get(pathname);
      expect([refused.status, refused.headers.get("cache-control")], pathname).toEqual([404, "no-store"]);
    }
  });
});
