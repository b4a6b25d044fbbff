/**
 * First-screen pictures (390 × 844) of the owner's pages as he works a request on his phone, and
 * of what the customer sees, in `screenshots/owner/{page}.png`, for a person to look over: the
 * inbox, a request and its next step, the quote form with its totals, Send quote's question, a
 * won request's Job done question, More, Your site and one of its short pages, Reviews, the
 * invoices (a draft, one part paid with its forms, Send's question, Money, Invoices and bank
 * details), and the customer's quote page and own page with invoices, at 390 and 320 px. Then, at
 * 360 px with the phone's text at 150 % (`-360-text-150`): Jobs, a job's first screen, the diary's
 * agenda with its visits, and the customer's own page opening on What to do now, each as its first
 * screen and whole (`-full`, one picture per screen's height, stitched).
 */
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { setStatus } from "../../app/lib/requests/inbox.server.ts";
import { createQuote, quotePath, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { saveInvoiceDraft } from "../../app/lib/invoices/invoices.server.ts";
import { pricedLines } from "../../app/lib/invoices/money.ts";
import { bookVisits } from "../../app/lib/visits/book.server.ts";
import { fileContent } from "../../app/content/index.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { signUp } from "../e2e/owner-support.ts";
import { invoicesInEachState } from "../support/invoices.ts";
import { LEADS_DB } from "../e2e/support.ts";
import { setTextSize, textSize } from "../e2e/text-size.ts";
import { stitchedScreenshot } from "./stitched.ts";

const OUT = fileURLToPath(new URL("../../screenshots/owner/", import.meta.url));

test.use({ reducedMotion: "reduce" });

test("the owner's pages at 390 px", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the owner's phone");
  const store = new LeadStore(LEADS_DB);
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const lead = (name: string, hoursAgo: number, message: string) =>
    store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email: `${name.split(" ")[0]!.toLowerCase()}@example.org`, phone: "07700 900654", location: "12 Fore Street, Hitchin SG5 1AA", message }, { notify: false, now: new Date(Date.now() - hoursAgo * 3_600_000) }).id;
  let ids: Record<string, number>;
  let link: string;
  let customerPage: string;
  try {
    ids = {
      sarah: lead("Sarah Mitchell", 30, "Two slipped tiles over the back bedroom, and water comes in when it rains from the west."),
      raj: lead("Raj Patel", 3, "Flat roof over the garage is blistering. Could you quote for a new EPDM roof?"),
      won: lead("Harriet Rowe", 80, "New guttering along the front."),
      quoted: lead("Tom Baker", 50, "Chimney flashing leaks."),
    };
    setStatus(store, ids.won!, "won", "Phone");
    const draft = createQuote(store, ids.raj!, { actor: "Phone", vatNumber: "GB999999973" })!;
    saveDraft(store, draft.id, { lines: [{ description: "Strip old felt and fit EPDM membrane", quantity: 1800, unitPence: 7500 }, { description: "Skip hire", quantity: 100, unitPence: 19500 }], vat: true, validUntil: day(30), notes: "", guarantees: [], followUps: true });
    ids.draft = draft.id;
    const sending = createQuote(store, ids.quoted!, { actor: "Phone", vatNumber: "GB999999973" })!;
    saveDraft(store, sending.id, { lines: [{ description: "Renew lead flashing to the chimney", quantity: 100, unitPence: 181995 }], vat: true, validUntil: day(30), notes: "", guarantees: [], followUps: true });
    const sent = sendQuote(store, sending.id, { actor: "Phone" });
    if ("refused" in sent) throw new Error(sent.refused);
    link = quotePath(sent.token);
    // Harriet's job: invoices in each state (one part paid and overdue) and a deposit draft.
    invoicesInEachState(store, ids.won!, { name: "Harriet Rowe", address: "12 Fore Street, Hitchin SG5 1AA", email: "harriet@example.org" });
    const invoices = store.db.prepare("SELECT id, status FROM invoices WHERE lead_id = ? ORDER BY id").all(ids.won!) as { id: number; status: string }[];
    ids.partPaid = invoices[0]!.id;
    ids.invoiceDraft = invoices.find((invoice) => invoice.status === "draft")!.id;
    saveInvoiceDraft(store, ids.invoiceDraft, { lines: pricedLines([{ description: "Replace two lengths of fascia", quantity: 200, unitPence: 8500 }], true), dueOn: day(14), note: "" });
    customerPage = customerPagePath(customerPageToken(store, ids.won!)!);
    // The diary's agenda: Sarah's survey and Harriet's two job days.
    const book = (id: number, kind: "survey" | "job-day", days: number, from: number, to: number) =>
      bookVisits(store, id, { kind, days: [{ start: ukInstant(addDays(ukToday(), days), from * 60), end: ukInstant(addDays(ukToday(), days), to * 60) }], notes: "" }, { actor: "Phone", hours: fileContent.business.openingHours, mail: false });
    book(ids.sarah!, "survey", 1, 9, 11);
    book(ids.won!, "job-day", 3, 8, 16);
    book(ids.won!, "job-day", 4, 8, 16);
  } finally {
    store.close();
  }
  await signUp(page, "Owner's phone");
  const shots: [string, string][] = [
    ["inbox", "/admin"],
    ["request", `/admin/requests/${ids.sarah}`],
    ["jobs", "/admin?status=jobs"],
    ["job-first-screen", `/admin/requests/${ids.won}`],
    ["quote-form", `/admin/quotes/${ids.draft}`],
    ["send-question", `/admin/quotes/${ids.draft}/send`],
    ["job-done-question", `/admin/requests/${ids.won}/job-done`],
    ["more", "/admin/more"],
    ["your-site", "/admin/site"],
    ["your-site-contact", "/admin/site/contact"],
    ["reviews", "/admin/reviews"],
    ["customer-quote", link],
    ["invoice-draft", `/admin/invoices/${ids.invoiceDraft}`],
    ["invoice-send-question", `/admin/invoices/${ids.invoiceDraft}/send`],
    ["invoice-part-paid", `/admin/invoices/${ids.partPaid}`],
    ["money", "/admin/money"],
    ["invoices-and-bank-details", "/admin/site/invoicing"],
    ["customer-page-invoices", customerPage],
  ];
  for (const [name, path] of shots) {
    await page.goto(path);
    await page.screenshot({ path: `${OUT}${name}.png` });
  }
  // Whole pages where the forms and lists run on below the first screen.
  for (const [name, path] of [["invoice-part-paid-full", `/admin/invoices/${ids.partPaid}`], ["money-full", "/admin/money"], ["customer-page-invoices-full", customerPage]] as const) {
    await page.goto(path);
    await page.locator("details").evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
    await page.screenshot({ path: `${OUT}${name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(link);
  await page.screenshot({ path: `${OUT}customer-quote-320.png`, fullPage: true });
  await page.goto(customerPage);
  await page.screenshot({ path: `${OUT}customer-page-invoices-320.png`, fullPage: true });

  // At 360 px with the text at 150 %, as the customer and the owner read with bigger text.
  await page.setViewportSize({ width: 360, height: 780 });
  await setTextSize(page, 150);
  for (const [name, path] of [["jobs", "/admin?status=jobs"], ["job-first-screen", `/admin/requests/${ids.won}`], ["diary", "/admin/diary"], ["customer-page", customerPage]] as const) {
    await page.goto(path);
    if ((await textSize(page)) !== 150) throw new Error(`${path}: the text is not at 150 %`);
    await page.screenshot({ path: `${OUT}${name}-360-text-150.png` });
    await stitchedScreenshot(page, `${OUT}${name}-360-text-150-full.png`);
  }
});
