/**
 * On a phone the navigation sits behind a Menu button, with the 32 towns in an expandable list
 * grouped by county (DECISIONS.md item 1). It needs no JavaScript, and the call button floats
 * within reach of the thumb.
 */
import { expect, test, type Page } from "@playwright/test";
import { areaPath, areasIn, content, onlyIn, PHONE, TEL_HREF } from "./support.ts";

onlyIn("phone", "The menu button and the floating call button are for narrow screens.");

async function openAreas(page: Page) {
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu).toBeVisible();
  const towns = menu.getByRole("link", { name: "Stevenage", exact: true });
  await expect(towns, "the town list starts folded").toBeHidden();
  await menu.getByText("Areas We Cover").click();
  return menu;
}

async function expectAllTowns(page: Page) {
  const menu = page.getByRole("navigation", { name: "Mobile" });
  let total = 0;
  for (const region of content.regions) {
    const towns = areasIn(region);
    const list = menu.getByRole("list", { name: region.name });
    const links = list.getByRole("link");
    await expect(links, `towns under ${region.name}`).toHaveText(towns.map((t) => t.name));
    for (const [i, town] of towns.entries()) await expect(links.nth(i)).toHaveAttribute("href", areaPath(town));
    await expect(menu.getByRole("heading", { name: region.name })).toBeVisible();
    total += towns.length;
  }
  expect(total).toBe(32);
  const hrefs = await menu.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.filter((href) => href.startsWith("/areas/")), "32 different town links in the menu").toHaveLength(32);
  expect(new Set(hrefs.filter((href) => href.startsWith("/areas/"))).size).toBe(32);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Menu button opens the menu, Areas We Cover unfolds 32 towns by county, and a town link opens its page", async ({ page }) => {
    await page.goto("/");
    const menu = await openAreas(page);
    await expectAllTowns(page);

    await menu.getByRole("link", { name: "Bishop's Stortford" }).click();
    await expect(page).toHaveURL("/areas/roofers-in-bishops-stortford/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roofers in Bishop's Stortford");
    await expect(page.getByRole("navigation", { name: "Mobile" }), "the menu is closed on the new page").toBeHidden();
  });

  test("Escape closes the menu, and so does its close button", async ({ page }) => {
    await page.goto("/gallery");
    const open = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await open.click();
    await expect(menu.getByRole("link", { name: "Gallery" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await open.click();
    await expect(menu).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("the floating call button dials the business and is on screen without scrolling, and stays there", async ({ page }) => {
    await page.goto("/");
    // The floating button is the last of the page's call links.
    const call = page.getByRole("link", { name: `Call ${PHONE}` }).last();
    await expect(call).toHaveAttribute("href", TEL_HREF);
    await expect(call).toBeInViewport();
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect(call).toBeInViewport();
    await expect(page.getByRole("banner").getByRole("link", { name: new RegExp(PHONE) }), "the top bar's number is for wider screens").toBeHidden();
  });
});

test.describe("with JavaScript", () => {
  test("on the contact page, whose form runs a script, the menu still reaches a town page", async ({ page }) => {
    await page.goto("/contact");
    const menu = await openAreas(page);
    await expectAllTowns(page);
    await menu.getByRole("link", { name: "Totteridge & Whetstone" }).click();
    await expect(page).toHaveURL("/areas/roofers-in-totteridge-and-whetstone/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roofers in Totteridge & Whetstone");
  });
});
