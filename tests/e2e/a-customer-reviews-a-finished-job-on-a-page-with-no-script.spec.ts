/**
 * A customer opens the review link of a finished job, sends the form empty (each message at its
 * field, the stars a real radio group), then sends a review; axe finds nothing on the page in any
 * of those states, at phone and desktop width. The page runs no script at all, so it works the
 * same with JavaScript off (axe itself needs it on, to run in the page).
 */
import { expect, test } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { requestReview, reviewPath } from "../../app/lib/reviews/reviews.server.ts";
import { expectNoViolations, LEADS_DB, uniqueName } from "./support.ts";

test("the review form, a plain form with no script, passes axe in each state", async ({ page }, testInfo) => {
  const store = new LeadStore(LEADS_DB);
  let link: string;
  try {
    const lead = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name: uniqueName(testInfo, "Rita Review"), email: "rita@example.org", phone: "07700 900222", location: "Hitchin", message: "Porch roof." }, { notify: false });
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    link = reviewPath(requestReview(store, lead.id, { actor: "Test" })!.token);
  } finally {
    store.close();
  }
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "How did we do?" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Stars *" }).getByRole("radio")).toHaveCount(5);
  expect(await page.locator("script[src], script:not([type])").count(), "no script on the page").toBe(0);
  await expectNoViolations(page);

  await page.getByLabel("Your name as shown *").fill("");
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByText("Choose from 1 to 5 stars.")).toBeVisible();
  await expect(page.getByLabel("Your review *")).toHaveAttribute("aria-invalid", "true");
  await expectNoViolations(page);

  await page.getByRole("radio", { name: "4 stars" }).check();
  await page.getByLabel("Your review *").fill("The porch roof is dry at last and they cleared every bit of mess.");
  await page.getByLabel("Your name as shown *").fill("Rita R.");
  await page.getByRole("checkbox", { name: /You may show my review/ }).check();
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review" })).toBeVisible();
  await expectNoViolations(page);
});
