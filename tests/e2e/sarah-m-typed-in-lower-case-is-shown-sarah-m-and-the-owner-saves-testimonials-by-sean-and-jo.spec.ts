/**
 * A customer writes her name all in lower case, `sarah m.`; the owner, on a 390 px phone, sees it
 * as the site will show it, `Sarah M.`, in Reviews before he presses Publish, and in the
 * testimonial he could still correct; once published, /gallery shows `Sarah M.`. He
 * adds testimonials by `Seán O’B.` and by `Jo`, which are saved, her review keeping its 4 stars and
 * its month; one whose name has an `@` in it is refused at its field and not saved. Run against a server of its own, so the shared test
 * server's pages stay as built.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { requestReview, reviewPath } from "../../app/lib/reviews/reviews.server.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { signUp } from "./owner-support.ts";
import { expectFieldError, expectNoViolations } from "./support.ts";

const REVIEW = "The valley gutter was rebuilt in a day and the old lead taken away. Not a drip since.";
const SEAN = "Two chimneys repointed and new flashing, and they sent photos of every bit of it.";
const JO = "They came out the same evening a storm lifted the ridge tiles and made it safe.";
const AT = "A lovely job on the garage roof, done on the day they said it would be.";

let server: RunningServer;
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner runs his site from his phone.");
  server = await startServer();
});
test.afterAll(() => server?.stop());

/** A won request from the Hitchin page, and its review link. */
function reviewLink(database: string, name: string): string {
  const store = new LeadStore(database);
  try {
    const lead = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email: "sarah@example.org", phone: "07700 900333", location: "Hitchin", message: "Valley gutter leaks." }, { notify: false });
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    return reviewPath(requestReview(store, lead.id, { actor: "Test" })!.token);
  } finally {
    store.close();
  }
}

/** Adds a testimonial on the owner's testimonials page, as he would type it. */
async function addTestimonial(page: Page, origin: string, name: string, text: string) {
  await page.goto(`${origin}/admin/site/testimonials`);
  const add = page.getByRole("group", { name: "Add a testimonial" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Town").selectOption({ label: "Stevenage" });
  await add.getByLabel("What they said").fill(text);
  await page.getByRole("button", { name: "Save draft" }).click();
}

test("sarah m. is shown Sarah M. in Reviews and on the gallery; testimonials by Seán O’B. and Jo are saved, one with an @ is not", async ({ browser }) => {
  const origin = `http://localhost:${server.port}`;
  const database = path.join(server.dataDir, "leads.sqlite");

  // The customer, on her phone with JavaScript off.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const form = await customer.newPage();
  await form.goto(`${origin}${reviewLink(database, "sarah miles")}`);
  await form.getByRole("radio", { name: "4 stars" }).check();
  await form.getByLabel("Your review *").fill(REVIEW);
  await form.getByLabel("Your name as shown *").fill("sarah m.");
  await form.getByRole("checkbox", { name: /You may show my review/ }).check();
  await form.getByRole("button", { name: "Send my review" }).click();
  await expect(form.getByRole("heading", { level: 1, name: "Thank you for your review" })).toBeVisible();

  // The owner sees the name as the site will show it before he presses Publish.
  const owner = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await owner.newPage();
  await signUp(page, "Owner's phone", { origin, database });
  await page.goto(`${origin}/admin/reviews`);
  const review = page.getByRole("listitem").filter({ hasText: REVIEW });
  await expect(review).toContainText("4 of 5 stars from Sarah M.");
  await expect(review.getByRole("link", { name: /^K-\d+, sarah miles$/ })).toBeVisible();
  await expect(review).toContainText("Its name on the site: Sarah M. (written “sarah m.”)");
  await expect(review.getByLabel("Town")).toHaveValue("hitchin");
  await expectNoViolations(page);
  await review.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toContainText("Published: the review is on your site now");

  // In the testimonial, where he could still correct it, it is Sarah M. too.
  await page.goto(`${origin}/admin/site/testimonials`);
  await expect(page.getByRole("group", { name: "Sarah M., Hitchin" }).getByLabel("Name")).toHaveValue("Sarah M.");

  await addTestimonial(page, origin, "Seán O’B.", SEAN);
  await expect(page.getByRole("status")).toContainText("Draft saved");
  await addTestimonial(page, origin, "Jo", JO);
  await expect(page.getByRole("status")).toContainText("Draft saved");

  await addTestimonial(page, origin, "jo@example.com", AT);
  await expect(page.getByRole("alert")).toContainText("Nothing was saved.");
  const name = page.getByRole("group", { name: "Add a testimonial" }).getByLabel("Name");
  await expectFieldError(
    page,
    name,
    "A name cannot have an @ in it: this is not the place for an e-mail address. Use letters, spaces, hyphens, apostrophes and full stops only, e.g. Sarah M. or Jo.",
    "As the card shows it, e.g. Sarah M., or just a first name",
  );
  await expectNoViolations(page);

  // Saved: the two names as typed, Sarah M. first among the older ones; the @ one nowhere.
  await page.goto(`${origin}/admin/site/testimonials`);
  for (const group of ["Jo, Stevenage", "Seán O’B., Stevenage", "Sarah M., Hitchin"]) await expect(page.getByRole("group", { name: group })).toBeVisible();
  await expect(page.getByText("jo@example.com")).toHaveCount(0);

  await page.goto(`${origin}/admin/site`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toContainText("Live ✓");

  const visitor = await customer.newPage();
  await visitor.goto(`${origin}/gallery`);
  const said = (text: string) => visitor.locator("figure").filter({ hasText: text }).locator("figcaption");
  await expect(said(REVIEW)).toContainText("Sarah M., Hitchin");
  // Saving the testimonials page kept her review's own stars and month.
  const sarah = visitor.getByRole("figure", { name: "Sarah M., Hitchin" });
  await expect(sarah.locator('[aria-label="Rated 4 out of 5"]')).toHaveCount(1);
  await expect(sarah).toContainText("a review of a finished job");
  await expect(said(SEAN)).toContainText("Seán O’B., Stevenage");
  await expect(said(JO)).toContainText("Jo, Stevenage");
  await expect(visitor.getByText(AT)).toHaveCount(0);
  expect(await visitor.locator("body").innerText(), "never as she typed it").not.toContain("sarah m.");
  await customer.close();
  await owner.close();
});
