/**
 * Customers named as people are named leave their reviews on a 390 px phone with JavaScript off:
 * Siân J. and Zoë K. as their requests' names start the field, Jo typed in place of "Jo S.". A
 * name with digits in it is refused at its field, saying what a name may hold; nothing is saved
 * and the link stays open for the review with the name put right.
 */
import { expect, test } from "@playwright/test";
import { DatabaseSync } from "node:sqlite";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { requestReview, reviewPath } from "../../app/lib/reviews/reviews.server.ts";
import { expectFieldError, LEADS_DB, onlyIn } from "./support.ts";

onlyIn("phone", "The customer answers the review e-mail on a phone.");
test.use({ javaScriptEnabled: false });

const HINT = "e.g. Sarah M., or just your first name";
const REVIEW = "They found the slipped slates at once and the ceiling has stayed dry through the storms since.";

/** A won request under this name, and the review link its e-mail carries. */
function reviewLink(name: string): { link: string; reviewId: number } {
  const store = new LeadStore(LEADS_DB);
  try {
    const lead = store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email: "review@example.org", phone: "07700 900222", location: "Hitchin", message: "Slipped slates." }, { notify: false });
    store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(lead.id);
    const requested = requestReview(store, lead.id, { actor: "Test" })!;
    return { link: reviewPath(requested.token), reviewId: requested.review.id };
  } finally {
    store.close();
  }
}

/** The review as stored: its state and the name the customer gave. */
function storedReview(id: number) {
  const db = new DatabaseSync(LEADS_DB, { readOnly: true });
  try {
    return { ...(db.prepare("SELECT status, display_name AS name, stars FROM reviews WHERE id = ?").get(id) as { status: string; name: string | null; stars: number | null }) };
  } finally {
    db.close();
  }
}

for (const customer of [
  { request: "Siân Jones", startsWith: "Siân J.", types: undefined, shown: "Siân J." },
  { request: "Zoë Kowalska", startsWith: "Zoë K.", types: undefined, shown: "Zoë K." },
  { request: "Jo Smith", startsWith: "Jo S.", types: "Jo", shown: "Jo" },
]) {
  test(`${customer.shown} leaves a review with JavaScript off`, async ({ page }) => {
    const { link, reviewId } = reviewLink(customer.request);
    await page.goto(link);
    expect(await page.evaluate(() => document.querySelectorAll("script[src], script:not([type])").length), "no script runs").toBe(0);
    const name = page.getByLabel("Your name as shown *");
    await expect(name).toHaveAccessibleDescription(HINT);
    await expect(name).toHaveValue(customer.startsWith);
    if (customer.types) await name.fill(customer.types);
    await page.getByRole("radio", { name: "5 stars" }).check();
    await page.getByLabel("Your review *").fill(REVIEW);
    await page.getByRole("checkbox", { name: /You may show my review/ }).check();
    await page.getByRole("button", { name: "Send my review" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your review" })).toBeVisible();
    await expect(page.getByText(`We have it, ${customer.shown}${customer.shown.endsWith(".") ? "" : "."} Thank you for taking the time.`, { exact: true })).toBeVisible();
    expect(storedReview(reviewId)).toEqual({ status: "submitted", name: customer.shown, stars: 5 });
  });
}

test("a name with digits is refused at its field and the link stays open", async ({ page }) => {
  const { link, reviewId } = reviewLink("Dave 2");
  await page.goto(link);
  const name = page.getByLabel("Your name as shown *");
  await expect(name, "a request's name that fails the rule does not start the field").toHaveValue("");
  await name.fill("Dave 2");
  await page.getByRole("radio", { name: "4 stars" }).check();
  await page.getByLabel("Your review *").fill(REVIEW);
  await page.getByRole("checkbox", { name: /You may show my review/ }).check();
  await page.getByRole("button", { name: "Send my review" }).click();

  await expectFieldError(page, name, "A name cannot have digits in it. Use letters, spaces, hyphens, apostrophes and full stops only, e.g. Sarah M. or Jo.", HINT);
  // The rest of the answer is kept, and nothing is saved.
  await expect(name).toHaveValue("Dave 2");
  await expect(page.getByLabel("Your review *")).toHaveValue(REVIEW);
  await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /You may show my review/ })).toBeChecked();
  expect(storedReview(reviewId)).toEqual({ status: "requested", name: null, stars: null });

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "How did we do?" }), "the link is still open").toBeVisible();
  await page.getByLabel("Your name as shown *").fill("Dave");
  await page.getByRole("radio", { name: "4 stars" }).check();
  await page.getByLabel("Your review *").fill(REVIEW);
  await page.getByRole("button", { name: "Send my review" }).click();
  await expect(page.getByText("We have it, Dave. Thank you for taking the time.", { exact: true })).toBeVisible();
  expect(storedReview(reviewId)).toEqual({ status: "submitted", name: "Dave", stars: 4 });
});
