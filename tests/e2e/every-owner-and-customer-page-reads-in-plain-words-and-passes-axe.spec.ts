/**
 * Issue 26 §7 and §10: every owner and customer page reads in plain words (no file name, command,
 * {placeholder}, field key or ISO time), breaks no rule of the Content-Security-Policy, scrolls
 * nothing sideways at 320 px, and axe-core (best practice too) finds no violation at 390 and
 * 1280 px. It runs once, on the phone: a page's own words and markup are the same at every width;
 * the frame around it (the owner's tab bar or side bar, the customer's header) is what changes,
 * so each test's first page, and every customer page, is checked by axe at 1280 px as well. The pages, each in the states that change its markup: sign-in, an invite
 * (fresh and used), the inbox (full, filtered to nothing, with a quote about to expire), a request
 * (with a photo, a note, an unsent e-mail, an error, the delete confirmation, its quotes), a quote
 * (a draft with a wrong price, a sent one, an expired one), sources, passkeys and every page of
 * Your site (its overview and each short page), More, a request in each status, Send quote's,
 * Job done's and Reset customer link's questions, a request's visits (one overlapping, one the
 * customer was not told of, one cancelled) and the visit forms (Book a visit refused, Move visit,
 * Cancel visit's question); and the customer's quote link when it is open, unknown, expired or
 * replaced, their review link, and their own page before the owner answered and with quotes and
 * invoices (part paid and overdue, paid, void, part credited, a draft), and with a survey they
 * booked online, its Move (the free times) and Cancel's question; Money, with those
 * invoices and with From and To refused; and the invoice pages (Create invoice, a draft, its send and delete questions, a part-paid invoice
 * with a payment refused at its field, Remove payment's and Credit note's questions, a void one).
 */
import { expect, test, type Page } from "@playwright/test";
import { customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { addNote, setStatus } from "../../app/lib/requests/inbox.server.ts";
import { acceptQuote, createQuote, expireDue, quotePath, reviseQuote, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { requestReview, reviewPath } from "../../app/lib/reviews/reviews.server.ts";
import { LEAD_STATUSES } from "../../app/lib/requests/status.ts";
import { attachReport } from "../../app/lib/photos/survey-report.server.ts";
import { fileContent } from "../../app/content/index.ts";
import { bookVisits, cancelVisit } from "../../app/lib/visits/book.server.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { invoicePages, invoicesInEachState } from "../support/invoices.ts";
import { jobPhotosAndConsent, storedPhoto, withStore } from "../support/owner.ts";
import { bookingsOn, selfBookedSurvey } from "../support/self-booked-survey.ts";
import { picture } from "../support/pictures.ts";
import { developerWords } from "../support/plain-words.ts";
import { makeInvite, signUp } from "./owner-support.ts";
import { expectNoViolations, LEADS_DB, onlyIn, SHARED_DATA_DIR, uniqueName } from "./support.ts";

// Several pages to a test, each checked by axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });
onlyIn("phone", "one run checks both widths");

/** Whether this test has checked a page at 1280 px yet. */
let checkedWide = false;

// Every Content-Security-Policy violation of the page, kept where the check can read it.
test.beforeEach(async ({ page }) => {
  checkedWide = false;
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`));
  });
});

/**
 * The page as it is now: its words plain, no CSP violation, no sideways scroll at 320 px (then
 * back to 390 px), and axe finds nothing; at 1280 px too for the test's first page and a customer's.
 */
async function expectPlainPage(page: Page) {
  const where = new URL(page.url()).pathname;
  const words = `${await page.title()}\n${await page.locator("body").innerText()}`;
  expect(developerWords(words), `${where} reads in plain words`).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), `${where} breaks no CSP rule`).toEqual([]);
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: viewport.height });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} scrolls nothing sideways at 320 px`).toBeLessThanOrEqual(320);
  await page.setViewportSize(viewport);
  await expectNoViolations(page);
  if (!checkedWide || /^\/(c|q|review)\//.test(where)) {
    checkedWide = true;
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoViolations(page);
    await page.setViewportSize(viewport);
  }
}

test("the sign-in page and an invite have no violations", async ({ page }) => {
  await page.goto("/admin/sign-in");
  await expectPlainPage(page);
  await page.goto(makeInvite("Axe check"));
  await expectPlainPage(page);
});

test("the inbox, sources, passkeys, notifications, every page of Your site and a used invite have no violations", async ({ page }) => {
  const { invite } = await signUp(page, "Axe phone");
  await expectPlainPage(page);
  for (const path of ["/admin?q=no-such-person-anywhere", "/admin/sources", "/admin/insights", "/admin/insights?period=months", "/admin/help", "/admin/more", "/admin/price-list", "/admin/passkeys", "/admin/notifications", "/admin/survey-bookings", "/admin/site", "/admin/site/contact", "/admin/site/hours", "/admin/site/promises", "/admin/site/social", "/admin/site/invoicing", "/admin/site/versions", "/admin/site/testimonials", "/admin/site/gallery", "/admin/site/texts", "/admin/site/texts?page=services:roof-repairs", "/admin/reviews", invite]) {
    await page.goto(path);
    await expectPlainPage(page);
  }
});

test("a request in each status, its visits and their forms, its delete confirmation, Job done's and Reset customer link's questions, its customer's page before an answer, the diary, Reset calendar link's question, a note error, its photos of the job with a photo refused and a Delete's question, its survey report's form refused and saved, and the customer's quote with the report have no violations", async ({ page }, testInfo) => {
  const store = new LeadStore(LEADS_DB);
  let id: number;
  let customerPage: string;
  let visit: number;
  const statuses: number[] = [];
  try {
    const name = uniqueName(testInfo, "Axe Visitor");
    const lead = { form: "quote" as const, page: "/areas/roofers-in-watford/", name, email: "axe@example.org", phone: "01923 000000", location: "WD17 1AA", message: "Gutter over the door overflows." };
    id = store.add(lead, { notify: true, photos: [storedPhoto(store)] }).id;
    addNote(store, id, "Left a voicemail.", "Axe");
    customerPage = customerPagePath(customerPageToken(store, id)!);
    const day = addDays(ukToday(), 2);
    const change = { actor: "Axe", hours: fileContent.business.openingHours };
    const book = (kind: "survey" | "job-day" | "other", from: number, to: number, mail: boolean) => bookVisits(store, id, { kind, days: [{ start: ukInstant(day, from * 60), end: ukInstant(day, to * 60) }], notes: "Ladder on the van." }, { ...change, mail })![0]!.id;
    visit = book("survey", 9, 11, true);
    book("job-day", 10, 16, false);
    cancelVisit(store, book("other", 17, 18, true), { ...change, mail: true });
    for (const status of LEAD_STATUSES.filter((s) => s !== "new")) {
      const other = store.add({ ...lead, name: `${name} ${status}` }, { notify: false }).id;
      setStatus(store, other, status, "Axe");
      statuses.push(other);
    }
  } finally {
    store.close();
  }
  await signUp(page, "Axe phone");
  const won = statuses[LEAD_STATUSES.indexOf("won") - 1]!;
  for (const path of [`/admin/requests/${id}`, `/admin/requests/${id}?confirm=delete`, ...statuses.map((other) => `/admin/requests/${other}`), `/admin/requests/${won}/job-done`, `/admin/requests/${id}/customer-link`, `/admin/visits/${visit!}/move`, `/admin/visits/${visit!}/cancel`, "/admin/diary", "/admin/diary/reset-link", "/admin?status=closed", "/admin?status=spam", customerPage]) {
    await page.goto(path);
    await expectPlainPage(page);
  }
  await page.goto(`/admin/requests/${id}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write a note first.")).toBeVisible();
  await expectPlainPage(page);
  // Photos of the job: one kept, one refused at the field, then a photo's Delete asking first.
  await page.goto(`/admin/requests/${id}`);
  // Folded while the request has none: its heading opens it.
  await page.getByRole("heading", { name: "Photos of the job" }).click();
  await page.getByLabel("Choose photos, or take them").setInputFiles([
    { name: "roof.png", mimeType: "image/png", buffer: await picture("png", 320, 240) },
    { name: "IMG_0412.HEIC", mimeType: "image/heic", buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(64)]) },
  ]);
  await page.getByRole("button", { name: "Add photos" }).click();
  // With the script, each photo's progress and how it ended, at its own line.
  const uploads = page.getByRole("list", { name: "Photos being added" });
  await expect(uploads.getByRole("listitem").filter({ hasText: "roof.png" })).toContainText("Added ✓");
  await expect(uploads.getByRole("listitem").filter({ hasText: "IMG_0412.HEIC" })).toContainText("This photo is in a format we cannot open");
  await expect(page.getByRole("img", { name: "Survey photo 1" })).toBeVisible();
  await expectPlainPage(page);
  // Without it, the page the form's post goes on to: the count added, the refusal at the field.
  await page.goto(`/admin/requests/${id}?saved=photos&added=1&refused=heic%3AIMG_0412.HEIC#job-photos`);
  await expect(page.getByText("1 photo added.")).toBeVisible();
  await expect(page.getByText("IMG_0412.HEIC: This photo is in a format we cannot open")).toBeVisible();
  await expectPlainPage(page);
  await page.getByRole("button", { name: "Delete Survey photo 1" }).click();
  await expect(page.getByText("Delete this photo? This cannot be undone.")).toBeVisible();
  await expectPlainPage(page);
  // The survey report: refused at its field, then saved with the photo ticked; a quote sent with it, on the customer's /q/.
  await page.goto(`/admin/requests/${id}/report`);
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expectPlainPage(page);
  await page.getByLabel("What you found").fill("Three slipped slates above the bay window");
  await page.getByRole("checkbox", { name: "Survey photo 1" }).check();
  await page.getByLabel("What we recommend").fill("Replace the slipped slates.");
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Survey report saved.")).toBeVisible();
  const reportStore = new LeadStore(LEADS_DB);
  let reported: string;
  try {
    const quote = createQuote(reportStore, id, { actor: "Axe" })!;
    saveDraft(reportStore, quote.id, { lines: [{ description: "Slates replaced", quantity: 300, unitPence: 4500 }], vat: false, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
    const sent = sendQuote(reportStore, quote.id, { actor: "Axe" });
    if ("refused" in sent) throw new Error(sent.refused);
    reportStore.inTransaction(() => attachReport(reportStore, quote.id, id, new Date()));
    reported = quotePath(sent.token);
  } finally {
    reportStore.close();
  }
  await page.goto(reported);
  await expect(page.getByRole("img", { name: "Survey photo 1" })).toBeVisible();
  await expectPlainPage(page);
  await page.goto(`/admin/requests/${won}/visits/new`);
  await page.getByRole("button", { name: "Add another day" }).click();
  await expectPlainPage(page);
  await page.goto(`/admin/requests/${won}/visits/new?kind=job-day`);
  await page.getByLabel("How many days").fill("0");
  await page.getByRole("button", { name: "Book job days" }).click();
  await expect(page.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expectPlainPage(page);
});

test("quotes, the inbox's expiring list, Money, the customer's open and closed links and their page with its quotes, invoices, photos and question about the website, and Put in the gallery have no violations", async ({ page }, testInfo) => {
  const store = new LeadStore(LEADS_DB);
  const paths: { owner: string[]; customer: string[] } = { owner: [], customer: [] };
  try {
    const lead = store.add({ form: "quote", page: "/", name: uniqueName(testInfo, "Axe Quote"), email: "axe-quote@example.org", phone: "01438 000000", location: "SG1 1AA", message: "Ridge tiles loose." });
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const sent = (validUntil: string) => {
      const quote = createQuote(store, lead.id, { actor: "Axe" })!;
      saveDraft(store, quote.id, { lines: [{ description: "Ridge tiles re-bedded", quantity: 1200, unitPence: 1850 }], vat: false, validUntil, notes: "", guarantees: ["Fully insured"], followUps: true });
      const result = sendQuote(store, quote.id, { actor: "Axe" });
      if ("refused" in result) throw new Error(result.refused);
      return result;
    };
    const expiring = sent(day(1));
    const replaced = sent(day(20));
    const revision = reviseQuote(store, replaced.quote.id, { actor: "Axe" })!;
    sendQuote(store, revision.id, { actor: "Axe" });
    const expired = sent(day(20));
    store.db.prepare("UPDATE quotes SET expires_at = ? WHERE id = ?").run(new Date(Date.now() - 1000).toISOString(), expired.quote.id);
    expireDue(store);
    const asking = createQuote(store, lead.id, { actor: "Axe" })!;
    saveDraft(store, asking.id, { lines: [{ description: "Lead flashing renewed", quantity: 250, unitPence: 6499 }], vat: true, validUntil: day(20), notes: "", guarantees: [], followUps: true });
    const draft = createQuote(store, lead.id, { actor: "Axe" })!;
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    const review = requestReview(store, lead.id, { actor: "Axe" })!;
    // Photos of the job on the customer's page and its question about the website; a done job whose customer said Yes offers Put in the gallery.
    jobPhotosAndConsent(store, lead.id);
    const agreed = store.add({ form: "quote", page: "/roof-repairs-in-stevenage", name: uniqueName(testInfo, "Axe Yes"), email: "axe-yes@example.org", phone: "01462 000000", location: "Hitchin", message: "Slates." }, { notify: false }).id;
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(agreed);
    requestReview(store, agreed, { actor: "Axe" });
    jobPhotosAndConsent(store, agreed, "yes");
    invoicesInEachState(store, lead.id, { name: "Axe Quote", address: "SG1 1AA", email: "axe-quote@example.org" });
    paths.owner = ["/admin/money", "/admin/money?from=2026-12-31&to=2026-10-01", `/admin/requests/${lead.id}`, `/admin/quotes/${expiring.quote.id}`, `/admin/quotes/${expired.quote.id}`, `/admin/quotes/${asking.id}/send`, `/admin/quotes/${draft.id}`];
    paths.owner.unshift(`/admin/requests/${agreed}`);
    paths.customer = [quotePath(expiring.token), quotePath("A".repeat(43)), quotePath(expired.token), quotePath(replaced.token), reviewPath(review.token), customerPagePath(customerPageToken(store, lead.id)!), customerPagePath(customerPageToken(store, agreed)!)];
  } finally {
    store.close();
  }
  await signUp(page, "Axe phone");
  await expect(page.getByRole("heading", { name: "Quotes about to expire" })).toBeVisible();
  await expectPlainPage(page);
  for (const path of [...paths.owner, ...paths.customer]) {
    await page.goto(path);
    await expectPlainPage(page);
  }
  await page.goto(paths.owner.at(-1)!);
  await page.getByRole("group", { name: "Line 1" }).getByLabel("Unit price (£)").fill("12.505");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("An amount in pounds, such as 450 or 12.50.")).toBeVisible();
  await expectPlainPage(page);
});

test("a survey the visitor booked online: his page with Move and Cancel, the free times to move it to and Cancel's question have no violations", async ({ page }) => {
  // Bookings are on only while a page that needs them is drawn: the server is shared.
  const [own, move, cancel] = withStore(SHARED_DATA_DIR, (store) => {
    const booked = selfBookedSurvey(store);
    booked.restore(store);
    return booked.paths;
  });
  for (const path of [own!, cancel!]) {
    await page.goto(path);
    await expectPlainPage(page);
  }
  const restore = withStore(SHARED_DATA_DIR, bookingsOn);
  try {
    await page.goto(move!);
  } finally {
    withStore(SHARED_DATA_DIR, restore);
  }
  await expect(page.getByRole("radio").first()).toBeVisible();
  await expectPlainPage(page);
});

test("the invoice pages, a refused payment and the credit note's question have no violations", async ({ page }, testInfo) => {
  const store = new LeadStore(LEADS_DB);
  let paths: string[];
  try {
    const lead = store.add({ form: "quote", page: "/", name: uniqueName(testInfo, "Axe Invoice"), email: "axe-invoice@example.org", phone: "01438 000000", location: "SG1 1AA", message: "New roof." });
    const quote = createQuote(store, lead.id, { actor: "Axe", vatNumber: "GB999999973" })!;
    saveDraft(store, quote.id, { lines: [{ description: "New roof", quantity: 100, unitPence: 480000 }], vat: true, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
    sendQuote(store, quote.id, { actor: "Axe" });
    acceptQuote(store, quote.id, { name: "Axe Invoice", address: "192.0.2.1" });
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    paths = [`/admin/requests/${lead.id}`, ...invoicePages(store, lead.id)];
  } finally {
    store.close();
  }
  await signUp(page, "Axe phone");
  for (const path of paths) {
    await page.goto(path);
    await expectPlainPage(page);
  }
  const partPaid = paths.find((path) => path.endsWith("/credit-note"))!.replace("/credit-note", "");
  await page.goto(partPaid);
  await page.locator("summary", { hasText: "Record payment" }).click();
  await page.getByRole("region", { name: "Payments" }).getByLabel("Amount (£)").fill("99999");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("That is more than the £1,340.00 still due.")).toBeVisible();
  await expectPlainPage(page);
  await page.goto(partPaid);
  await page.locator("summary", { hasText: "Credit note" }).click();
  await page.getByLabel("Reason").fill("Gutter left off the job");
  await page.getByRole("button", { name: "Issue credit note" }).click();
  await expect(page.getByRole("button", { name: "Yes, issue the credit note" })).toBeVisible();
  await expectPlainPage(page);
});
