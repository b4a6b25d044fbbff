/**
 * Issue 28, end to end on a 390 px phone with a real SMTP server. The owner sets his bank details
 * and publishes them, then invoices a 25 % deposit on a won job's £4,800.00 + VAT quote: the
 * customer's e-mail carries the PDF, whose text holds everything HMRC asks of a VAT invoice. The
 * customer's page, with JavaScript off, shows the sort code, account number and reference as text
 * to copy. An edit posted to the sent invoice is refused. £1,000.00 makes it Part paid, too much is
 * refused at its field, the rest makes it Paid, and a receipt goes for each payment. The balance
 * takes the next number and a credit note voids it. Money's figures and both files agree. A blank
 * invoice offers Send only while what is typed comes to more than nothing.
 *
 * Run against a server of its own, with e-mail set up, so the e-mails can be read.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { changeStatus } from "../../app/lib/requests/inbox.server.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { longDate } from "../../app/lib/time/words.ts";
import { addDays, ukToday } from "../../app/lib/time/uk-time.ts";
import { attachmentsOf, subjectOf, waitFor } from "../support/smtp.ts";
import { ownerOnAServerWithMail, PHONE_VIEW } from "./owner-support.ts";

const CUSTOMER = { name: "Priya Shah", email: "priya@example.org", address: "14 Walsworth Road, Hitchin SG4 9SP" };
const BANK = { accountName: "Kestrel Roofing Ltd", sortCode: "60-16-13", accountNumber: "31926819" };

type OwnServer = Awaited<ReturnType<typeof ownerOnAServerWithMail>>;
let smtp: OwnServer["smtp"];
let server: OwnServer["server"];
let origin: string;
let owner: Page;
let close: OwnServer["close"] | undefined;

test.beforeAll(async ({ browser }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner invoices from his phone.");
  ({ smtp, server, origin, owner, close } = await ownerOnAServerWithMail(browser, {}));
});
test.afterAll(async () => {
  await close?.();
});

/** Priya's request, won with her acceptance of a £4,800.00 + VAT quote. */
function wonRequest(): number {
  const store = new LeadStore(path.join(server.dataDir, "leads.sqlite"));
  try {
    const id = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name: CUSTOMER.name, email: CUSTOMER.email, phone: "07700 900456", location: CUSTOMER.address, message: "A new roof." }).id;
    const quote = createQuote(store, id, { actor: "Dave", vatNumber: "GB999999973" })!;
    saveDraft(store, quote.id, { lines: [{ description: "Strip and re-tile the main roof", quantity: 100, unitPence: 480_000 }], vat: true, validUntil: addDays(ukToday(), 30), notes: "", guarantees: [], followUps: false });
    const sent = sendQuote(store, quote.id, { actor: "Dave" });
    if ("refused" in sent) throw new Error(sent.refused);
    acceptQuote(store, quote.id, { name: CUSTOMER.name, address: "192.0.2.7" });
    store.inTransaction(() => changeStatus(store, id, "won", "Dave"));
    return id;
  } finally {
    store.close();
  }
}

const toCustomer = () => smtp.messages.filter((mail) => mail.to.includes(CUSTOMER.email));

/** The text of a PDF, as pdftotext reads it. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "invoice-"));
  try {
    const file = path.join(dir, "invoice.pdf");
    writeFileSync(file, bytes);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sum of a CSV's column, in pence, read by its header's name (Xero's `*` dropped). */
function columnPence(csv: string, name: string): number {
  const [head, ...rows] = csv.trim().split(/\r?\n/).map((line) => line.split(","));
  const index = head!.findIndex((cell) => cell.replace(/^\*/, "") === name);
  expect(index, `the ${name} column`).toBeGreaterThanOrEqual(0);
  return rows.reduce((sum, row) => sum + Math.round(Number(row[index]) * 100), 0);
}

test("the owner invoices a deposit from his phone and is paid by bank transfer", async ({ browser }) => {
  // The whole loop, from bank details to the accountant's files, is some forty steps: on a busy
  // two-core machine it needs more than the default half-minute.
  test.slow();
  const id = wonRequest();
  const year = ukToday().slice(0, 4);
  const first = `INV-${year}-0001`;

  // His bank details, set and published like every fact.
  await owner.goto(`${origin}/admin/site/invoicing`);
  await owner.getByLabel("Account name").fill(BANK.accountName);
  await owner.getByLabel("Sort code").fill("60 16 13");
  await owner.getByLabel("Account number").fill(BANK.accountNumber);
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner.getByLabel("Sort code"), "kept as 12-34-56").toHaveValue(BANK.sortCode);
  await owner.getByRole("button", { name: "Publish" }).click();
  await expect(owner.getByRole("status").first()).toContainText(/live|published/i);

  // A deposit of 25 % on the won request.
  await owner.goto(`${origin}/admin/requests/${id}`);
  // With no invoice yet, Invoices is folded under its heading (Next step offers the deposit in one tap).
  await owner.getByRole("heading", { name: "Invoices" }).click();
  await owner.getByRole("radio", { name: /^Deposit/ }).check();
  await expect(owner.getByLabel("Deposit (%)")).toHaveValue("25");
  await owner.getByRole("button", { name: "Create invoice" }).click();
  await expect(owner).toHaveURL(/\/admin\/invoices\/\d+$/);
  const invoicePath = new URL(owner.url()).pathname;
  await expect(owner.getByRole("navigation", { name: "Owner" }).getByRole("link", { name: "Money" }), "an invoice is in Money").toHaveAttribute("aria-current", "page");
  await expect(owner.getByRole("main")).toContainText("£1,440.00");
  await owner.getByRole("button", { name: "Send invoice" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText(`Send the invoice to ${CUSTOMER.name}?`);
  await expect(owner.getByRole("main")).toContainText(CUSTOMER.email);
  expect(toCustomer().filter((mail) => subjectOf(mail.raw).startsWith("Invoice")), "asking sends nothing").toHaveLength(0);
  await owner.getByRole("button", { name: "Yes, send the invoice" }).click();
  await expect(owner).toHaveURL(new RegExp(`${invoicePath}(\\?|$)`));
  await expect(owner.getByRole("heading", { level: 1 })).toContainText(first);

  // The e-mail, with the PDF holding all HMRC asks.
  const sent = await waitFor(() => toCustomer().find((mail) => subjectOf(mail.raw).startsWith(`Invoice ${first}`)), 20_000);
  const pdf = attachmentsOf(sent.raw).find((file) => file.filename === `${first}.pdf`);
  expect(pdf, "the PDF attached").toBeDefined();
  const text = pdfText(pdf!.bytes);
  const today = longDate(ukToday());
  for (const words of [
    "Kestrel Roofing", // the seller's name
    "Example Business Park", // the postal address for invoices (the content file's until replaced)
    "GB999999973", // the VAT number
    first,
    CUSTOMER.name,
    "14 Walsworth Road",
    "Deposit of 25% on quote",
    "20%",
    "£1,200.00",
    "£240.00",
    "£1,440.00",
    `Amount due £1,440.00 by ${longDate(addDays(ukToday(), 14))}`,
    BANK.accountName,
    BANK.sortCode,
    BANK.accountNumber,
    `Reference: ${first}`,
  ]) {
    expect(text, `the PDF says ${words}`).toContain(words);
  }
  expect(text, "the invoice date and the tax point").toMatch(new RegExp(`${today}.*${today}`));
  const pageLink = /https?:\/\/[^\s"<>]+\/c\/[\w-]{43}/.exec(sent.raw.replace(/=\r?\n/g, ""))![0];

  // The customer's page with JavaScript off: the figures to copy into a banking app, as text.
  const customer = await browser.newContext({ ...PHONE_VIEW, javaScriptEnabled: false });
  const phone = await customer.newPage();
  await phone.goto(new URL(new URL(pageLink).pathname, origin).href);
  // It opens on what to pay (issue 35 §6); the invoice in full, further down, points up to it.
  const card = phone.getByRole("region", { name: `Invoice ${first}` });
  await expect(card).toContainText(/Amount due\s*£1,440\.00/);
  await expect(card).toContainText("How to pay: see What to do now");
  const now = phone.getByRole("region", { name: "What to do now" });
  await expect(now.getByRole("heading", { level: 3 }).first()).toContainText(/^Pay £1,440\.00/);
  const pay = now.getByRole("definition");
  await expect(pay.filter({ hasText: BANK.sortCode })).toHaveCount(1);
  await expect(pay.filter({ hasText: BANK.accountNumber })).toHaveCount(1);
  await expect(pay.filter({ hasText: first })).toHaveCount(1);
  await expect(card.getByRole("textbox")).toHaveCount(0);
  const download = await phone.request.get(new URL((await card.getByRole("link", { name: /^Download PDF/ }).getAttribute("href"))!, origin).href);
  expect(download.headers()["content-type"]).toBe("application/pdf");

  // An edit posted to the sent invoice anyway is refused, and nothing changes.
  const replay = await owner.request.post(`${origin}${invoicePath}`, {
    headers: { Origin: origin },
    form: { intent: "save", dueOn: addDays(ukToday(), 60), note: "A replayed edit", "description-0": "A replayed line", "quantity-0": "1", "unitPrice-0": "1.00" },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(409);
  await owner.reload();
  await expect(owner.getByRole("main")).toContainText("£1,440.00");
  await expect(owner.getByRole("main")).not.toContainText("replayed");

  // £1,000.00 makes it Part paid; too much is refused at its field; the rest makes it Paid.
  const record = async (amount: string) => {
    const form = owner.locator("details", { has: owner.getByText("Record payment", { exact: true }) });
    if (!(await form.evaluate((details) => (details as HTMLDetailsElement).open))) await form.locator("summary").click();
    await form.getByLabel("Amount (£)").fill(amount);
    await form.getByRole("radio", { name: "Bank transfer" }).check();
    await form.getByRole("button", { name: "Record payment" }).click();
  };
  // The chip under the top bar says where the invoice stands.
  const chip = owner.getByRole("main").locator("p").first();
  await record("1000");
  await expect(chip).toContainText(/^Part paid/);
  await record("440.01");
  const amount = owner.getByLabel("Amount (£)").first();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(amount).toHaveValue("440.01");
  await expect(owner.getByRole("main")).toContainText("That is more than the £440.00 still due");
  await record("440");
  await expect(chip).toContainText(/^Paid/);
  await expect(owner.getByRole("main")).toContainText(/Still due\s*£0\.00/);
  const receipts = await waitFor(() => {
    const found = toCustomer().filter((mail) => subjectOf(mail.raw).startsWith("Receipt:"));
    return found.length === 2 && found;
  }, 20_000);
  expect(receipts.map((mail) => subjectOf(mail.raw)).sort()).toEqual([`Receipt: £1,000.00 for invoice ${first}`, `Receipt: £440.00 for invoice ${first}`]);

  // The balance takes the next number; a credit note of the whole voids it.
  await owner.goto(`${origin}/admin/requests/${id}`);
  await owner.getByRole("radio", { name: /^Balance/ }).check();
  await owner.getByRole("button", { name: "Create invoice" }).click();
  await expect(owner.getByRole("main")).toContainText("£4,320.00");
  await owner.getByRole("button", { name: "Send invoice" }).click();
  await owner.getByRole("button", { name: "Yes, send the invoice" }).click();
  const second = `INV-${year}-0002`;
  await expect(owner.getByRole("heading", { level: 1 })).toContainText(second);
  const credit = owner.locator("details", { has: owner.getByText("Credit note", { exact: true }) });
  await credit.locator("summary").click();
  await credit.getByRole("radio", { name: /whole invoice/i }).check();
  await credit.getByLabel("Reason").fill("The customer's insurer is paying the roofer direct.");
  await credit.getByRole("button", { name: "Issue credit note" }).click();
  await owner.getByRole("button", { name: "Yes, issue the credit note" }).click();
  await expect(owner.getByRole("main")).toContainText(`CN-${year}-0001`);
  await expect(chip).toContainText(/^Void/);

  // Money and the accountant's two files agree.
  await owner.getByRole("navigation", { name: "Owner" }).getByRole("link", { name: "Money" }).click();
  const figure = async (label: string) => (await owner.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]").textContent())!.trim();
  expect(await figure("Invoiced")).toBe("£5,760.00");
  expect(await figure("Credit notes")).toBe("£4,320.00");
  expect(await figure("VAT charged")).toBe("£240.00");
  expect(await figure("Paid")).toBe("£1,440.00");
  expect(await figure("Owed to you")).toBe("£0.00");
  const file = async (name: string) => {
    const response = await owner.request.get(new URL((await owner.getByRole("link", { name }).getAttribute("href"))!, origin).href);
    expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
    return response.text();
  };
  const invoices = await file("Invoices for Xero (CSV)");
  expect(columnPence(invoices, "UnitAmount") + columnPence(invoices, "TaxAmount"), "invoiced less credit notes").toBe(576_000 - 432_000);
  expect(columnPence(await file("Payments (CSV)"), "Amount"), "paid").toBe(144_000);
  await customer.close();
});

test("a blank invoice offers Send only while what is typed comes to more than nothing", async () => {
  const id = wonRequest();
  await owner.goto(`${origin}/admin/requests/${id}`);
  await owner.getByRole("heading", { name: "Invoices" }).click();
  await owner.getByRole("radio", { name: /^Blank invoice/ }).check();
  await owner.getByRole("button", { name: "Create invoice" }).click();
  await expect(owner).toHaveURL(/\/admin\/invoices\/\d+$/);
  const send = owner.getByRole("button", { name: "Send invoice" });
  const hint = owner.getByText("Send invoice is offered once the invoice comes to more than £0.00");
  await expect(send).toBeHidden();
  await expect(hint).toBeVisible();
  await owner.getByLabel("Description").fill("Gutter cleared");
  await owner.getByLabel("Unit price (£)").fill("60");
  await expect(send).toBeVisible();
  await expect(hint).toBeHidden();
  await owner.getByLabel("Unit price (£)").fill("");
  await expect(send).toBeHidden();
});
