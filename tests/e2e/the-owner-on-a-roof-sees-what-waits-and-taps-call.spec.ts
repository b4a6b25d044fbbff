/**
 * Issue "a clock on every request": on a phone the inbox shows the newest request on the first
 * screen with a one-tap Call and every word at 16 px or more; the filters fold away; the search
 * finds a request by its reference; a tap on Call on a request's page is kept as its first answer
 * by the link's `ping`, with no script, and the page then says when it was answered.
 */
import { DatabaseSync } from "node:sqlite";
import { expect, test, type Request } from "@playwright/test";
import { referenceOf } from "../../app/lib/forms/reference.ts";
import { LeadStore } from "../../app/lib/leads.server.ts";
import { signUp } from "./owner-support.ts";
import { LEADS_DB, uniqueName } from "./support.ts";

/** A quote request stored straight in the test server's database, sent `hoursAgo`. */
function storeRequest(name: string, hoursAgo: number): number {
  const store = new LeadStore(LEADS_DB);
  try {
    const lead = { form: "quote" as const, page: "/", name, email: "clock@example.org", phone: "07700 900654", location: "SG1 1AA", message: "Water comes through the ceiling of the back bedroom whenever it rains hard from the west, since the storm last week." };
    return store.add(lead, { notify: false, now: new Date(Date.now() - hoursAgo * 3_600_000) }).id;
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

test("the newest request is on the first screen with its Call button, in text of 16 px or more; the filters fold away", async ({ page }, testInfo) => {
  const name = uniqueName(testInfo, "Roof Clock");
  const id = storeRequest(name, 0);
  await signUp(page, "Clock phone");
  const viewport = page.viewportSize()!;
  const first = page.getByRole("list", { name: "Requests, newest first" }).getByRole("listitem").first();
  const call = first.getByRole("link", { name: /^Call / });
  await expect(call).toHaveAttribute("href", /^tel:/);
  await expect(call).toHaveAttribute("ping", /\/admin\/requests\/\d+\/answered\?by=call$/);
  const box = (await call.boundingBox())!;
  expect(box.y + box.height, `the first request's Call button is within the first ${viewport.height} px`).toBeLessThanOrEqual(viewport.height);
  expect((await first.getByRole("heading").boundingBox())!.y).toBeLessThan(viewport.height);
  await expect(page.getByRole("searchbox", { name: "Search" }), "the filters are folded away").toBeHidden();

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

  await page.getByText("Filter and search").click();
  await page.getByRole("searchbox", { name: "Search" }).fill(referenceOf(id));
  await page.getByRole("button", { name: "Show requests" }).click();
  const found = page.getByRole("list", { name: "Requests, newest first" }).getByRole("listitem");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(name);
  await expect(found).toContainText(referenceOf(id));
  await expect(page.getByRole("searchbox", { name: "Search" }), "open while a filter is on").toBeVisible();
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
  await expect(page.getByText(/^First answered (\d\d:\d\d|[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d), by phone — 2 h after it arrived$/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Changes, newest first" })).toContainText("answered by phone");
});
