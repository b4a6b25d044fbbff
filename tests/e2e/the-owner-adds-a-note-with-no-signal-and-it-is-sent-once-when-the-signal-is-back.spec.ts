/**
 * Issue 36 §2–§4, on a 390 px phone against the real server. With no signal the owner adds a
 * note to a kept request: it shows "Waiting to send", the tab bar "1 waiting", More → Waiting to
 * send lists it. The page is closed and another opened, still with no signal: it still waits.
 * Signal again: it is sent, its answer lost on the way back (the test drops it), sent again with
 * the same once-only key, and the request has the note once. Signing out with two waiting asks
 * first, then leaves nothing in Cache Storage or IndexedDB. A draft changed with no signal, and
 * sent meanwhile from the computer, reads "Could not be done" in words, and nothing else changes.
 */
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { createQuote, quoteById, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { PHONE_VIEW, signUp } from "./owner-support.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { expectNoViolations } from "./support.ts";

let server: RunningServer;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "No signal is the owner's phone on a roof.");
  server = await startServer({});
});
test.afterAll(async () => {
  await server?.stop();
});

const database = () => path.join(server.dataDir, "leads.sqlite");

function addRequest(name: string): number {
  const store = new LeadStore(database());
  try {
    return store.add({ form: "quote", page: "/areas/roofers-in-hitchin/", name, email: "", phone: "07700 900456", location: "12 Bancroft, Hitchin SG5 1JW", message: "Slipped tiles." }).id;
  } finally {
    store.close();
  }
}

function notesOf(id: number): string[] {
  const store = new LeadStore(database());
  try {
    return (store.db.prepare("SELECT body FROM lead_notes WHERE lead_id = ? ORDER BY id").all(id) as { body: string }[]).map((row) => row.body);
  } finally {
    store.close();
  }
}

function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });
}

const tabBar = (page: Page) => page.getByRole("navigation", { name: "Owner" });

test("a note added with no signal waits on the phone, survives the page being closed, and is applied once when the signal is back", async ({ browser }) => {
  const id = addRequest("Margaret Hill");
  const origin = `http://localhost:${server.port}`;
  const context = await browser.newContext(PHONE_VIEW);
  let page = await context.newPage();
  const { cdp } = await signUp(page, "Owner's phone", { origin, database: database() });
  await page.goto(`${origin}/admin/requests/${id}`);
  await expect.poll(() => keptPaths(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([`/admin/requests/${id}`, "/admin/waiting"]));

  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`${origin}/admin/requests/${id}`);
  await expect(page.getByRole("status").filter({ hasText: "No signal" })).toBeVisible();
  await page.getByRole("textbox", { name: "Add a note" }).fill("Scaffold booked for Tuesday.");
  await page.getByRole("button", { name: "Add note" }).click();
  const waitingHere = page.getByRole("region", { name: "Waiting to send" });
  await expect(waitingHere).toContainText("Scaffold booked for Tuesday.");
  await expect(waitingHere).toContainText("Waiting to send");
  await expect(tabBar(page)).toContainText("1 waiting");
  expect(notesOf(id), "nothing reached the server").toEqual([]);

  // The page closed, a new one opened, still with no signal: it still waits.
  await page.close();
  page = await context.newPage();
  await page.goto(`${origin}/admin/waiting`);
  await expect(page.getByRole("heading", { level: 1, name: "Waiting to send" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("listitem")).toContainText("Add note: Margaret Hill");
  await expect(tabBar(page)).toContainText("1 waiting");
  await expectNoViolations(page);

  // Signal again; the server applies the note but its answer is lost on the way back.
  let dropped = 0;
  await context.route(`${origin}/admin/requests/${id}`, async (route) => {
    if (route.request().method() !== "POST" || dropped > 0) return route.fallback();
    dropped++;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await context.setOffline(false);
  await expect.poll(() => dropped, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => notesOf(id)).toEqual(["Scaffold booked for Tuesday."]);
  // Still waiting: the phone never heard. The next page with signal sends it again, with the same key.
  await page.reload();
  await expect(page.getByText("Nothing is waiting to be sent.")).toBeVisible({ timeout: 10_000 });
  await expect(tabBar(page)).not.toContainText("waiting");
  expect(notesOf(id), "applied once").toEqual(["Scaffold booked for Tuesday."]);
});

test("signing out with two things waiting asks first, then leaves nothing kept on the phone", async ({ browser }) => {
  const id = addRequest("Peter Shaw");
  const origin = `http://localhost:${server.port}`;
  const context = await browser.newContext(PHONE_VIEW);
  const page = await context.newPage();
  const { cdp } = await signUp(page, "Owner's phone", { origin, database: database() });
  await page.goto(`${origin}/admin/requests/${id}`);
  await expect.poll(() => keptPaths(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([`/admin/requests/${id}`]));
  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`${origin}/admin/requests/${id}`);
  for (const note of ["Gutter first.", "Then the ridge."]) {
    await page.getByRole("textbox", { name: "Add a note" }).fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByRole("region", { name: "Waiting to send" })).toContainText(note);
  }
  await expect(tabBar(page)).toContainText("2 waiting");
  // Signal again, but too weak for the notes to get through: they still wait.
  await context.route(`${origin}/admin/requests/${id}`, (route) => (route.request().method() === "POST" ? route.abort("timedout") : route.fallback()));
  await context.setOffline(false);
  await page.goto(`${origin}/admin/more`);
  await expect(tabBar(page)).toContainText("2 waiting");
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toBe("2 things have not been sent. Sign out and lose them?");
  await expect(page).toHaveURL(/\/admin\/more$/);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBe(0);
  await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
  await context.close();
});

/** A draft quote of one line on a new request. */
function draftQuote(name: string): number {
  const store = new LeadStore(database());
  try {
    const leadId = store.add({ form: "quote", page: "/", name, email: "jo@example.org", phone: "07700 900456", location: "3 Bancroft, Hitchin SG5 1JW", message: "Ridge." }).id;
    const quote = createQuote(store, leadId, { actor: "Dave" })!;
    const validUntil = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    saveDraft(store, quote.id, { lines: [{ description: "Ridge tiles re-bedded", quantity: 100, unitPence: 45000 }], vat: false, validUntil, notes: "", guarantees: [], followUps: false });
    return quote.id;
  } finally {
    store.close();
  }
}

function withStore<T>(work: (store: LeadStore) => T): T {
  const store = new LeadStore(database());
  try {
    return work(store);
  } finally {
    store.close();
  }
}

test("a draft changed with no signal, and sent meanwhile from the computer, could not be done, in words, and nothing else changed", async ({ browser }) => {
  const quoteId = draftQuote("Jo Conflict");
  const origin = `http://localhost:${server.port}`;
  const context = await browser.newContext(PHONE_VIEW);
  const page = await context.newPage();
  const { cdp } = await signUp(page, "Owner's phone", { origin, database: database() });
  await page.goto(`${origin}/admin/quotes/${quoteId}`);
  await expect.poll(() => keptPaths(page), { timeout: 20_000 }).toEqual(expect.arrayContaining([`/admin/quotes/${quoteId}`]));
  await cdp.detach();
  await context.setOffline(true);
  await page.goto(`${origin}/admin/quotes/${quoteId}`);
  await page.getByRole("textbox", { name: "Description" }).first().fill("Ridge tiles re-bedded in mortar");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("region", { name: "Waiting to send" })).toContainText("Waiting to send");

  // Meanwhile the quote is sent from the computer.
  const sent = withStore((store) => sendQuote(store, quoteId, { actor: "Dave" }));
  expect("refused" in sent).toBe(false);
  await page.goto(`${origin}/admin/waiting`);
  await context.setOffline(false);
  const line = page.getByRole("main").getByRole("listitem");
  await expect(line).toContainText("Could not be done:", { timeout: 10_000 });
  await expect(line).toContainText("This quote has been sent and is locked.");
  await expect(line.getByRole("link", { name: "Open the page" })).toHaveAttribute("href", `/admin/quotes/${quoteId}`);
  await expectNoViolations(page);
  expect(withStore((store) => quoteById(store, quoteId)!.lines.map((l) => l.description))).toEqual(["Ridge tiles re-bedded"]);
  await line.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Nothing is waiting to be sent.")).toBeVisible();
  await context.close();
});
