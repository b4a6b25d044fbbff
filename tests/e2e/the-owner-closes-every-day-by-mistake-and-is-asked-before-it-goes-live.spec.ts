/**
 * The owner, on a 390 px phone, ticks Closed all day on every row of his opening hours, on Your
 * site's hours page, whose bar (Save draft, then Preview and Publish) stays on screen above the
 * tab bar wherever he scrolls. The page warns in words once saved; the bar's Publish publishes
 * nothing and asks, with Publish anyway; the plain Publish replayed (a scanner replaying his
 * forms) publishes nothing either and leaves the question on his screen standing; only Publish
 * anyway puts it live. Undo asks in words before it replaces the draft, and nothing changes until
 * Yes. Run against a server of its own, so the shared test server's pages stay as built.
 */
import path from "node:path";
import { expect, test, type Locator } from "@playwright/test";
import { signUp } from "./owner-support.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expectNoViolations } from "./support.ts";

/** How the footer of every page shows the weekday hours. */
const HOURS = "8:00–18:00";
const PAGES = ["/", "/contact", "/areas/roofers-in-hitchin/"];

let server: RunningServer;
test.describe.configure({ timeout: 180_000 });
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner changes his site from his phone.");
  server = await startServer();
});
test.afterAll(() => server?.stop());

/** The bar's button stays on screen, its foot 4 rem above the screen's (the tab bar's place), at the top of the page and at its foot. */
async function expectBarAboveTheTabBar(button: Locator) {
  const page = button.page();
  for (const scrolled of [0, 100_000]) {
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
    const box = (await button.boundingBox())!;
    const bar = (await page.locator("[data-draft-bar]").boundingBox())!;
    expect(Math.abs(bar.y + bar.height - (844 - 64)), `scrolled to ${scrolled}: the bar ends where the tab bar starts (to a pixel)`).toBeLessThanOrEqual(1);
    expect(box.y, `scrolled to ${scrolled}: the button is inside the bar`).toBeGreaterThanOrEqual(bar.y);
  }
}

async function expectHours(shown: boolean) {
  for (const pagePath of PAGES) {
    const html = await (await fetch(`${server.url}${pagePath}`)).text();
    if (shown) expect(html, `${pagePath} keeps its hours`).toContain(HOURS);
    else expect(html, `${pagePath} shows closed`).not.toContain(HOURS);
  }
}

test("the owner closes every day by mistake, is warned, survives a replayed Publish, and goes live only with Publish anyway", async ({ browser }) => {
  const origin = `http://localhost:${server.port}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signUp(page, "Owner's phone", { origin, database: path.join(server.dataDir, "leads.sqlite") });

  await page.goto(`${origin}/admin/site/hours`);
  await expect(page.getByRole("heading", { level: 1, name: "Opening hours and closures" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" }), "nothing waits to publish").toHaveCount(0);
  for (const box of await page.getByRole("checkbox", { name: "Closed all day" }).all()) await box.check();
  await expectBarAboveTheTabBar(page.getByRole("button", { name: "Save draft" }));
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  const warnings = page.getByRole("list", { name: "Warnings" });
  await expect(warnings).toHaveText("Warning: the site will show you closed every day.");
  await expect(page.getByRole("link", { name: "Preview", exact: true })).toBeVisible();
  await expectBarAboveTheTabBar(page.getByRole("button", { name: "Publish", exact: true }));
  await expectNoViolations(page);

  // The first Publish publishes nothing: it asks.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Nothing was published: this draft would turn every visitor away.");
  await expect(alert).toContainText("Warning: the site will show you closed every day.");
  await expect(alert.getByRole("button", { name: "Publish anyway" })).toBeVisible();
  await expectNoViolations(page);
  await expectHours(true);

  // The plain Publish replayed, twice: nothing goes live, and the question on screen still stands.
  const from = await page.getByRole("alert").locator('input[name="from"]').inputValue();
  for (let i = 0; i < 2; i++) {
    const replayed = await context.request.post(`${origin}/admin/site`, { form: { intent: "publish", from }, headers: { Origin: origin }, maxRedirects: 0 });
    expect(replayed.status(), "the replayed Publish only asks").toBe(409);
  }
  await expectHours(true);

  await alert.getByRole("button", { name: "Publish anyway" }).click();
  await expect(page.getByRole("status")).toContainText("Live ✓");
  await expectHours(false);

  // Undo asks in words; nothing changes until Yes.
  await page.getByRole("main").getByRole("link", { name: "Published versions and Undo" }).click();
  await page.getByRole("button", { name: "Undo: go back to this version (the facts the site was built with)" }).click();
  await expect(page.getByText("Your draft will be replaced by the facts the site was built with. The live site changes only when you publish.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish", exact: true }), "no draft yet").toHaveCount(0);
  await expectNoViolations(page);
  await page.getByRole("button", { name: "Yes, go back to this version" }).click();
  await expect(page.getByRole("status")).toContainText("That version is now your draft");
  await expect(page.getByRole("list", { name: "Warnings" }), "the hours are back: no warning").toHaveCount(0);
  await expectHours(false);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toContainText("Live ✓");
  await expectHours(true);
  await context.close();
});
