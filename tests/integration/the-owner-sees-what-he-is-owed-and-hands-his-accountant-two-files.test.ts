/**
 * Issue 28 §5, §8 and §9 on the real server: the customer's page shows each invoice sent (never a
 * draft) with the bank details and reference as plain text, what is paid and still due, Paid in
 * full, Void and the credit notes; /admin/money shows the month's figures (£0.00 included) and the
 * invoices owed first, behind the sign-in; and the two files download for the month or for From and
 * To days, reconciling with the page's figures to the penny.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { createInvoice, invoiceNumber, sendInvoice, type Invoice } from "../../app/lib/invoices/invoices.server.ts";
import { monthAfter } from "../../app/lib/invoices/money-period.ts";
import { longDate, monthWords } from "../../app/lib/time/words.ts";
import { issueCreditNote, recordPayment } from "../../app/lib/invoices/payments.server.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { ukToday } from "../../app/lib/time/uk-time.ts";
import { pence, readCsv, totalsByNumber } from "../support/csv.ts";
import { serverWithOwner, withStore } from "../support/owner.ts";
import type { RunningServer } from "../support/server.ts";
import { SELLER } from "../support/invoices.ts";

let server: RunningServer;
let cookie: string;
beforeAll(async () => ({ server, cookie } = await serverWithOwner()));
afterAll(() => server.stop());

const today = ukToday();
const thisMonth = today.slice(0, 7);

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });
const ownerGet = (pathname: string) => get(pathname, { Cookie: cookie });
/** A page's words as a reader sees them: tags and React's text markers gone, spaces folded. */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

/** A won request with a £4,800.00 + VAT quote accepted; its id and the customer's page. */
function wonRequest(name: string): { leadId: number; page: string } {
  return withStore(server.dataDir, (store) => {
    const leadId = store.add({ form: "quote", page: "/", name, email: "priya@example.org", phone: "07700 900555", location: "3 Mill Lane, Hitchin SG4 9AA", message: "New roof." }, { notify: false }).id;
    const quote = createQuote(store, leadId, { actor: "Test", vatNumber: "GB999999973" })!;
    saveDraft(store, quote.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), notes: "", guarantees: [], followUps: false });
    sendQuote(store, quote.id, { actor: "Test" });
    acceptQuote(store, quote.id, { name, address: "127.0.0.1" });
    return { leadId, page: customerPagePath(customerPageToken(store, leadId)!) };
  });
}

function invoice(leadId: number, kind: Invoice["kind"], send = true, seller: typeof SELLER | Omit<typeof SELLER, "cardPaymentLink"> = SELLER): Invoice {
  return withStore(server.dataDir, (store) => {
    const draft = createInvoice(store, { leadId, kind, depositPercent: 25, vat: true, termsDays: 14, actor: "Test" });
    if (typeof draft === "string") throw new Error(draft);
    if (!send) return draft;
    const sent = sendInvoice(store, draft.id, { seller, customer: { name: "Priya Tilewell", address: "3 Mill Lane, Hitchin SG4 9AA", email: "priya@example.org" }, actor: "Test" });
    if (typeof sent === "string") throw new Error(sent);
    return sent;
  });
}

const pay = (invoiceId: number, amountPence: number) =>
  withStore(server.dataDir, (store) => recordPayment(store, invoiceId, { receivedOn: today, amountPence, method: "bank-transfer", note: "", actor: "Test" }));

/** The £ figure beside each label on the Money page. */
async function figuresOf(pathname: string): Promise<Record<string, string>> {
  const html = (await (await ownerGet(pathname)).text()).replaceAll("<!-- -->", "");
  return Object.fromEntries([...html.matchAll(/<dt>([^<]+)<\/dt><dd[^>]*>(£[\d,]+\.\d\d)<\/dd>/g)].map((m) => [m[1]!, m[2]!]));
}
const poundsAsPence = (text: string) => pence(text.replace(/[£,]/g, ""));

describe("the customer's page", () => {
  it("shows each invoice sent with the bank details and reference as text, what is paid and due, then Paid in full", async () => {
    const { leadId, page } = wonRequest("Priya Tilewell");
    const draft = invoice(leadId, "whole", false);
    const deposit = invoice(leadId, "deposit");
    let words = await textOf(await get(page));
    expect(words).toContain("Invoice INV-");
    for (const shown of ["Amount due £1,440.00", `Due by ${longDate(deposit.dueOn)}`, "Account name Kestrel Roofing Ltd", "Sort code 60-16-13", "Account number 31926819", `Reference ${"INV-"}`, "Pay by card for invoice", "Download PDF of invoice"]) expect(words).toContain(shown);
    expect(words.match(/Invoice INV-/g), "one invoice, named in What to do now and in the list: a draft is never shown").toHaveLength(2);
    expect(words).not.toContain("Draft invoice");
    const html = await (await get(page)).text();
    expect(html, "selected whole with one tap, on one line").toMatch(/<span [^>]*class="[^"]*select-all[^"]*whitespace-nowrap[^"]*">31926819<\/span>/);
    expect(html, "nothing to type into or look at: plain text").not.toMatch(/<(input|img)[^>]*31926819/);
    expect(html).toContain(`href="${page}/invoices/${deposit.id}/pdf"`);
    expect(html).toContain('href="https://pay.example.com/kestrel"');
    expect(html).not.toContain(`/invoices/${draft.id}/pdf`);

    pay(deposit.id, 100000);
    words = await textOf(await get(page));
    expect(words).toContain("Paid so far £1,000.00");
    expect(words).toContain("Still due £440.00");
    pay(deposit.id, 44000);
    words = await textOf(await get(page));
    expect(words).toContain(`Paid in full on ${longDate(today)}.`);
    expect(words, "no bank details once paid").not.toContain("Sort code");
  });

  it("says a voided invoice is void and lists its credit note; Pay by card only where the invoice has a link", async () => {
    const { leadId, page } = wonRequest("Priya Tilewell");
    const whole = invoice(leadId, "whole", true, { ...SELLER, cardPaymentLink: undefined } as Omit<typeof SELLER, "cardPaymentLink">);
    expect(await textOf(await get(page))).not.toContain("Pay by card");
    const note = withStore(server.dataDir, (store) => issueCreditNote(store, whole.id, { amountPence: "whole", reason: "Job cancelled", actor: "Test" }));
    if (!("id" in note)) throw new Error(note.reason);
    const response = await get(page);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    const words = html.replaceAll("<!-- -->", "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(words).toContain("This invoice is void");
    expect(words).toMatch(/Credit note CN-\d{4}-\d{4} , £5,760\.00, dated/);
    expect(html).toContain(`href="${page}/credit-notes/${note.id}/pdf"`);
    expect(words).not.toContain("Account number");
  });
});

describe("Money and the accountant's files", () => {
  it("are the owner's alone", async () => {
    for (const path of ["/admin/money", "/admin/money/invoices.csv", "/admin/money/payments.csv"]) {
      const response = await get(path);
      expect([response.status, response.headers.get("location")], path).toEqual([303, expect.stringMatching(/^\/admin\/sign-in/)]);
    }
  });

  it("show £0.00 beside each label in a month with nothing, named, with a way back a month", async () => {
    const before = monthAfter(thisMonth, -60);
    const figures = await figuresOf(`/admin/money?month=${before}`);
    expect(figures).toEqual({ Invoiced: "£0.00", "Credit notes": "£0.00", "VAT charged": "£0.00", Paid: "£0.00", "Owed to you": expect.any(String), Overdue: expect.any(String) });
    const words = await textOf(await ownerGet(`/admin/money?month=${before}`));
    expect(words).toContain(monthWords(before));
    expect(words).toContain(`‹ ${monthWords(monthAfter(before, -1))}`);
    const csv = await ownerGet(`/admin/money/invoices.csv?month=${before}`);
    expect(readCsv(await csv.text())).toEqual([]);
  });

  it("agree with each other: the invoices file makes Invoiced less Credit notes, the payments file Paid, each invoice its total", async () => {
    const { leadId } = wonRequest("Sam Owed");
    const deposit = invoice(leadId, "deposit");
    pay(deposit.id, 100000);
    const balance = invoice(leadId, "balance");
    withStore(server.dataDir, (store) => issueCreditNote(store, balance.id, { amountPence: 120000, reason: "Less scaffold", actor: "Test" }));

    const page = await ownerGet("/admin/money");
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`This month: ${monthWords(thisMonth)}`);
    expect(html).toContain(`href="/admin/invoices/${deposit.id}"`);
    expect(html).toContain(`href="/admin/requests/${leadId}"`);
    expect(html).toMatch(/role="region" aria-label="The invoices, owed first" tabindex="0"/);
    const figures = await figuresOf("/admin/money");

    const invoicesFile = await ownerGet(`/admin/money/invoices.csv?month=${thisMonth}`);
    expect(invoicesFile.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(invoicesFile.headers.get("content-disposition")).toBe(`attachment; filename="invoices-${thisMonth}.csv"`);
    const rows = readCsv(await invoicesFile.text());
    const totals = totalsByNumber(rows);
    for (const row of rows) expect(totals.get(row["*InvoiceNumber"]!), row["*InvoiceNumber"]).toBe(pence(row.Total!));
    expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(poundsAsPence(figures.Invoiced!) - poundsAsPence(figures["Credit notes"]!));
    expect(rows.filter((row) => row["*TaxType"] === "20% (VAT on Income)").reduce((sum, row) => sum + pence(row.TaxAmount!), 0)).toBe(poundsAsPence(figures["VAT charged"]!));
    expect(rows.find((row) => row.Reference === invoiceNumber(balance))).toMatchObject({ "*UnitAmount": "-1000.00", TaxAmount: "-200.00", Total: "-1200.00" });

    const paymentsFile = await ownerGet(`/admin/money/payments.csv?month=${thisMonth}`);
    expect(paymentsFile.headers.get("content-disposition")).toBe(`attachment; filename="payments-${thisMonth}.csv"`);
    const payments = readCsv(await paymentsFile.text());
    expect(payments.reduce((sum, row) => sum + pence(row.Amount!), 0)).toBe(poundsAsPence(figures.Paid!));
    expect(poundsAsPence(figures["Owed to you"]!)).toBeGreaterThanOrEqual(44000 + 432000 - 120000);
  });

  it("take From and To days for a quarter, and refuse days that make no period", async () => {
    const from = `${monthAfter(thisMonth, -2)}-01`;
    const range = `from=${from}&to=${today}`;
    const words = await textOf(await ownerGet(`/admin/money?${range}`));
    expect(words).toContain(`${longDate(from)} to ${longDate(today)}`);
    const file = await ownerGet(`/admin/money/payments.csv?${range}`);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="payments-${from}-to-${today}.csv"`);
    const month = readCsv(await (await ownerGet(`/admin/money/payments.csv?month=${thisMonth}`)).text());
    expect(readCsv(await file.text()).length).toBeGreaterThanOrEqual(month.length);

    const wrong = await ownerGet(`/admin/money?from=${today}&to=${from}`);
    const html = (await wrong.text()).replaceAll("<!-- -->", "");
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="period-to-hint period-to-error"|aria-describedby="period-to-hint period-to-error"[^>]*aria-invalid="true"/);
    expect(html).toContain("The last day must be the same as the first day or after it.");
    expect((await ownerGet(`/admin/money/invoices.csv?from=${today}&to=${from}`)).status).toBe(400);
  });
});
