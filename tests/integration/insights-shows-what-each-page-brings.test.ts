/**
 * Insights through the real server: a known mix of visits to a town page (phones from Google and
 * Facebook, a campaign, one desktop twice from two addresses), visits that must not count, a page
 * not found with an outside referrer, and one request from the town page, won with an accepted
 * quote. The owner's Insights page shows exactly those figures; his own visit leaves them alone;
 * signed out, it shows nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { changeStatus } from "../../app/lib/requests/inbox.server.ts";
import { createInvoice, sendInvoice, type Invoice } from "../../app/lib/invoices/invoices.server.ts";
import { recordPayment } from "../../app/lib/invoices/payments.server.ts";
import { billedOf } from "../../app/lib/invoices/seller.ts";
import { ukToday } from "../../app/lib/time/uk-time.ts";
import { insertVisit } from "../../app/lib/visits/visits.server.ts";
import { openStore, signedInOwner } from "../support/owner.ts";
import { postForm, QUOTE, startServer, type RunningServer } from "../support/server.ts";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TOWN = "/areas/roofers-in-maldon/";

let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: "1" });
  cookie = signedInOwner(server.dataDir).cookie;
});
afterAll(() => server?.stop());

const visit = (path: string, headers: Record<string, string>) => fetch(`${server.url}${path}`, { headers });
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("Insights", { timeout: 60_000 }, () => {
  it("shows what a town page brought: its views, visitors, sources, devices, its request and the work won", async () => {
    const answers = await Promise.all([
      visit(TOWN, { "user-agent": PHONE, referer: "https://www.google.co.uk/", "x-forwarded-for": "198.51.100.1" }),
      visit(TOWN, { "user-agent": IPHONE, referer: "https://l.facebook.com/", "x-forwarded-for": "198.51.100.2" }),
      visit(`${TOWN}?utm_source=newsletter&utm_medium=email&utm_campaign=autumn`, { "user-agent": PHONE, "x-forwarded-for": "198.51.100.3" }),
      visit(TOWN, { "user-agent": DESKTOP, "x-forwarded-for": "198.51.100.4" }),
      visit(TOWN, { "user-agent": DESKTOP, "x-forwarded-for": "198.51.100.5" }),
      // Not counted: a bot, a prefetch, the owner himself.
      visit(TOWN, { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" }),
      visit(TOWN, { "user-agent": PHONE, "sec-purpose": "prefetch" }),
      visit(TOWN, { "user-agent": PHONE, cookie }),
      visit("/roofers-maldon.html", { "user-agent": PHONE, referer: "https://www.example.org/trades/roofers?page=2" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 404]);
    const sent = await postForm(server, TOWN, { ...QUOTE, name: "Insight Customer" });
    expect(sent.status).toBe(303);

    const store = openStore(server.dataDir);
    try {
      const lead = store.list().find((row) => row.name === "Insight Customer")!;
      const quote = createQuote(store, lead.id, { actor: "Test" })!;
      saveDraft(store, quote.id, { lines: [{ description: "New valley", quantity: 100, unitPence: 123_400 }], vat: false, validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), notes: "", guarantees: [], followUps: false });
      const result = sendQuote(store, quote.id, { actor: "Test" });
      if ("refused" in result) throw new Error(result.refused);
      acceptQuote(store, quote.id, { name: "Insight Customer", address: "192.0.2.9" });
      store.inTransaction(() => changeStatus(store, lead.id, "won", "Test"));
      // A deposit invoiced and £300.00 of it paid: Paid £ follows the page that brought the request.
      const deposit = createInvoice(store, { leadId: lead.id, kind: "deposit", depositPercent: 50, vat: false, termsDays: 14, actor: "Test" }) as Invoice;
      const seller = { name: "Kestrel Roofing", postalAddress: ["1 Yard Lane"], phone: "07700 900123", email: "info@example.com", accountName: "Kestrel", sortCode: "60-16-13", accountNumber: "31926819" };
      sendInvoice(store, deposit.id, { seller, customer: billedOf(lead), actor: "Test" });
      recordPayment(store, deposit.id, { receivedOn: ukToday(), amountPence: 30_000, method: "bank-transfer", note: "", actor: "Test" });
      // The visitor booked his own survey online: Surveys booked online follows the page too.
      const start = new Date(Date.now() + 3 * 86_400_000);
      insertVisit(store.db, { leadId: lead.id, kind: "survey", start, end: new Date(start.getTime() + 45 * 60_000), notes: "", told: "e-mail", bookedBy: "customer", now: new Date() });
    } finally {
      store.close();
    }

    // Counts are written every 2 s: within 5 s of the visits Insights has them.
    let page = "";
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
      page = text(await (await fetch(`${server.url}/admin/insights`, { headers: { cookie } })).text());
      if (/Page views 5 /.test(page)) break;
    }
    // The town page: 5 views, 5 visitors (the desktop twice, from two addresses), 1 request, 20 %, its survey booked online, 1 won, £1,234.00, £300.00 paid.
    expect(page).toMatch(/Maldon town page : its sources and devices \/areas\/roofers-in-maldon\/ 5 5 1 requests from the Maldon town page 20 % 1 1 won from the Maldon town page £1,234\.00 £300\.00/);
    expect(page).toMatch(/Paid £300\.00 /);
    expect(page).toMatch(/Page views 5 /);
    expect(page).toMatch(/Visitors 5 /);
    expect(page).toMatch(/Won 1 · £1,234\.00/);
    expect(page).toMatch(/Surveys booked online 1 none the period before/);
    for (const [source, views] of [["Direct", 2], ["Google", 1], ["Facebook", 1], ["newsletter", 1]] as const) expect(page).toMatch(new RegExp(`${source} ${views} ${views} \\d+ %`));
    expect(page).toMatch(/Phone 3 3 60 %/);
    expect(page).toMatch(/Desktop 2 2 40 %/);
    expect(page).toMatch(/newsletter email autumn 1 1/);
    expect(page).toContain("/roofers-maldon.html , 1 time");
    expect(page).toContain("from www.example.org/trades/roofers");

    // Each figure of requests leads to those requests, the inbox saying what it is filtered by.
    const html = (await (await fetch(`${server.url}/admin/insights`, { headers: { cookie } })).text()).replaceAll("<!-- -->", "");
    const links = [...html.matchAll(/<a href="(\/admin\?landing=[^"]+)" class="link">1<span class="sr-only"> (requests|won) from the Maldon town page/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(links).toHaveLength(2);
    for (const link of links) {
      const inbox = text(await (await fetch(`${server.url}${link}`, { headers: { cookie } })).text());
      expect(inbox, link).toMatch(/Requests from the Maldon town page, \d+ \w+ \d{4} to \d+ \w+ \d{4}/);
      expect(inbox, link).toContain("1 request · Show all open requests");
      expect(inbox, link).toContain("Insight Customer");
      expect(inbox, link).toContain("Show all open requests");
    }
    expect(links[1]).toMatch(/&status=won$/);
    // A malformed page or day is ignored, like the inbox's other filters.
    const odd = text(await (await fetch(`${server.url}/admin?landing=..%2Fetc&from=2026-02-30&to=yesterday`, { headers: { cookie } })).text());
    expect(odd).not.toContain("Requests from");
    expect(odd).not.toContain("Show all open requests");

    // By month: this month's row holds the same figures, and the period is the last 12 months.
    const byMonth = text(await (await fetch(`${server.url}/admin/insights?period=months`, { headers: { cookie } })).text());
    const thisMonth = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "Europe/London" }).format(new Date());
    expect(byMonth).toContain("Month by month");
    expect(byMonth).toContain(`${thisMonth} 5 5 1 1 £1,234.00`);
    expect(byMonth.match(/ 0 0 0 0 £0\.00/g), "the eleven months before, empty").toHaveLength(11);
    expect(byMonth).toContain("The last 12 months, today included");

    // A page chosen: its own sources and devices. A visit from Bing to the home page is not the town page's.
    await visit("/", { "user-agent": DESKTOP, referer: "https://www.bing.com/search?q=roofer+maldon", "x-forwarded-for": "198.51.100.9" });
    const read = async (query: string) => text(await (await fetch(`${server.url}/admin/insights${query}`, { headers: { cookie } })).text());
    let all = "";
    for (const deadline = Date.now() + 5_000; Date.now() < deadline && !/Bing 1 1/.test(all); await new Promise((resolve) => setTimeout(resolve, 250))) all = await read("");
    expect(all).toMatch(/Bing 1 1 \d+ %/);
    const town = await read(`?page=${encodeURIComponent(TOWN)}`);
    expect(town).toContain("Where visitors come from: Maldon town page");
    expect(town).toContain("Show every page");
    expect(town).not.toMatch(/Bing 1 1/);
    expect(town).toMatch(/Desktop 2 2 40 %/);
    expect(await read("?page=..%2Fetc"), "a page that is not one: every page").toMatch(/Bing 1 1/);
  });

  it("is the owner's alone, never stored by a browser or indexed; an unknown period shows the last 30 days", async () => {
    const signedOut = await fetch(`${server.url}/admin/insights`, { redirect: "manual" });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    const odd = await fetch(`${server.url}/admin/insights?period=<script>`, { headers: { cookie } });
    expect(odd.status).toBe(200);
    expect(odd.headers.get("cache-control")).toContain("no-store");
    const html = await odd.text();
    expect(html).toMatch(/<a href="\/admin\/insights" aria-current="page"[^>]*>Last 30 days<\/a>/);
    expect(html).not.toContain("<script>");
  });

  it("has a weekly summary on Monday mornings that the owner turns off and on again from Notifications", async () => {
    const page = async () => (await (await fetch(`${server.url}/admin/notifications`, { headers: { cookie } })).text()).replace(/<!-- -->/g, "");
    const ticked = async () => {
      const input = /<input id="weekly-summary"[^>]*>/.exec(await page())?.[0];
      expect(input, "the box is on the page").toBeDefined();
      return / checked=""/.test(input!);
    };
    expect(await ticked(), "on at first").toBe(true);
    const post = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/notifications`, { method: "POST", redirect: "manual", headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
    const off = await post({ intent: "weekly-summary" });
    expect([off.status, off.headers.get("location")]).toEqual([303, "/admin/notifications?weekly"]);
    expect(await ticked(), "unticked and saved: off").toBe(false);
    await post({ intent: "weekly-summary", on: "on" });
    expect(await ticked()).toBe(true);
    expect((await post({ intent: "weekly-summary", on: "yes please" })).status, "a value the box never sends").toBe(400);
  });
});
