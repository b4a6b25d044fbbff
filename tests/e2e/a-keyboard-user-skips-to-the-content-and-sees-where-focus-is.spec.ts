import { expect, test } from "@playwright/test";

test("the first Tab reaches the skip link, which moves focus to the main content", async ({ page }) => {
  await page.goto("/services");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await page.keyboard.press("Tab");
  // The next stop is inside the page's content, not back in the header.
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
});

test("every focused control shows a visible outline", async ({ page }) => {
  await page.goto("/");
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    expect(outline.style).not.toBe("none");
    expect(outline.width).toBeGreaterThanOrEqual(2);
  }
});

test("nothing moves for a visitor who asks for reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("smooth");
});

test("after a quote is sent, the page opens at the thank-you notice and Tab continues from there", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one width is enough for where focus goes");
  await page.goto("/guttering-fascias-in-stevenage");
  await page.getByLabel("Your Name *").fill(`Focus Check ${Date.now()}`);
  await page.getByLabel("Email Address *").fill("focus@example.org");
  await page.getByLabel("Phone Number *").fill("01438 222333");
  await page.getByLabel("Project Description *").fill("New gutters at the back");
  await page.getByRole("button", { name: "Get My Free Quote" }).click();
  const notice = page.getByText("Thank you! We'll get back to you within 24 hours.");
  await expect(notice).toBeInViewport();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Your Name *")).toBeFocused();
});
