/**
 * What the owner's browser journeys share: Chromium's virtual authenticator (a passkey device
 * driven over CDP), invites made straight in the test server's store, and signing up.
 */
import { expect, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/leads.server.ts";
import { createInvite, invitePath } from "../../app/lib/owner/invites.server.ts";
import { LEADS_DB, waitForHydration } from "./support.ts";

/** A platform authenticator that holds passkeys and says yes at once (a phone's screen lock). */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** What `npm run owner -- invite` does, on the test server's database (or another's): the invite's path. */
export function makeInvite(name: string, database = LEADS_DB): string {
  const store = new LeadStore(database);
  try {
    return invitePath(createInvite(store, { name }).token);
  } finally {
    store.close();
  }
}

/**
 * Opens a fresh invite, creates a passkey on the virtual authenticator, and lands in the inbox:
 * on the test server, or on a journey's own server given its origin and database.
 */
export async function signUp(page: Page, name = "Owner's phone", server?: { origin: string; database: string }) {
  const authenticator = await addVirtualAuthenticator(page);
  const invite = makeInvite(name, server?.database);
  await page.goto(`${server?.origin ?? ""}${invite}`);
  await waitForHydration(page.locator("form[data-passkey]"));
  await page.getByRole("button", { name: "Create passkey" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Requests" })).toBeVisible();
  return { ...authenticator, invite };
}

/** Sign out as on a phone: from More (the side menu has the same button from 1024 px). */
export async function signOut(page: Page) {
  await page.goto("/admin/more");
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
}
