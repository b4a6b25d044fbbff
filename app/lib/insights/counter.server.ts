/**
 * Page views counted where the page is served: nothing added to the page, no cookie, no script.
 *
 * A visitor is a hash of a daily salt, the address, the user agent and the host; the salt is
 * random, made when the UK day starts and forgotten with that day's hashes when the next starts.
 * Salt and hashes live in this process's memory only: never in the database, a log or a backup.
 * A visitor counts once a day per page, source and device. Counts gather in memory and are
 * written as aggregates in one transaction by `flush`, which the server runs every few seconds
 * behind visitors.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";
import { ukDate, ukDayStart, type Clock } from "../time/uk-time.ts";
import { isbot } from "isbot";
import { deviceOf, MAX_VALUE_LENGTH, notCounted, refererPage, sourceOf, type Device, type ViewHeaders } from "./classify.ts";

/** User agents remembered with what they are: a visitor's next pages skip the bot test's patterns. */
const AGENTS_KEPT = 2_000;

/** A page not found is kept this long after it was last asked for. */
const NOT_FOUND_KEEP_DAYS = 90;

/**
 * Strangers choose paths, referrers and campaign tags: a day keeps at most this many different
 * values of each, and counts the rest as Other, so invented addresses cannot grow the database
 * without bound.
 */
export const DISTINCT_PER_DAY = 500;
export const OTHER = "Other";

type Kept = "path" | "source" | "medium" | "campaign" | "missing" | "referrer";

/** What the server knows of a request it answered. */
export interface Served {
  method: string;
  /** The path, without the query. */
  path: string;
  query: URLSearchParams;
  headers: ViewHeaders;
  /** The client's address, as the rate limit takes it. */
  address: string;
  host: string;
  /** Whether the request carries the owner's live sign-in cookie. */
  owner: boolean;
}

interface Tally {
  day: string;
  path: string;
  source: string;
  medium: string;
  campaign: string;
  device: string;
  views: number;
  visitors: number;
}

interface Missing {
  path: string;
  referrer: string;
  hits: number;
  at: string;
}

export class VisitCounter {
  private readonly store: Db;
  private readonly clock: Clock;
  private day = "";
  private salt = Buffer.alloc(0);
  /** Today's visitors, each once per page, source and device. */
  private seen = new Set<string>();
  /** Today's different values of each kind, up to DISTINCT_PER_DAY. */
  private distinct = new Map<Kept, Set<string>>();
  private tallies = new Map<string, Tally>();
  private missing = new Map<string, Missing>();

  constructor(store: Db, clock: Clock = () => new Date()) {
    this.store = store;
    this.clock = clock;
  }

  /** Today's UK date; a new day brings a new salt, and yesterday's hashes are forgotten. */
  private today(now: Date): string {
    const day = ukDate(now);
    if (day !== this.day) {
      this.day = day;
      this.salt = randomBytes(32);
      this.seen = new Set();
      this.distinct = this.storedValues(day);
    }
    return day;
  }

  /** The values already stored today (a restart must not open the door to 500 more of each). */
  private storedValues(day: string): Map<Kept, Set<string>> {
    const db = this.store.db;
    const column = (sql: string, ...params: string[]) => new Set(db.prepare(sql).all(...params).map((row) => String(Object.values(row as object)[0])));
    const since = ukDayStart(day).toISOString();
    return new Map<Kept, Set<string>>([
      ["path", column("SELECT DISTINCT path FROM page_views WHERE day = ?", day)],
      ["source", column("SELECT DISTINCT source FROM page_views WHERE day = ?", day)],
      ["medium", column("SELECT DISTINCT medium FROM page_views WHERE day = ?", day)],
      ["campaign", column("SELECT DISTINCT campaign FROM page_views WHERE day = ?", day)],
      ["missing", column("SELECT DISTINCT path FROM pages_not_found WHERE first_seen >= ?", since)],
      ["referrer", column("SELECT DISTINCT referrer FROM pages_not_found WHERE first_seen >= ?", since)],
    ]);
  }

  /** The value as kept: cut to 100 characters, and Other once the day has 500 others of its kind. */
  private kept(kind: Kept, value: string): string {
    const cut = value.slice(0, MAX_VALUE_LENGTH);
    if (!cut) return cut;
    let values = this.distinct.get(kind);
    if (!values) this.distinct.set(kind, (values = new Set()));
    if (values.has(cut)) return cut;
    if (values.size >= DISTINCT_PER_DAY) return OTHER;
    values.add(cut);
    return cut;
  }

  /** What each user agent seen lately is: a bot, or which device (the patterns cost more than the rest of counting). */
  private agents = new Map<string, { bot: boolean; device: Device }>();

  private agent(agent: string): { bot: boolean; device: Device } {
    let known = this.agents.get(agent);
    if (!known) {
      if (this.agents.size >= AGENTS_KEPT) this.agents.clear();
      this.agents.set(agent, (known = { bot: isbot(agent), device: deviceOf(agent) }));
    }
    return known;
  }

  private countable(served: Served): boolean {
    return !served.owner && notCounted(served.method, served.headers, (agent) => this.agent(agent).bot) === undefined;
  }

  /** A public page answered 200 or 304; returns whether it was counted. */
  view(served: Served): boolean {
    if (!this.countable(served)) return false;
    const day = this.today(this.clock());
    const agent = served.headers["user-agent"]!;
    const from = sourceOf(served.query, served.headers.referer, served.host);
    const [path, source, medium, campaign] = [this.kept("path", served.path), this.kept("source", from.source), this.kept("medium", from.medium), this.kept("campaign", from.campaign)];
    const device = this.agent(agent.trim()).device;
    const visitor = createHash("sha256").update(this.salt).update(`\0${served.address}\0${agent}\0${served.host}`).digest("base64url").slice(0, 22);
    const key = [day, path, source, medium, campaign, device].join("\0");
    const tally = this.tallies.get(key) ?? { day, path, source, medium, campaign, device, views: 0, visitors: 0 };
    tally.views += 1;
    const seenKey = `${visitor}\0${path}\0${source}\0${medium}\0${campaign}\0${device}`;
    if (!this.seen.has(seenKey)) {
      this.seen.add(seenKey);
      tally.visitors += 1;
    }
    this.tallies.set(key, tally);
    return true;
  }

  /** A 404 that would have counted as a view: its path and the page that linked to it. */
  notFound(served: Served): boolean {
    if (!this.countable(served)) return false;
    this.today(this.clock());
    const path = this.kept("missing", served.path);
    const referrer = this.kept("referrer", refererPage(served.headers.referer));
    const key = `${path}\0${referrer}`;
    const entry = this.missing.get(key) ?? { path, referrer, hits: 0, at: "" };
    entry.hits += 1;
    entry.at = this.clock().toISOString();
    this.missing.set(key, entry);
    return true;
  }

  /** Whether counts wait to be written. */
  get pending(): boolean {
    return this.tallies.size > 0 || this.missing.size > 0;
  }

  /** Writes what was counted since the last flush, in one transaction; forgets pages not found for 90 days. */
  flush(): void {
    const tallies = [...this.tallies.values()];
    const missing = [...this.missing.values()];
    this.tallies = new Map();
    this.missing = new Map();
    const db = this.store.db;
    const cutoff = new Date(this.clock().getTime() - NOT_FOUND_KEEP_DAYS * 86_400_000).toISOString();
    try {
      this.store.inTransaction(() => {
        const add = statement(
          db,
          `INSERT INTO page_views (day, path, source, medium, campaign, device, views, visitors) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT DO UPDATE SET views = views + excluded.views, visitors = visitors + excluded.visitors`,
        );
        for (const t of tallies) add.run(t.day, t.path, t.source, t.medium, t.campaign, t.device, t.views, t.visitors);
        const miss = statement(
          db,
          `INSERT INTO pages_not_found (path, referrer, hits, first_seen, last_seen) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT DO UPDATE SET hits = hits + excluded.hits, last_seen = excluded.last_seen`,
        );
        for (const m of missing) miss.run(m.path, m.referrer, m.hits, m.at, m.at);
        statement(db, "DELETE FROM pages_not_found WHERE last_seen < ?").run(cutoff);
      });
    } catch (error) {
      // Kept for the next flush: a busy database loses no count.
      for (const t of tallies) this.merge(t);
      for (const m of missing) this.mergeMissing(m);
      throw error;
    }
  }

  private merge(t: Tally) {
    const key = [t.day, t.path, t.source, t.medium, t.campaign, t.device].join("\0");
    const current = this.tallies.get(key);
    this.tallies.set(key, current ? { ...current, views: current.views + t.views, visitors: current.visitors + t.visitors } : t);
  }

  private mergeMissing(m: Missing) {
    const key = `${m.path}\0${m.referrer}`;
    const current = this.missing.get(key);
    this.missing.set(key, current ? { ...current, hits: current.hits + m.hits } : m);
  }
}
