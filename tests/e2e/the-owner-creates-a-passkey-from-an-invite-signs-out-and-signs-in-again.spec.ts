/**
 * Issue "the owner's inbox": an invite link → Create passkey → the inbox; Sign out → Sign in with
 * a passkey → the inbox again; the used invite link now says so and offers nothing.
 */
import { expect, test } from "@playwright/test";
import { signUp, signOut } from "./owner-support.ts";
import { waitForHydration } from "./support.ts";

test("the owner creates a passkey from an invite, signs out and signs in again", async ({ page }) => {
  const { invite } = await signUp(page, "Dave's phone");
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "__Host-kestrel-owner");
  expect(session, "the session cookie, kept by the browser on http://localhost").toMatchObject({ path: "/", httpOnly: true, secure: true, sameSite: "Lax" });
  expect(session!.value).toMatch(/^[\w-]{43}$/);
  expect(session!.expires * 1000 - Date.now()).toBeGreaterThan(29.9 * 86_400_000);
  expect(session!.expires * 1000 - Date.now()).toBeLessThanOrEqual(30 * 86_400_000);

  await signOut(page);
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expect(page.getByRole("status")).toHaveText("You are signed out.");
  await page.goto("/admin");
  await expect(page, "signed out, the inbox sends you to sign in").toHaveURL(/\/admin\/sign-in$/);

  await waitForHydration(page.locator("form[data-passkey]"));
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Requests" })).toBeVisible();

  await page.goto("/admin/passkeys");
  await expect(page.getByText("Dave's phone (this device)")).toBeVisible();

  await page.goto(invite);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invite link has already been used");
  await expect(page.getByRole("main").getByRole("button"), "a used link offers nothing else").toHaveCount(0);
});
