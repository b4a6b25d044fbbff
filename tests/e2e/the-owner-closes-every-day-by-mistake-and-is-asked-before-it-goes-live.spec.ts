/**
 * The owner, on a 390 px phone, ticks Closed all day on every row of his opening hours. The
 * draft's summary warns in words; Publish publishes nothing and asks, with Publish anyway; the
 * plain Publish replayed (a scanner replaying his forms) publishes nothing either and leaves the
 * question on his screen standing; only Publish anyway puts it live. Undo asks in words before it
 * replaces the draft, and nothing changes until Yes. Run against a server of its own, so the
 * shared test server's pages stay as built.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signUp } from "./owner-support.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expectNoViolations } from "./support.ts";

/** How the footer of every page shows the weekday hours. */
const HOURS = "8:00\u00a0AM –\u00a06:00\u00a0PM";
const PAGES = ["/", "/contact", "/areas/roofers-in-hitchin/"];

let server: RunningServer;
test.describe.configure({ timeout: 180_000 });
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner changes his site from his phone.");
  server = await startServer();
});
test.afterAll(() => server?.stop());

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

  await page.getByRole("navigation", { name: "Owner" }).getByRole("link", { name: "Your site" }).click();
  for (const box of await page.getByRole("checkbox", { name: "Closed all day" }).all()) await box.check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  const warnings = page.getByRole("list", { name: "Warnings" });
  await expect(warnings).toHaveText("Warning: the site will show you closed every day.");

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
  await page.getByRole("button", { name: "Undo: go back to this version (the facts the site was built with)" }).click();
  await expect(page.getByText("Your draft will be replaced by the facts the site was built with. The live site changes only when you publish.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your draft" }), "no draft yet").toHaveCount(0);
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
