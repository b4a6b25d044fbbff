/**
 * The owner, signed in on a phone, turns on notifications. Headless Chromium has no push service,
 * so only `PushManager.subscribe` is replaced: it returns a subscription whose endpoint is a real
 * push service on loopback, which checks the server's VAPID signature and decrypts each push.
 * Everything else is real: the permission, the service worker registered for /admin/ only, the
 * server storing the device, queueing the test push and the push for a new request. The pushes
 * the service decrypted are then delivered to the service worker (over CDP), which shows them.
 * No public page gets a service worker or a script.
 *
 * The journey runs against a server of its own that trusts the push service's certificate.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./owner-support.ts";
import { postForm, QUOTE, startServer, type RunningServer } from "../support/server.ts";
import { startPushReceiver, type PushReceiver } from "../support/push-receiver.ts";
import { expectNoViolations } from "./support.ts";
import { CHROME_ARGS, CHROME_PATH } from "../support/chrome.ts";

let receiver: PushReceiver;
let server: RunningServer;

test.describe.configure({ timeout: 90_000 });
// The whole browser: its headless shell, which the other tests drive, shows no notifications.
test.use({ launchOptions: { executablePath: CHROME_PATH, args: CHROME_ARGS } });

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "Notifications are for the owner's phone.");
  receiver = await startPushReceiver();
  server = await startServer({ NODE_EXTRA_CA_CERTS: receiver.caFile, FORM_RATE_LIMIT: "1000" });
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

/** The notifications the owner's service worker is showing. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/admin/");
    const shown = registration ? await registration.getNotifications() : [];
    return shown.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url }));
  });
}

test("turning on notifications registers the owner's service worker, and a test and a new request arrive decrypted and are shown", async ({ browser }) => {
  const origin = `http://localhost:${server.port}`;
  const database = path.join(server.dataDir, "leads.sqlite");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.grantPermissions(["notifications"], { origin });
  const subscription = receiver.subscribe("owner-phone");
  // The one stand-in: the browser's push service. The page gets the loopback service's subscription.
  await context.addInitScript((sub) => {
    const fake = { ...sub, toJSON: () => sub, getKey: () => null, unsubscribe: async () => true };
    PushManager.prototype.subscribe = async () => fake as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => null;
  }, subscription);
  const page = await context.newPage();
  await signUp(page, "Owner's phone", { origin, database });

  await page.getByRole("navigation", { name: "Owner" }).getByRole("link", { name: "More" }).click();
  await page.getByRole("main").getByRole("link", { name: /^Notifications/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByText("No device gets notifications yet.")).toBeVisible();
  await expect(page.getByText(/needs JavaScript and a browser that can receive them/), "a browser that can: no 'cannot' line").toBeHidden();
  await page.getByRole("button", { name: "Turn on notifications on this device" }).click();

  await expect(page.getByRole("status")).toHaveText("Notifications are on for this device.");
  await expect(page.getByText("Chrome on Android", { exact: true })).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/admin/"))?.scope);
  expect(scope, "the service worker's scope is the owner's area only").toBe(`${origin}/admin`);
  await expectNoViolations(page);

  await page.getByRole("button", { name: "Send a test notification" }).click();
  await expect(page.getByRole("status")).toContainText("Test notification sent");
  const [test] = await receiver.waitFor(1, 10_000);
  expect(JSON.parse(test!.payload!)).toMatchObject({ title: "Test notification", url: "/admin/notifications" });

  // A visitor's request: the phone is told who, where and which page.
  const response = await postForm(server, "/areas/roofers-in-hitchin/", { ...QUOTE, name: "Sarah Morgan", address: "3 Bancroft, Hitchin" });
  expect(response.status).toBe(303);
  const pushes = await receiver.waitFor(2, 10_000);
  const request = JSON.parse(pushes[1]!.payload!) as { title: string; body: string; url: string };
  expect(request).toMatchObject({ title: "New quote request", body: "Sarah M. · Hitchin · Hitchin town page" });
  expect(request.url).toMatch(/^\/admin\/requests\/\d+$/);

  // What the push service decrypted goes to the service worker, which shows each one.
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const owner = registrations.find((r) => r.scopeURL === `${origin}/admin` && !r.isDeleted);
      if (owner) resolve(owner.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  // The worker must be active before a push can reach it; on a busy machine the first delivery can
  // land while it is still starting, so each round delivers both pushes again and looks once more.
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await expect(async () => {
    for (const push of pushes) await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: push.payload! });
    await expect.poll(() => shownNotifications(page), { timeout: 3_000 }).toEqual(
      expect.arrayContaining([
        { title: "Test notification", body: "Notifications work on this device.", url: "/admin/notifications" },
        { title: "New quote request", body: "Sarah M. · Hitchin · Hitchin town page", url: request.url },
      ]),
    );
  }).toPass({ timeout: 20_000 });

  // Turned off: the device is gone, and the next request is pushed to nobody.
  await page.getByRole("button", { name: "Turn off Chrome on Android" }).click();
  await expect(page.getByRole("status")).toHaveText("That device no longer gets notifications.");
  await expect(page.getByText("No device gets notifications yet.")).toBeVisible();

  // The public pages: no service worker controls them, and they load no script.
  await page.goto(`${origin}/`);
  expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration("/")))).toBe(false);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(await page.locator("script[src]").count()).toBe(0);
  await context.close();
});

test("without JavaScript the page says notifications need it, instead of a button that does nothing", async ({ browser }) => {
  const origin = `http://localhost:${server.port}`;
  const database = path.join(server.dataDir, "leads.sqlite");
  const signing = await browser.newContext();
  const page = await signing.newPage();
  await signUp(page, "Second phone", { origin, database });
  const cookies = await signing.cookies();
  await signing.close();

  const noScript = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  await noScript.addCookies(cookies);
  const bare = await noScript.newPage();
  await bare.goto(`${origin}/admin/notifications`);
  await expect(bare.getByText(/Turning notifications on needs JavaScript/)).toBeVisible();
  await expect(bare.getByRole("button", { name: "Turn on notifications on this device" })).toBeHidden();
  await noScript.close();
});
