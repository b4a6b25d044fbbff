/**
 * Issue 35 §1–2 on the owner's phone (390 × 844): the moment a customer accepts a quote, the job is
 * in Jobs, its card saying its next visit, what is owed and "Quote accepted"; its page's first
 * screen, below the top bar, holds the status, Next step, the next visit and what is owed; the
 * chip goes once he has opened it. The inbox, its Jobs and Show closed, and the request page pass axe.
 */
import { expect, test } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { bookVisits } from "../../app/lib/visits/book.server.ts";
import { fileContent } from "../../app/content/index.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { signUp } from "./owner-support.ts";
import { expectNoViolations, LEADS_DB, onlyIn, uniqueName } from "./support.ts";

onlyIn("phone", "the owner's first screen is a phone's, 390 × 844");
test.describe.configure({ timeout: 90_000 });

test("a won job is in Jobs at once, and its page's first screen holds Next step, the next visit and what is owed", async ({ page }, testInfo) => {
  const name = uniqueName(testInfo, "Jobs Sarah");
  const store = new LeadStore(LEADS_DB);
  let id: number;
  let quoteId: number;
  try {
    id = store.add({ form: "quote", page: "/", name, email: "jobs@example.org", phone: "01438 000000", location: "SG1 1AA", message: "Slipped tiles over the back bedroom." }, { notify: false }).id;
    const quote = createQuote(store, id, { actor: "Phone" })!;
    quoteId = quote.id;
    saveDraft(store, quote.id, { lines: [{ description: "Strip and re-fix slipped tiles", quantity: 100, unitPence: 182_400 }], vat: false, validUntil: addDays(ukToday(), 20), notes: "", guarantees: [], followUps: false });
    sendQuote(store, quote.id, { actor: "Phone" });
    const day = addDays(ukToday(), 7);
    bookVisits(store, id, { kind: "job-day", days: [{ start: ukInstant(day, 8 * 60), end: ukInstant(day, 16 * 60) }], notes: "" }, { actor: "Phone", hours: fileContent.business.openingHours, mail: false });
  } finally {
    store.close();
  }
  await signUp(page, "Jobs phone");
  const jobs = page.getByRole("list", { name: "Jobs, what needs doing first" });
  await expect(page.getByRole("heading", { name: /^Jobs \(\d+\)$/ })).toBeVisible();
  await expect(jobs.getByRole("heading", { name })).toHaveCount(0);

  // The customer accepts: the job is in Jobs on the next look, never behind Show closed.
  const accepting = new LeadStore(LEADS_DB);
  try {
    expect(acceptQuote(accepting, quoteId!, { name, address: "SG1 1AA" })).toBe(true);
  } finally {
    accepting.close();
  }
  await page.reload();
  const card = jobs.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("Quote accepted");
  await expect(card).toContainText(/Job day \w{3} \d{1,2} \w{3}/);
  await expect(card).toContainText("£1,824.00 owed");
  await expectNoViolations(page);
  await page.goto("/admin?status=closed");
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  await expectNoViolations(page);

  await page.goto("/admin?status=jobs");
  await page.getByRole("heading", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/requests/${id!}$`));
  // The first screen, below the top bar: the status, Next step, the next visit and what is owed.
  const fold = 844;
  for (const shown of [page.getByText("Won", { exact: true }).first(), page.getByRole("heading", { name: "Next step" }), page.getByText("Next visit", { exact: true }), page.getByText("Owed", { exact: true }), page.getByText("£1,824.00", { exact: true }), page.getByText("Quote accepted", { exact: true })]) {
    const box = (await shown.boundingBox())!;
    expect(box.y + box.height, `${await shown.innerText()} is on the first screen`).toBeLessThanOrEqual(fold);
  }
  await expect(page.getByRole("link", { name: "Schedule job" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Invoice the deposit" }), "the job days are booked: the deposit comes next").toBeVisible();
  await expect(page.getByRole("link", { name: "Job done" }), "no Job done while a job day is to come").toHaveCount(0);
  // Folded, the page is at most three screens.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(3 * fold);
  await expectNoViolations(page);

  // Opened: the chip goes from the card.
  await page.goto("/admin?status=jobs");
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) })).not.toContainText("Quote accepted");
});
