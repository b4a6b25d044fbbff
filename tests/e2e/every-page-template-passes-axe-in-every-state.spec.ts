/**
 * axe-core finds no violation, best-practice rules included, on every page template at phone and
 * desktop width, also with the menus open and with the contact form showing its errors.
 */
import { expect, test } from "@playwright/test";
import { PAGE_TEMPLATES } from "./page-templates.ts";
import { expectNoViolations } from "./support.ts";

for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
  test(`the ${name} page has no violations`, async ({ page }) => {
    await page.goto(path);
    await expectNoViolations(page);
  });
}

test("the phone menu, open with its areas list expanded, has no violations", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "the menu button shows on phones");
  await page.goto("/");
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await menu.getByText("Areas We Cover").click();
  await expect(menu.getByRole("link", { name: "Rayleigh" })).toBeVisible();
  await expectNoViolations(page);
});

test("the open areas menu has no violations", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the areas menu button shows on wide screens");
  await page.goto("/gallery");
  await page.getByRole("button", { name: "Areas We Cover" }).click();
  await expect(page.locator("#areas-menu").getByRole("link", { name: "Rayleigh" })).toBeVisible();
  await expectNoViolations(page);
});

test("the contact form showing every error has no violations", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Email Address").fill("not-an-address");
  await page.getByLabel("Phone Number").fill("12ab");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expectNoViolations(page);
});
