/**
 * axe-core finds no violation on any owner page, at phone and desktop width: sign-in, an invite
 * (fresh and used), the inbox (full, filtered to nothing), a request (with a note, an unsent
 * e-mail, an error, the delete confirmation), sources and passkeys.
 */
import { expect, test } from "@playwright/test";
import { LeadStore } from "../../app/lib/leads.server.ts";
import { addNote } from "../../app/lib/owner/inbox.server.ts";
import { makeInvite, signUp } from "./owner-support.ts";
import { expectNoViolations, LEADS_DB, uniqueName } from "./support.ts";

test("every owner page has no violations", async ({ page }, testInfo) => {
  const store = new LeadStore(LEADS_DB);
  let id: number;
  try {
    const name = uniqueName(testInfo, "Axe Visitor");
    id = store.add({ form: "contact", page: "/areas/roofers-in-watford/", name, email: "axe@example.org", phone: "01923 000000", location: "WD17 1AA", message: "Gutter over the door overflows." }, { notify: true }).id;
    addNote(store, id, "Left a voicemail.", "Axe");
  } finally {
    store.close();
  }

  await page.goto("/admin/sign-in");
  await expectNoViolations(page);
  await page.goto(makeInvite("Axe check"));
  await expectNoViolations(page);

  const { invite } = await signUp(page, "Axe phone");
  await expectNoViolations(page);
  for (const path of ["/admin?q=no-such-person-anywhere", `/admin/requests/${id}`, `/admin/requests/${id}?confirm=delete`, "/admin/sources", "/admin/passkeys", invite]) {
    await page.goto(path);
    await expectNoViolations(page);
  }

  await page.goto(`/admin/requests/${id}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write a note first.")).toBeVisible();
  await expectNoViolations(page);
});
