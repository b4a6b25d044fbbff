/**
 * Page views counted where the pages are served (app/lib/visits/, server/visits.ts), through the
 * real server: a page a phone opens is counted under its path without the query, by source and
 * device; bots, requests with no user agent, prefetches, HEAD, the owner's own visits, the owner's
 * area, customers' links and anything not a page are not. A page not found is kept with the page
 * that linked to it, a private link's never. No public page sets a cookie, and the database file
 * holds no address and no user agent. COUNT_VISITS=0 counts nothing; any other value but 1 stops
 * the server with one line.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInOwner } from "../support/owner.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

function get(pathAndQuery: string, headers: Record<string, string> = {}, method = "GET") {
  return fetch(`${server.url}${pathAndQuery}`, { method, headers: { "user-agent": PHONE, ...headers }, redirect: "manual" });
}

/** A GET with no User-Agent header at all (fetch always sends one). */
function getWithoutAgent(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${pathname}`, { headers: {} }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

function read<T>(sql: string): T[] {
  const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return db.prepare(sql).all().map((row) => ({ ...row }) as T);
  } finally {
    db.close();
  }
}

async function until<T>(look: () => T[], count: number): Promise<T[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = look();
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("page views counted on the server", { timeout: 30_000 }, () => {
  it("counts pages opened by people, by path, source and device, and nothing else, within 5 s", async () => {
    const { cookie } = signedInOwner(server.dataDir);
    const answers = await Promise.all([
      get("/", { referer: "https://www.google.co.uk/" }),
      get("/?utm_source=Newsletter&utm_medium=email&utm_campaign=spring"),
      get("/services", { "user-agent": DESKTOP }),
      get("/services", { "user-agent": DESKTOP }),
      // Not counted:
      get("/", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      get("/", {}, "HEAD"),
      get("/", { "sec-purpose": "prefetch;prerender" }),
      get("/services", { cookie }),
      get("/admin"),
      get("/_root.data"),
      get("/images/no-such-picture.webp"),
      get("/q/not-a-real-link-at-all-but-long-enough-to-look-1"),
      get("/review/not-a-real-link-at-all-but-long-enough-to-look"),
      get("/no-such-page?from=x", { referer: "https://www.example.org/links/roofers?id=7" }),
    ]);
    expect(answers.map((answer) => answer.status).slice(0, 4)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.headers.get("set-cookie"), "no page sets a cookie").toBeNull();
    expect(await getWithoutAgent("/")).toBe(200);

    const views = await until(() => read<Record<string, unknown>>("SELECT path, source, medium, campaign, device, views, visitors FROM page_views ORDER BY path, source"), 3);
    expect(views).toEqual([
      { path: "/", source: "Google", medium: "", campaign: "", device: "Phone", views: 1, visitors: 1 },
      { path: "/", source: "newsletter", medium: "email", campaign: "spring", device: "Phone", views: 1, visitors: 1 },
      { path: "/services", source: "Direct", medium: "", campaign: "", device: "Desktop", views: 2, visitors: 1 },
    ]);
    const missing = await until(() => read<Record<string, unknown>>("SELECT path, referrer, hits FROM pages_not_found"), 1);
    expect(missing, "the page not found, with the page that linked to it; no private link").toEqual([{ path: "/no-such-page", referrer: "www.example.org/links/roofers", hits: 1 }]);
    const day = read<{ day: string }>("SELECT DISTINCT day FROM page_views");
    expect(day).toEqual([{ day: new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date()) }]);
  });

  it("keeps no address, user agent or query in the database file", async () => {
    await server.stop();
    const bytes = readFileSync(path.join(server.dataDir, "leads.sqlite")).toString("latin1");
    expect(bytes).toContain("/no-such-page");
    for (const secret of ["127.0.0.1", "Pixel 8", "Windows NT", "id=7", "from=x"]) expect(bytes, secret).not.toContain(secret);
    server = await startServer({}, server.dataDir);
  });

  it("counts nothing with COUNT_VISITS=0", async () => {
    const quiet = await startServer({ COUNT_VISITS: "0" });
    try {
      expect((await fetch(`${quiet.url}/`, { headers: { "user-agent": PHONE } })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const db = new DatabaseSync(path.join(quiet.dataDir, "leads.sqlite"), { readOnly: true });
      try {
        expect((db.prepare("SELECT COUNT(*) AS n FROM page_views").get() as { n: number }).n).toBe(0);
      } finally {
        db.close();
      }
    } finally {
      await quiet.stop();
    }
  });

  it("stops at start with one line for any other value", () => {
    const run = spawnSync(process.execPath, ["server/index.ts"], { cwd: ROOT, env: { ...process.env, COUNT_VISITS: "yes" }, encoding: "utf8", timeout: 20_000 });
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toEqual(['Cannot start: COUNT_VISITS must be 1 (count page views) or 0 (count nothing), not "yes"']);
  });
});
