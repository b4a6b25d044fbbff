/**
 * Issue "the owner's inbox": signed in on a phone, the owner adds a passkey for a laptop, signs in
 * with it, and removes the phone's passkey, which signs the phone out.
 */
import { expect, test } from "@playwright/test";
import { addVirtualAuthenticator, signUp } from "./owner-support.ts";
import { onlyIn, waitForHydration } from "./support.ts";

onlyIn("desktop", "a laptop's passkey, added from a wide screen");

test("the owner adds a laptop's passkey, signs in with it and removes the lost phone's", async ({ page, browser }) => {
  await signUp(page, "Lost phone");
  // The laptop's browser, signed in as the phone is (its own passkey comes next).
  const laptopContext = await browser.newContext({ storageState: await page.context().storageState() });
  const laptop = await laptopContext.newPage();
  await addVirtualAuthenticator(laptop);

  await laptop.goto("/admin/passkeys");
  await waitForHydration(laptop.locator("form[data-passkey]"));
  await laptop.getByRole("textbox", { name: "Name for this passkey" }).fill("Office laptop");
  await laptop.getByRole("button", { name: "Add a passkey" }).click();
  await expect(laptop.getByRole("status")).toHaveText("Passkey added.");
  await expect(laptop.getByText("Office laptop", { exact: true })).toBeVisible();

  await laptop.getByRole("button", { name: "Sign out" }).click();
  await waitForHydration(laptop.locator("form[data-passkey]"));
  await laptop.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(laptop).toHaveURL(/\/admin$/);

  await laptop.goto("/admin/passkeys");
  await expect(laptop.getByText("Office laptop (this device)")).toBeVisible();
  await laptop.getByRole("button", { name: "Remove Lost phone" }).click();
  await expect(laptop.getByRole("status")).toHaveText("Passkey removed, and every session it signed in ended.");
  await expect(laptop.getByRole("list", { name: "Passkey changes, newest first" })).toContainText("Office laptop removed a passkey (Lost phone)");

  await page.reload();
  await expect(page, "the phone's session ended with its passkey").toHaveURL(/\/admin\/sign-in/);
  await waitForHydration(page.locator("form[data-passkey]"));
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText("This passkey is not known here")).toBeVisible();
  await laptopContext.close();
});
