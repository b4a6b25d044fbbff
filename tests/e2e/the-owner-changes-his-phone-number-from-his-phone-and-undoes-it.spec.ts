/**
 * The owner, signed in on a 390 px phone, opens Your site, then its Phone, WhatsApp and e-mail
 * page, and changes his phone number. Your site then says what the draft changes; the preview shows it and the public page does not;
 * Publish puts it in every public page's header, call link and structured data; Undo, on the
 * published versions' page, brings the old number back. Run against a server of its own, so the
 * shared test server's pages stay as built.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { aliasPaths, canonicalPaths, fileContent } from "../../app/content/index.ts";
import { signUp } from "./owner-support.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expectNoViolations } from "./support.ts";

const OLD = fileContent.business.phone;
const NEW = { display: "01438 555123", e164: "+441438555123" };

let server: RunningServer;
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner changes his site from his phone.");
  server = await startServer();
});
test.afterAll(() => server?.stop());

async function expectEveryPageCalls(phone: { display: string; e164: string }) {
  for (const pagePath of [...canonicalPaths(), ...aliasPaths()]) {
    const html = await (await fetch(`${server.url}${pagePath}`)).text();
    expect(html, pagePath).toContain(`href="tel:${phone.e164}"`);
    expect(html, pagePath).toContain(phone.display);
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
    expect(ld, `${pagePath}: structured data`).toContain(`"telephone":"${phone.e164}"`);
  }
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toContainText("Live ✓");
}

test("the owner changes his phone number, previews it, publishes it everywhere, and undoes it", async ({ browser }) => {
  const origin = `http://localhost:${server.port}`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signUp(page, "Owner's phone", { origin, database: path.join(server.dataDir, "leads.sqlite") });

  await page.goto(`${origin}/admin/site`);
  await expect(page.getByRole("heading", { level: 1, name: "Your site" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your draft" }), "nothing waits yet").toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Phone, WhatsApp and e-mail" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Phone, WhatsApp and e-mail" })).toBeVisible();
  await page.getByLabel("Phone number", { exact: true }).fill(NEW.display);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  await expect(page.getByLabel("Phone number", { exact: true })).toHaveValue(NEW.display);
  await page.getByRole("main").getByRole("link", { name: "Back to Your site" }).click();
  await expect(page.getByText(`Phone number: ${OLD.display} → ${NEW.display}`)).toBeVisible();
  await expectNoViolations(page);

  const refusedStyles: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedStyles.push(message.text());
  });
  await page.getByRole("link", { name: "Preview", exact: true }).click();
  const bar = page.getByRole("note").filter({ hasText: "Preview of your draft" });
  await expect(bar).toBeVisible();
  // Styled by the site's own stylesheet, which its Content-Security-Policy allows: dark, on top, kept in view.
  expect(await bar.evaluate((el) => [getComputedStyle(el).position, getComputedStyle(el).backgroundColor])).toEqual(["sticky", "rgb(120, 53, 15)"]);
  expect(refusedStyles, "the browser refused no style of the preview").toEqual([]);
  await expect(page.locator(`a[href="tel:${NEW.e164}"]`).first()).toBeAttached();
  const visitor = await context.newPage();
  await visitor.goto(`${origin}/`);
  await expect(visitor.locator(`a[href="tel:${OLD.e164}"]`).first()).toBeAttached();
  expect(await visitor.locator(`a[href="tel:${NEW.e164}"]`).count(), "the public page does not show the draft").toBe(0);

  await page.goto(`${origin}/admin/site`);
  await publish(page);
  await expectNoViolations(page);
  await page.goto(`${origin}/admin/site/preview/`);
  await expect(page.getByRole("note")).toContainText("Nothing waiting to publish");
  await expect(page.getByText("Preview of your draft")).toHaveCount(0);
  await page.goto(`${origin}/admin/site`);
  await expectEveryPageCalls(NEW);
  await visitor.reload();
  await expect(visitor.locator(`a[href="tel:${NEW.e164}"]:visible`).first(), "the visitor's page calls the new number").toBeVisible();
  expect(await visitor.locator(`a[href="tel:${OLD.e164}"]`).count(), "and never the old one").toBe(0);

  await page.getByRole("main").getByRole("link", { name: "Published versions and Undo" }).click();

  await page.getByRole("button", { name: "Undo: go back to this version (the facts the site was built with)" }).click();
  await expect(page.getByText("Your draft will be replaced by the facts the site was built with. The live site changes only when you publish.")).toBeVisible();
  await page.getByRole("button", { name: "Yes, go back to this version" }).click();
  await expect(page.getByRole("status")).toContainText("That version is now your draft");
  await publish(page);
  await expectEveryPageCalls(OLD);
  await context.close();
});
