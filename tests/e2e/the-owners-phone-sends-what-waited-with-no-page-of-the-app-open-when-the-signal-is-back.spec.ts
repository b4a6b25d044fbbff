/**
 * Issue 36 §3, Background Sync: a note added on the phone with no signal waits in the outbox; every
 * page of the app is closed; the signal comes back and the browser wakes the owner's service worker
 * with a `sync` event (dispatched here over CDP, as Chromium does when the signal returns). With no
 * owner page open to send it, the worker sends the outbox itself, and the note is applied once
 * (read back from the database). Photos are not kept in the outbox: Add photos with no signal says
 * they wait for signal, and the photos chosen stay in the form. On the run's shared server: no
 * e-mail is involved.
 */
import { expect, test, type Browser } from "@playwright/test";
import { withStore } from "../support/owner.ts";
import { PHONE_VIEW, signUp } from "./owner-support.ts";
import { onlyIn, SHARED_DATA_DIR } from "./support.ts";

onlyIn("phone", "No signal is the owner's phone on a roof.");

const notesOf = (lead: number): string[] => withStore(SHARED_DATA_DIR, (store) => (store.db.prepare("SELECT body FROM lead_notes WHERE lead_id = ? ORDER BY id").all(lead) as { body: string }[]).map((row) => row.body));

/**
 * A request, kept on the owner's phone while it had signal, then opened again with none: the page
 * ready to keep its posts. The phone's passkey device is closed first, so the phone can go offline.
 */
async function aKeptRequestOffline(browser: Browser, baseURL: string | undefined, name: string, phone: string) {
  const lead = withStore(SHARED_DATA_DIR, (store) => store.add({ form: "quote", page: "/", name, email: "", phone: "07700 900456", location: "4 Bancroft, Hitchin SG5 1JW", message: "Gutter." }).id);
  const context = await browser.newContext({ ...PHONE_VIEW, baseURL });
  const page = await context.newPage();
  const { cdp } = await signUp(page, phone);
  await page.goto(`/admin/requests/${lead}`);
  await expect
    .poll(() => page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat()), { timeout: 20_000 })
    .toContain(`/admin/requests/${lead}`);
  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`/admin/requests/${lead}`);
  await expect(page.locator("body")).toHaveAttribute("data-outbox", "ready");
  return { lead, context, page };
}

test("with no page of the app open, the service worker sends what waited when the browser wakes it for Background Sync", async ({ browser, baseURL }) => {
  const { lead, context, page } = await aKeptRequestOffline(browser, baseURL, "Sync Waiting", "Sync phone");
  await page.getByRole("textbox", { name: "Add a note" }).fill("Sent by the worker alone.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("region", { name: "Waiting to send" })).toContainText("Waiting to send");

  // Every page of the app closed; one blank page stays, to reach the browser's DevTools.
  const blank = await context.newPage();
  await page.close();
  const devtools = await context.newCDPSession(blank);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  devtools.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await devtools.send("ServiceWorker.enable");
  await expect.poll(() => registrations.some((r) => r.scopeURL.endsWith("/admin") && !r.isDeleted)).toBe(true);
  const owner = registrations.find((r) => r.scopeURL.endsWith("/admin") && !r.isDeleted)!;

  await context.setOffline(false);
  expect(notesOf(lead), "nothing sent before the worker is woken").toEqual([]);
  await devtools.send("ServiceWorker.dispatchSyncEvent", { origin: new URL(baseURL!).origin, registrationId: owner.registrationId, tag: "owner-outbox", lastChance: false });
  await expect.poll(() => notesOf(lead), { timeout: 10_000 }).toEqual(["Sent by the worker alone."]);
  // Woken again, it has nothing left to send: still one note, and the outbox is empty.
  await devtools.send("ServiceWorker.dispatchSyncEvent", { origin: new URL(baseURL!).origin, registrationId: owner.registrationId, tag: "owner-outbox", lastChance: false });
  const again = await context.newPage();
  await again.goto("/admin/waiting");
  await expect(again.getByText("Nothing is waiting to be sent.")).toBeVisible();
  expect(notesOf(lead)).toEqual(["Sent by the worker alone."]);
  await devtools.detach();
  await context.close();
});

test("Add photos with no signal says photos wait until there is signal, and keeps the photos chosen", async ({ browser, baseURL }) => {
  const { lead, context, page } = await aKeptRequestOffline(browser, baseURL, "Photo Waiting", "Photo phone");
  const summary = page.locator("summary", { hasText: "Photos of the job" });
  if (await summary.isVisible()) await summary.click();
  const words = "Photos wait until you have signal. The photos you chose stay here: press Add photos when you have signal.";
  await expect(page.getByText(words)).toBeVisible();
  await page.getByLabel("Choose photos, or take them").setInputFiles({ name: "ridge.jpg", mimeType: "image/jpeg", buffer: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) });
  await page.getByRole("button", { name: "Add photos" }).click();
  await expect(page.getByRole("status").filter({ hasText: words })).toBeVisible();
  expect(new URL(page.url()).pathname, "the page stays").toBe(`/admin/requests/${lead}`);
  expect(await page.getByLabel("Choose photos, or take them").evaluate((input: HTMLInputElement) => [...input.files!].map((file) => file.name))).toEqual(["ridge.jpg"]);
  await expect(page.getByRole("navigation", { name: "Owner" })).not.toContainText("waiting");
  await context.close();
});
