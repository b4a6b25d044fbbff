/**
 * Insights on a 390 px phone. Seven phones (a phone's user agent each: Headless Chromium calls
 * itself a bot, which is not counted) open the Maldon town page, and one of them sends a quote
 * request from it. The owner opens Insights, reads the town page's one request at 14 % of its
 * visitors, follows the figure to the request, marks it Won, and sees Won become 1. His own visit
 * to the town page leaves the counts alone. axe finds nothing on Insights and the filtered inbox.
 *
 * Runs against a server of its own, so the counts are this journey's only.
 */
import path from "node:path";
import { expect, test } from "@playwright/test";
import { signUp } from "./owner-support.ts";
import { postForm, QUOTE, startServer, type RunningServer } from "../support/server.ts";
import { expectNoViolations, uniqueName } from "./support.ts";

const TOWN = "/areas/roofers-in-maldon/";
const phone = (model: string) => `Mozilla/5.0 (Linux; Android 14; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36`;

let server: RunningServer;
test.describe.configure({ timeout: 90_000 });
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner reads Insights on his phone.");
  server = await startServer();
});
test.afterAll(() => server?.stop());

test("the owner reads a town page's one request at 14 %, follows it, marks it Won, and Won becomes 1", async ({ browser }, testInfo) => {
  const name = uniqueName(testInfo, "Maldon Insight");
  for (const model of ["Pixel 8", "Pixel 7", "SM-S918B", "SM-A546B", "moto g84", "CPH2581", "2312DRA50G"]) {
    expect((await fetch(`${server.url}${TOWN}`, { headers: { "user-agent": phone(model), referer: "https://www.google.co.uk/" } })).status).toBe(200);
  }
  expect((await postForm(server, TOWN, { ...QUOTE, name })).status).toBe(303);

  const origin = `http://localhost:${server.port}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: phone("Pixel 9") });
  const page = await context.newPage();
  await signUp(page, "Owner's phone", { origin, database: path.join(server.dataDir, "leads.sqlite") });
  // His own visit, signed in, with a phone's user agent: not counted.
  await page.goto(`${origin}${TOWN}`);

  const row = () => page.getByRole("region", { name: "Pages: views, visitors, requests, surveys booked online, work won and paid" }).getByRole("row").filter({ hasText: "Maldon town page" });
  // Counts are written every 2 s: Insights has them within 5.
  await expect(async () => {
    await page.goto(`${origin}/admin/insights`);
    await expect(row()).toContainText("14 %", { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(row().getByRole("cell")).toHaveText(["7", "7", "1 requests from the Maldon town page", "14 %", "0", "0", "£0.00", "£0.00"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page never scrolls sideways").toBeLessThanOrEqual(390);
  await expectNoViolations(page);

  await row().getByRole("link", { name: "1 requests from the Maldon town page" }).click();
  await expect(page.getByText(/^Requests from the Maldon town page, /)).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole("link", { name: new RegExp(`^${name}`) }).click();
  await page.getByRole("radio", { name: /^Won/ }).check();
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByRole("status")).toHaveText("Status saved.");

  await page.goto(`${origin}/admin/insights`);
  await expect(row().getByRole("cell")).toHaveText(["7", "7", "1 requests from the Maldon town page", "14 %", "0", "1 won from the Maldon town page", "£0.00", "£0.00"]);
  await context.close();
});
