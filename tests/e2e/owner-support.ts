/**
 * What the owner's browser journeys share: Chromium's virtual authenticator (a passkey device
 * driven over CDP), invites made straight in the test server's store, and signing up.
 */
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { createInvite, invitePath } from "../../app/lib/owner/invites.server.ts";
import { startServer } from "../support/server.ts";
import { startSmtp } from "../support/smtp.ts";
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

/** The owner's phone, as the journeys on a server of their own hold it. */
export const PHONE_VIEW = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * A journey's own server with e-mail set up (to a real SMTP server, `smtp`, the owner's address
 * office@example.com), and the owner signed up on his phone (`owner`); `close` ends them all.
 * `env` adds to the server's settings; `dataDir` starts it on a folder made ready beforehand.
 */
export async function ownerOnAServerWithMail(browser: Browser, env: Record<string, string> = {}, dataDir?: string) {
  const smtp = await startSmtp();
  const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LEADS_NOTIFY_TO: "office@example.com", ...env }, dataDir);
  const origin = `http://localhost:${server.port}`;
  const owner = await (await browser.newContext(PHONE_VIEW)).newPage();
  await signUp(owner, "Owner's phone", { origin, database: path.join(server.dataDir, "leads.sqlite") });
  const close = async () => {
    await owner.context().close();
    await server.stop();
    await smtp.close();
  };
  return { smtp, server, origin, owner, close };
}
