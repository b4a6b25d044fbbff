/**
 * axe-core finds no violation on any owner page, at phone and desktop width: sign-in, an invite
 * (fresh and used), the inbox (full, filtered to nothing), a request (with a photo, a note, an
 * unsent e-mail, an error, the delete confirmation), sources and passkeys.
 */
import { expect, test } from "@playwright/test";
import { LeadStore } from "../../app/lib/leads.server.ts";
import { addNote } from "../../app/lib/owner/inbox.server.ts";
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

test("the inbox, sources, passkeys and a used invite have no violations", async ({ page }) => {
  const { invite } = await signUp(page, "Axe phone");
  await expectNoViolations(page);
  for (const path of ["/admin?q=no-such-person-anywhere", "/admin/sources", "/admin/passkeys", invite]) {
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
