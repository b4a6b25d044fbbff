/**
 * Issue 26 §1–3 (and the earlier "clock on every request"): on a phone the owner's pages are an
 * app's: a tab bar fixed to the bottom edge and a slim top bar; the inbox puts New requests first,
 * oldest on top, then Contacted and Quoted, the Won ones in Jobs (issue 35), with the closed ones
 * behind Show closed and filter links that say how many; a tap anywhere on a card opens the request, whose next step is on the
 * first screen. A tap on Call is kept as the request's first answer by the link's `ping`. A finger
 * on the middle of a folded section's row, not only on its heading, opens it.
 */
import { DatabaseSync } from "node:sqlite";
import { expect, test, type Page, type Request } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { setStatus } from "../../app/lib/requests/inbox.server.ts";
import type { LeadStatus } from "../../app/lib/requests/status.ts";
import { signUp } from "./owner-support.ts";
import { LEADS_DB, onlyIn, uniqueName } from "./support.ts";

onlyIn("phone", "the owner's phone at 390 × 844; the side menu from 1024 px is checked in the same journey");

/** A quote request stored straight in the test server's database, sent `hoursAgo`, at `status`. */
function storeRequest(name: string, hoursAgo: number, status: LeadStatus = "new"): number {
  const store = new LeadStore(LEADS_DB);
  try {
    const lead = { form: "quote" as const, page: "/", name, email: "clock@example.org", phone: "07700 900654", location: "12 Fore Street, Hertford SG14 1AA", message: "Water comes through the ceiling of the back bedroom whenever it rains hard from the west, since the storm last week." };
    const { id } = store.add(lead, { notify: false, now: new Date(Date.now() - hoursAgo * 3_600_000) });
    if (status !== "new") setStatus(store, id, status, "Test");
    return id;
  } finally {
    store.close();
  }
}

function firstAnswer(id: number): { at: string | null; by: string | null } {
  const db = new DatabaseSync(LEADS_DB, { readOnly: true });
  try {
    return { ...(db.prepare("SELECT first_answer_at AS at, first_answer_by AS by FROM leads WHERE id = ?").get(id) as { at: string | null; by: string | null }) };
  } finally {
    db.close();
  }
}

/** The names on the cards shown, in order. */
const cardNames = (page: Page) => page.locator("main ol > li h2").allTextContents();

test("the inbox puts what needs doing first, its filters are links with counts, and a tap on a card opens the request", async ({ page }, testInfo) => {
  const who = uniqueName(testInfo, "Order");
  // Sent in this order (hours ago), each then moved to its status.
  const seeded: [string, number, LeadStatus][] = [
    ["quoted", 50, "quoted"], ["new older", 30, "new"], ["won", 28, "won"], ["contacted", 26, "contacted"],
    ["new newer", 3, "new"], ["lost", 2, "lost"], ["spam", 1, "spam"],
  ];
  const ids = Object.fromEntries(seeded.map(([label, hours, status]) => [label, storeRequest(`${who} ${label}`, hours, status)]));
  await signUp(page, "Order phone");
  const { width, height } = page.viewportSize()!;

  // The tab bar: fixed to the bottom edge, at most 64 px, five places of 44 × 44 px or more, Requests current.
  const nav = page.getByRole("navigation", { name: "Owner" });
  const tabs = nav.getByRole("link").filter({ visible: true });
  await expect(tabs).toHaveText(["Requests", "Diary", "Money", "Your site", "More"]);
  await expect(nav.getByRole("link", { name: "Requests" })).toHaveAttribute("aria-current", "page");
  await expect(nav.locator("[aria-current]").filter({ visible: true })).toHaveCount(1);
  const bar = (await nav.boundingBox())!;
  expect(bar.height).toBeLessThanOrEqual(64);
  expect(bar.y + bar.height).toBe(height);
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(Math.min(box.width, box.height), `${await tab.textContent()} is big enough to press`).toBeGreaterThanOrEqual(44);
  }
  // Still big enough on the narrowest phone.
  await page.setViewportSize({ width: 320, height });
  for (const tab of await tabs.all()) expect((await tab.boundingBox())!.width, `${await tab.textContent()} at 320 px`).toBeGreaterThanOrEqual(44);
  await page.setViewportSize({ width, height });
  // The top bar: one line of at most 64 px, the page's name.
  const top = page.locator("main header");
  await expect(top.getByRole("heading", { level: 1 })).toHaveText("Requests");
  expect((await top.boundingBox())!.height).toBeLessThanOrEqual(64);

  // The first card starts on the first screen, Call beside it.
  const first = page.locator("main ol > li").first();
  expect((await first.boundingBox())!.y).toBeLessThan(height);
  const call = first.getByRole("link", { name: /^Call / });
  await expect(call).toHaveAttribute("href", /^tel:/);
  await expect(call).toHaveAttribute("ping", /\/admin\/requests\/\d+\/answered\?by=call$/);
  const callBox = (await call.boundingBox())!;
  expect(Math.min(callBox.width, callBox.height)).toBeGreaterThanOrEqual(44);

  // Every word at 16 px or more.
  const smallest = await page.locator("main").evaluate((main) => {
    const sizes: [number, string][] = [];
    for (const element of main.querySelectorAll("*")) {
      const text = [...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent!.trim()).join("");
      if (!text || (element as HTMLElement).offsetParent === null) continue;
      sizes.push([parseFloat(getComputedStyle(element).fontSize), text]);
    }
    return sizes.sort((a, b) => a[0] - b[0])[0];
  });
  expect(smallest![0], `the smallest text: "${smallest![1]}"`).toBeGreaterThanOrEqual(16);

  // Searching for these requests: every status, what needs doing first, then the closed ones newest first.
  await page.getByRole("searchbox", { name: "Search requests" }).fill(who);
  await page.getByRole("button", { name: "Search" }).click();
  const named = (...labels: string[]) => labels.map((label) => `${who} ${label}`);
  await expect.poll(() => cardNames(page)).toEqual(named("new older", "new newer", "contacted", "quoted", "spam", "lost", "won"));
  const filters = page.getByRole("navigation", { name: "Show requests" });
  await expect(filters.getByRole("link")).toHaveText(["Requests (4)", "Jobs (1)", "New (2)", "Contacted (1)", "Quoted (1)", "Show closed (2)", "Spam (1)"]);

  await filters.getByRole("link", { name: "Requests (4)" }).click();
  await expect(filters.getByRole("link", { name: "Requests (4)" })).toHaveAttribute("aria-current", "page");
  await expect.poll(() => cardNames(page)).toEqual(named("new older", "new newer", "contacted", "quoted"));
  // The won one is a job, in Jobs, not a closed request.
  await expect(page.getByRole("list", { name: "Jobs, what needs doing first" }).getByRole("heading")).toHaveText(named("won"));
  await filters.getByRole("link", { name: "Show closed (2)" }).click();
  await expect.poll(() => cardNames(page)).toEqual(named("spam", "lost"));
  await filters.getByRole("link", { name: "New (2)" }).click();
  await expect.poll(() => cardNames(page)).toEqual(named("new older", "new newer"));
  expect(await page.locator("main select").count(), "no drop-down").toBe(0);

  // The tab bar stays at the bottom edge when the page is scrolled.
  await page.mouse.wheel(0, 2000);
  expect((await nav.boundingBox())!.y + bar.height).toBe(height);

  // A tap on the card's words, not its name, opens the request; its next step is on the first screen.
  await page.locator("main ol > li").first().getByText(/Water comes through/).click();
  await expect(page).toHaveURL(new RegExp(`/admin/requests/${ids["new older"]}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${who} new older`);
  const step = page.getByRole("region", { name: "Next step" });
  const create = step.getByRole("button", { name: "Create quote" });
  expect((await create.boundingBox())!.y + 44).toBeLessThanOrEqual(height);
  await expect(step.getByRole("link", { name: "Call", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /12 Fore Street, Hertford SG14 1AA/ })).toHaveAttribute("href", "https://www.google.com/maps/search/?api=1&query=12%20Fore%20Street%2C%20Hertford%20SG14%201AA");
  await expect(page.getByRole("radiogroup", { name: "Status" }).or(page.getByRole("group", { name: "Status" })).getByRole("radio", { name: /^New/ })).toBeChecked();
  await expect(nav.getByRole("link", { name: "Requests" }), "a request belongs to Requests").toHaveAttribute("aria-current", "page");

  // A won request's next step is Job done; a lost one is closed.
  await page.goto(`/admin/requests/${ids.won}`);
  await expect(page.getByRole("region", { name: "Next step" }).getByRole("link", { name: "Job done" })).toHaveAttribute("href", `/admin/requests/${ids.won}/job-done`);
  await page.goto(`/admin/requests/${ids.lost}`);
  await expect(page.getByRole("region", { name: "Next step" })).toContainText("Closed");

  // From 1024 px the same one menu sits at the side with every place, and no More.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav.getByRole("link").filter({ visible: true })).toHaveText(["Requests", "Diary", "Money", "Your site", "Price list", "Reviews", "Where requests come from", "Insights", "Survey bookings", "Notifications", "Passkeys", "Waiting to send", "Help"]);
  await expect(nav.getByRole("button", { name: "Sign out" })).toBeVisible();
  const side = (await nav.boundingBox())!;
  expect([side.x, side.height]).toEqual([0, 800]);
  await page.setViewportSize({ width, height });
  await page.getByRole("link", { name: "More" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "More" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "More" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("main").getByRole("link", { name: /Where requests come from/ })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Sign out" })).toBeVisible();
});

test("a tap on Call on a request's page is kept as its first answer, by the link's ping", async ({ page }, testInfo) => {
  const name = uniqueName(testInfo, "Sarah Clock");
  const id = storeRequest(name, 2);
  await signUp(page, "Clock phone");
  await page.goto(`/admin/requests/${id}`);
  await expect(page.getByText("Not answered yet: waiting 2 h")).toBeVisible();
  expect(firstAnswer(id)).toEqual({ at: null, by: null });

  const pings: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/answered?")) pings.push(request);
  });
  await page.getByRole("link", { name: "Call", exact: true }).click();
  await expect.poll(() => firstAnswer(id).by, { message: "the ping recorded the call" }).toBe("call");
  expect(Date.now() - Date.parse(firstAnswer(id).at!)).toBeLessThan(60_000);
  await expect(page, "the phone app opens; the page stays").toHaveURL(new RegExp(`/admin/requests/${id}$`));
  expect(pings.map((ping) => [ping.method(), ping.url().replace(/^https?:\/\/[^/]+/, "")])).toEqual([["POST", `/admin/requests/${id}/answered?by=call`]]);
  const headers = await pings[0]!.allHeaders();
  expect(headers["content-type"]).toBe("text/ping");
  // Chromium sends a same-origin ping with the session cookie, Origin and Ping-From naming this site.
  const self = new URL(page.url()).origin;
  expect([headers.origin, headers["ping-from"], headers["ping-to"]]).toEqual([self, `${self}/admin/requests/${id}`, "tel:07700900654"]);

  await page.reload();
  // The time alone, or with its day when the request arrived before UK midnight and was answered after it.
  await expect(page.getByText(/^First answered (\d\d:\d\d|[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}( \d{4})?, \d\d:\d\d), by phone — 2 h after it arrived$/)).toBeVisible();
  // The first answer made it Contacted: Next step moves on to the survey.
  await expect(page.getByText("Contacted", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Next step" }).getByRole("link", { name: "Book a survey" })).toBeVisible();
  // The history is folded under its heading: its words are in the page all the same.
  const history = page.getByRole("region", { name: "History" });
  const changes = history.locator('ol[aria-label="Changes, newest first"]');
  await expect(changes).toContainText("answered by phone");
  // A finger on the middle of the folded row (its count of entries, not its heading) opens it. On
  // a page of its own: the page that handed the phone number to the phone app takes no more touches.
  const fresh = await page.context().newPage();
  await fresh.goto(`/admin/requests/${id}`);
  await touchOpensTheFoldedHistory(fresh);
});

/** Taps the middle of the request's folded History row, where its count of entries is, and sees it open. */
async function touchOpensTheFoldedHistory(page: Page) {
  const history = page.getByRole("region", { name: "History" });
  const changes = history.locator('ol[aria-label="Changes, newest first"]');
  await expect(changes).toBeHidden();
  const row = history.locator("summary");
  await row.scrollIntoViewIfNeeded();
  const box = (await row.boundingBox())!;
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent, middle), "the middle of the row is its count").toMatch(/^\d+ entries$/);
  await page.touchscreen.tap(middle.x, middle.y);
  await expect(changes).toBeVisible();
  await expect(history.getByText(/^\d+ entries$/)).toBeVisible();
}
