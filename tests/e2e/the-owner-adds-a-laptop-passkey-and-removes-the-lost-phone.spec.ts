/**
 * Issue "the owner's inbox": signed in on a phone, the owner adds a passkey for a laptop, signs in
 * with it, and removes the phone's passkey, which signs the phone out.
 */
import { expect, test } from "@playwright/test";
import { addVirtualAuthenticator, signUp, signOut } from "./owner-support.ts";
import { onlyIn, uniqueName, waitForHydration } from "./support.ts";

onlyIn("desktop", "a laptop's passkey, added from a wide screen");

test("the owner adds a laptop's passkey, signs in with it and removes the lost phone's", async ({ page, browser }, testInfo) => {
  // Names of this run only: the test server's store keeps the passkeys of every run.
  const phoneName = uniqueName(testInfo, "Lost phone");
  const laptopName = uniqueName(testInfo, "Office laptop");
  await signUp(page, phoneName);
  // The laptop's browser, signed in as the phone is (its own passkey comes next).
  const laptopContext = await browser.newContext({ storageState: await page.context().storageState() });
  const laptop = await laptopContext.newPage();
  await addVirtualAuthenticator(laptop);

  await laptop.goto("/admin/passkeys");
  await waitForHydration(laptop.locator("form[data-passkey]"));
  await laptop.getByRole("textbox", { name: "Name for this passkey" }).fill(laptopName);
  await laptop.getByRole("button", { name: "Add a passkey" }).click();
  await expect(laptop.getByRole("status")).toHaveText("Passkey added.");
  await expect(laptop.getByText(laptopName, { exact: true })).toBeVisible();

  await signOut(laptop);
  await waitForHydration(laptop.locator("form[data-passkey]"));
  await laptop.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(laptop).toHaveURL(/\/admin$/);

  await laptop.goto("/admin/passkeys");
  await expect(laptop.getByText(`${laptopName} (this device)`)).toBeVisible();
  await laptop.getByRole("button", { name: `Remove ${phoneName}` }).click();
  // Removing asks first: it signs out every browser the passkey signed in.
  await expect(laptop.getByText(`Remove ${phoneName}? Every browser it signed in is signed out.`)).toBeVisible();
  await laptop.getByRole("button", { name: "Remove passkey" }).click();
  await expect(laptop.getByRole("status")).toHaveText("Passkey removed, and every session it signed in ended.");
  await expect(laptop.getByRole("list", { name: "Passkey changes, newest first" })).toContainText(`${laptopName} removed a passkey (${phoneName})`);

  await page.reload();
  await expect(page, "the phone's session ended with its passkey").toHaveURL(/\/admin\/sign-in/);
  await waitForHydration(page.locator("form[data-passkey]"));
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("This passkey is not known here")).toBeVisible();
  await laptopContext.close();
});
