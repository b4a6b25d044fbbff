/**
 * On a wide screen the top bar shows the main links, an Areas We Cover menu with all 32 towns
 * (DECISIONS.md item 1) and the phone number. The menu works from the keyboard and closes the
 * way people expect: Escape, or a click anywhere else.
 */
import { expect, test, type Page } from "@playwright/test";
import { areaPath, areasIn, content, onlyIn, PHONE, TEL_HREF } from "./support.ts";

onlyIn("desktop", "The top-bar menu is for wide screens; phones have the Menu button.");
test.use({ javaScriptEnabled: false });

function areasButton(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Areas We Cover" });
}

/** The town links the visitor can see right now, by county. */
async function expectTownsShown(page: Page) {
  let total = 0;
  for (const region of content.regions) {
    const towns = areasIn(region);
    const links = page.getByRole("list", { name: region.name }).getByRole("link");
    await expect(links, `towns under ${region.name}`).toHaveText(towns.map((t) => t.name));
    for (const [i, town] of towns.entries()) await expect(links.nth(i)).toHaveAttribute("href", areaPath(town));
    total += towns.length;
  }
  expect(total).toBe(32);
}

async function expectTownsHidden(page: Page) {
  for (const region of content.regions) await expect(page.getByRole("list", { name: region.name })).toBeHidden();
}

test("Tab reaches Areas We Cover, Enter opens 32 towns grouped by county, Escape closes it", async ({ page }) => {
  await page.goto("/");
  const button = areasButton(page);
  await expectTownsHidden(page);

  for (let presses = 0; presses < 10 && !(await button.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press("Tab");
  }
  await expect(button, "reachable with Tab from the top of the page").toBeFocused();
  await page.keyboard.press("Enter");
  await expectTownsShown(page);

  await page.keyboard.press("Escape");
  await expectTownsHidden(page);
  await expect(button, "focus goes back to the button").toBeFocused();
});

test("a click outside the open menu closes it, and a town link in it opens that town's page", async ({ page }) => {
  await page.goto("/services");
  await areasButton(page).click();
  await expectTownsShown(page);
  // The top left of the page body lies outside the menu panel.
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expectTownsHidden(page);

  await areasButton(page).click();
  await page.getByRole("list", { name: "Essex" }).getByRole("link", { name: "Southend-on-Sea" }).click();
  await expect(page).toHaveURL("/areas/roofers-in-southend-on-sea/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roofers in Southend-on-Sea");
  await expectTownsHidden(page);
});

test("the top bar shows the main links and the phone number, which dials the business", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Home", "Our Services", "Gallery", "Contact"]);
  for (const [name, href] of [["Home", "/"], ["Our Services", "/services"], ["Gallery", "/gallery"], ["Contact", "/contact"]]) {
    await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href!);
  }
  const phone = page.getByRole("banner").getByRole("link", { name: `Call ${PHONE}` });
  await expect(phone).toBeVisible();
  await expect(phone).toHaveText(new RegExp(PHONE));
  await expect(phone).toHaveAttribute("href", TEL_HREF);
  await expect(page.getByRole("button", { name: "Menu" }), "the phone menu button is not shown").toBeHidden();
});
