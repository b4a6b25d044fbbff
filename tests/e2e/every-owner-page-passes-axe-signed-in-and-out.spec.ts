/**
 * axe-core finds no violation on any owner page, at phone and desktop width: sign-in, an invite
 * (fresh and used), the inbox (full, filtered to nothing, with a quote about to expire), a request
 * (with a photo, a note, an unsent e-mail, an error, the delete confirmation, its quotes), a quote
 * (a draft with a wrong price, a sent one, an expired one), sources, passkeys and every page of
 * Your site (its overview and each short page); and the customer's quote link when it is open,
 * unknown, expired or replaced.
 */
import { expect, test } from "@playwright/test";
import { LeadStore } from "../../app/lib/leads.server.ts";
import { addNote } from "../../app/lib/owner/inbox.server.ts";
import { createQuote, expireDue, quotePath, reviseQuote, saveDraft, sendQuote } from "../../app/lib/owner/quotes.server.ts";
import { storedPhoto } from "../support/owner.ts";
import { makeInvite, signUp } from "./owner-support.ts";
import { expectNoViolations, LEADS_DB, uniqueName } from "./support.ts";

// Several pages to a test, each checked by axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("the sign-in page and an invite have no violations", async ({ page }) => {
  await page.goto("/admin/sign-in");
  await expectNoViolations(page);
  await page.goto(makeInvite("Axe check"));
  await expectNoViolations(page);
});

test("the inbox, sources, passkeys, notifications, every page of Your site and a used invite have no violations", async ({ page }) => {
  const { invite } = await signUp(page, "Axe phone");
  await expectNoViolations(page);
  for (const path of ["/admin?q=no-such-person-anywhere", "/admin/sources", "/admin/insights", "/admin/insights?period=months", "/admin/help", "/admin/passkeys", "/admin/notifications", "/admin/site", "/admin/site/contact", "/admin/site/hours", "/admin/site/promises", "/admin/site/social", "/admin/site/versions", "/admin/site/testimonials", "/admin/site/gallery", "/admin/site/texts", "/admin/site/texts?page=services:roof-repairs", "/admin/reviews", invite]) {
    await page.goto(path);
    await expectNoViolations(page);
  }
});

test("a request, its delete confirmation and a note error have no violations", async ({ page }, testInfo) => {
  const store = new LeadStore(LEADS_DB);
  let id: number;
  try {
    const name = uniqueName(testInfo, "Axe Visitor");
    const lead = { form: "quote" as const, page: "/areas/roofers-in-watford/", name, email: "axe@example.org", phone: "01923 000000", location: "WD17 1AA", message: "Gutter over the door overflows." };
    id = store.add(lead, { notify: true, photos: [storedPhoto(store)] }).id;
    addNote(store, id, "Left a voicemail.", "Axe");
  } finally {
    store.close();
  }
  await signUp(page, "Axe phone");
  for (const path of [`/admin/requests/${id}`, `/admin/requests/${id}?confirm=delete`]) {
    await page.goto(path);
    await expectNoViolations(page);
  }
  await page.goto(`/admin/requests/${id}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write a note first.")).toBeVisible();
  await expectNoViolations(page);
});

test("quotes, the inbox's expiring list and the customer's open and closed links have no violations", async ({ page }, testInfo) => {
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
    const draft = createQuote(store, lead.id, { actor: "Axe" })!;
    paths.owner = [`/admin/requests/${lead.id}`, `/admin/quotes/${expiring.quote.id}`, `/admin/quotes/${expired.quote.id}`, `/admin/quotes/${draft.id}`];
    paths.customer = [quotePath(expiring.token), quotePath("A".repeat(43)), quotePath(expired.token), quotePath(replaced.token)];
  } finally {
    store.close();
  }
  await signUp(page, "Axe phone");
  await expect(page.getByRole("heading", { name: "Quotes about to expire" })).toBeVisible();
  await expectNoViolations(page);
  for (const path of [...paths.owner, ...paths.customer]) {
    await page.goto(path);
    await expectNoViolations(page);
  }
  await page.goto(paths.owner.at(-1)!);
  await page.getByRole("group", { name: "Line 1" }).getByLabel("Unit price (£)").fill("12.505");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("An amount in pounds, such as 450 or 12.50.")).toBeVisible();
  await expectNoViolations(page);
});
