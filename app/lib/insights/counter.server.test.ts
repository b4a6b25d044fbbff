import { afterEach, describe, expect, it } from "vitest";
import { Database } from "../db/connection.server.ts";
import { DISTINCT_PER_DAY, OTHER, VisitCounter, type Served } from "./counter.server.ts";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let db: Database;
afterEach(() => db?.close());

function setUp(start: string) {
  db = new Database(":memory:");
  let now = new Date(start);
  const counter = new VisitCounter(db, () => now);
  return { counter, at: (iso: string) => (now = new Date(iso)) };
}

function visit(over: Partial<Served> & { agent?: string; referer?: string } = {}): Served {
  const { agent = PHONE, referer, ...rest } = over;
  return { method: "GET", path: "/", query: new URLSearchParams(), headers: { "user-agent": agent, referer }, address: "203.0.113.7", host: "www.kestrelroofing.co.uk", owner: false, ...rest };
}

const rows = () => db.db.prepare("SELECT day, path, source, medium, campaign, device, views, visitors FROM page_views ORDER BY day, path, source, device").all().map((row) => ({ ...row }));

describe("counting page views on the server", () => {
  it("counts a visitor once a day per page, source and device, and every view", () => {
    const { counter } = setUp("2026-07-01T09:00:00Z");
    for (let i = 0; i < 3; i += 1) counter.view(visit());
    counter.view(visit({ path: "/services" }));
    counter.view(visit({ referer: "https://www.google.co.uk/" }));
    counter.view(visit({ address: "198.51.100.9" }));
    counter.view(visit({ agent: DESKTOP }));
    counter.flush();
    expect(rows()).toEqual([
      { day: "2026-07-01", path: "/", source: "Direct", medium: "", campaign: "", device: "Desktop", views: 1, visitors: 1 },
      { day: "2026-07-01", path: "/", source: "Direct", medium: "", campaign: "", device: "Phone", views: 4, visitors: 2 },
      { day: "2026-07-01", path: "/", source: "Google", medium: "", campaign: "", device: "Phone", views: 1, visitors: 1 },
      { day: "2026-07-01", path: "/services", source: "Direct", medium: "", campaign: "", device: "Phone", views: 1, visitors: 1 },
    ]);
  });

  it("adds each flush to what is stored, and counts a visitor again on the next UK day", () => {
    const { counter, at } = setUp("2026-07-01T22:30:00Z");
    counter.view(visit());
    counter.flush();
    counter.view(visit());
    counter.flush();
    // 23:10 UTC is ten past midnight in summer (BST): a new UK day, a new salt.
    at("2026-07-01T23:10:00Z");
    counter.view(visit());
    counter.flush();
    expect(rows().map((row) => [row.day, row.views, row.visitors])).toEqual([
      ["2026-07-01", 2, 1],
      ["2026-07-02", 1, 1],
    ]);
  });

  it("leaves out the owner, bots, prefetches and anything not a GET", () => {
    const { counter } = setUp("2026-07-01T09:00:00Z");
    expect(counter.view(visit({ owner: true }))).toBe(false);
    expect(counter.view(visit({ agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }))).toBe(false);
    expect(counter.view(visit({ headers: { "user-agent": PHONE, "sec-purpose": "prefetch;prerender" } }))).toBe(false);
    expect(counter.view(visit({ method: "HEAD" }))).toBe(false);
    expect(counter.pending).toBe(false);
    counter.flush();
    expect(rows()).toEqual([]);
  });

  it("keeps only aggregates: no address, no user agent, no hash reaches the database", () => {
    const { counter } = setUp("2026-07-01T09:00:00Z");
    counter.view(visit());
    counter.notFound(visit({ path: "/old-page", referer: "https://www.example.org/links?id=7" }));
    counter.flush();
    const everything = JSON.stringify([
      ...db.db.prepare("SELECT * FROM page_views").all(),
      ...db.db.prepare("SELECT * FROM pages_not_found").all(),
    ]);
    expect(everything).toContain("/old-page");
    for (const secret of ["203.0.113.7", "Pixel 8", "Chrome", "id=7"]) expect(everything).not.toContain(secret);
  });

  it("keeps a page not found with the page that linked to it, and forgets it 90 days after it was last asked for", () => {
    const { counter, at } = setUp("2026-03-01T09:00:00Z");
    counter.notFound(visit({ path: "/roof-repairs-in-stevenage", referer: "https://www.example.org/links?id=7" }));
    counter.notFound(visit({ path: "/roof-repairs-in-stevenage", referer: "https://www.example.org/links?id=8" }));
    counter.flush();
    const found = () => db.db.prepare("SELECT path, referrer, hits FROM pages_not_found").all().map((row) => ({ ...row }));
    expect(found()).toEqual([{ path: "/roof-repairs-in-stevenage", referrer: "www.example.org/links", hits: 2 }]);
    at("2026-05-29T09:00:00Z");
    counter.flush();
    expect(found(), "89 days on: kept").toHaveLength(1);
    at("2026-05-31T09:00:00Z");
    counter.flush();
    expect(found(), "91 days on: forgotten").toEqual([]);
  });

  it("keeps the counts for the next flush when the database refuses them", () => {
    const { counter } = setUp("2026-07-01T09:00:00Z");
    counter.view(visit());
    db.db.exec("ALTER TABLE page_views RENAME TO page_views_away");
    expect(() => counter.flush()).toThrow();
    expect(counter.pending).toBe(true);
    db.db.exec("ALTER TABLE page_views_away RENAME TO page_views");
    counter.view(visit());
    counter.flush();
    expect(rows().map((row) => [row.views, row.visitors])).toEqual([[2, 1]]);
  });

  it("keeps at most 500 different campaigns and pages not found a day, the rest as Other, across a restart too", () => {
    const { counter } = setUp("2026-07-01T09:00:00Z");
    for (let i = 0; i < DISTINCT_PER_DAY - 10; i += 1) {
      counter.view(visit({ query: new URLSearchParams({ utm_source: `spam${i}` }) }));
      counter.notFound(visit({ path: `/made-up-${i}`, referer: `https://spam${i}.example/` }));
    }
    counter.flush();
    // The server starts again: what is stored today still counts towards the 500.
    const again = new VisitCounter(db, () => new Date("2026-07-01T10:00:00Z"));
    for (let i = DISTINCT_PER_DAY - 10; i < DISTINCT_PER_DAY + 40; i += 1) {
      again.view(visit({ query: new URLSearchParams({ utm_source: `spam${i}` }) }));
      again.notFound(visit({ path: `/made-up-${i}`, referer: `https://spam${i}.example/` }));
    }
    again.view(visit({ query: new URLSearchParams({ utm_source: "spam3" }) }));
    again.flush();
    const sources = db.db.prepare("SELECT source, views FROM page_views").all().map((row) => ({ ...row }) as { source: string; views: number });
    expect(sources).toHaveLength(DISTINCT_PER_DAY + 1);
    expect(sources.find((row) => row.source === OTHER)?.views).toBe(40);
    expect(sources.find((row) => row.source === "spam3")?.views, "a value kept before goes on being counted as itself").toBe(2);
    const missing = db.db.prepare("SELECT path, referrer FROM pages_not_found").all().map((row) => ({ ...row }) as { path: string; referrer: string });
    expect(new Set(missing.map((row) => row.path)).size).toBe(DISTINCT_PER_DAY + 1);
    expect(missing.filter((row) => row.path === OTHER)).toHaveLength(1);
    expect(missing.every((row) => row.path.length <= 100 && row.referrer.length <= 100)).toBe(true);
  });

  it("cuts a long path and referrer to 100 characters", () => {
    const { counter } = setUp("2026-07-01T09:00:00Z");
    counter.notFound(visit({ path: `/${"a".repeat(400)}`, referer: `https://www.example.org/${"b".repeat(400)}` }));
    counter.flush();
    const [row] = db.db.prepare("SELECT path, referrer FROM pages_not_found").all() as { path: string; referrer: string }[];
    expect([row!.path.length, row!.referrer.length]).toEqual([100, 100]);
  });
});
