/**
 * Issue 36 §1 and §4, on a 390 px phone against the real server: the owner signs in and opens
 * the inbox, a request and the diary with signal. His phone keeps them. The signal goes: the
 * request and the diary open again, each with the bar "No signal. Showing what you had at …";
 * Insights and a closed request, never kept, open the app's own page with links to the inbox and
 * the diary. Back online, signing out leaves nothing kept on the phone. The public site has no
 * service worker.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { PHONE_VIEW, signUp } from "./owner-support.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expectNoViolations } from "./support.ts";

let server: RunningServer;

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "No signal is the owner's phone on a roof.");
  server = await startServer({});
});
test.afterAll(async () => {
  await server?.stop();
});

/** An open request and a lost one. */
function requests(): { open: number; lost: number } {
  const store = new LeadStore(path.join(server.dataDir, "leads.sqlite"));
  try {
    const add = (name: string) =>
      store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email: "", phone: "07700 900456", location: "12 Bancroft, Hitchin SG5 1JW", message: "Slipped tiles." }).id;
    const open = add("Margaret Hill");
    const lost = add("Peter Lost");
    store.db.prepare("UPDATE leads SET status = 'lost' WHERE id = ?").run(lost);
    return { open, lost };
  } finally {
    store.close();
  }
}

/** The pages the owner's phone keeps, as paths. */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("owner-pages-")) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

const BAR = /^No signal\. Showing what you had at \w{3} \d{1,2} \w{3}, \d{2}:\d{2}\.$/;

test("with no signal the kept request and diary open with the No signal bar, a page never kept opens the app's own page, and signing out forgets them", async ({ browser }) => {
  const { open, lost } = requests();
  const origin = `http://localhost:${server.port}`;
  const context = await browser.newContext(PHONE_VIEW);
  const page = await context.newPage();
  const { cdp } = await signUp(page, "Owner's phone", { origin, database: path.join(server.dataDir, "leads.sqlite") });

  await page.goto(`${origin}/admin/requests/${open}`);
  await expect(page.getByRole("heading", { level: 1, name: /Margaret Hill/ })).toBeVisible();
  await page.goto(`${origin}/admin/diary`);
  await expect(page.getByRole("heading", { level: 1, name: "Diary" })).toBeVisible();
  await expect.poll(() => keptPaths(page), { timeout: 20_000 }).toEqual(expect.arrayContaining(["/admin", "/admin/diary", `/admin/requests/${open}`, "/admin/offline", "/admin/money", "/admin/help", `/admin/requests/${open}/visits/new`]));
  expect(await keptPaths(page), "a closed request is not kept").not.toContain(`/admin/requests/${lost}`);

  // No signal (the passkey device's CDP session closed first, so the context can go offline).
  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`${origin}/admin/requests/${open}`);
  await expect(page.getByRole("heading", { level: 1, name: /Margaret Hill/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No signal" })).toHaveText(BAR);
  await page.goto(`${origin}/admin/diary`);
  await expect(page.getByRole("heading", { level: 1, name: "Diary" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No signal" })).toHaveText(BAR);
  await page.goto(`${origin}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Requests" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No signal" })).toHaveText(BAR);

  for (const never of ["/admin/insights", `/admin/requests/${lost}`]) {
    await page.goto(`${origin}${never}`);
    await expect(page.getByRole("heading", { level: 1, name: "Not saved on your phone" })).toBeVisible();
    await expect(page.getByText("This page was not saved on your phone. It opens when you have signal.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Open requests" })).toHaveAttribute("href", "/admin");
    await expect(page.getByRole("link", { name: "Open the diary" })).toHaveAttribute("href", "/admin/diary");
  }
  await expectNoViolations(page);

  // Signal again: signing out leaves nothing of his pages on the phone.
  await context.setOffline(false);
  await page.goto(`${origin}/admin/more`);
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);

  // The public site: no service worker, no script.
  await page.goto(`${origin}/`);
  expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration("/")))).toBe(false);
  expect(await page.locator("script[src]").count()).toBe(0);
  await context.close();
});
