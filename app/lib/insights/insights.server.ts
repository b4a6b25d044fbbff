/**
 * What the site brought in a period: page views and visitors counted on the server
 * (./counter.server.ts), beside the requests each page sent and what they became (Won, and the
 * accepted quotes' totals, and the payments received on their invoices). Days are UK days; a
 * period includes today so far.
 */
import type { Db } from "../db/connection.server.ts";
import { pageOrigin, type PageGroup } from "../public-site/page-origin.server.ts";
import { addDays, ukDate, ukDayStart } from "../time/uk-time.ts";
import { PERIODS, type Figures, type PeriodKey } from "./periods.ts";
import { surveyReportFigures, type ReportFigures } from "./survey-reports.server.ts";

export interface PageFigures extends Figures {
  path: string;
  name: string;
  group: PageGroup;
}

export interface Share {
  name: string;
  views: number;
  visitors: number;
}

export interface Insights {
  period: PeriodKey;
  /** First and last UK day of the period (YYYY-MM-DD), today the last. */
  from: string;
  to: string;
  totals: Figures;
  before: Figures;
  days: { day: string; views: number; visitors: number }[];
  pages: PageFigures[];
  sources: Share[];
  devices: Share[];
  campaigns: { source: string; medium: string; campaign: string; views: number; visitors: number }[];
  /** The page whose sources, devices and campaigns are shown, or null for every page. */
  page: { path: string; name: string } | null;
  /** By month only: each of the 12 months (YYYY-MM), oldest first, with its figures. */
  months: ({ month: string } & Figures)[];
  notFound: { path: string; referrer: string; hits: number; lastSeen: string }[];
  /** The quotes sent in the period with the survey report and without, and how many of each became Won. */
  reports: { withReport: ReportFigures; without: ReportFigures };
}

const none = (): Figures => ({ views: 0, visitors: 0, requests: 0, won: 0, wonPence: 0, paidPence: 0, bookedOnline: 0 });

/** Requests sent in [from, to] (UK days) by page, with those won, their accepted quotes' totals, what was paid on their invoices, and those whose survey the visitor booked online. */
function requestsByPage(store: Db, from: string, to: string): Map<string, Figures> {
  const rows = store.db
    .prepare(
      `SELECT page, COUNT(*) AS requests, SUM(status = 'won') AS won,
         COALESCE(SUM((SELECT SUM(total_pence) FROM quotes q WHERE q.lead_id = leads.id AND q.status = 'accepted')), 0) AS wonPence,
         COALESCE(SUM((SELECT SUM(p.amount_pence) FROM payments p JOIN invoices i ON i.id = p.invoice_id WHERE i.lead_id = leads.id AND p.removed_at IS NULL)), 0) AS paidPence,
         SUM(EXISTS (SELECT 1 FROM visits v WHERE v.lead_id = leads.id AND v.kind = 'survey' AND v.booked_by = 'customer')) AS bookedOnline
       FROM leads WHERE created_at >= ? AND created_at < ? AND status != 'spam' GROUP BY page`,
    )
    .all(ukDayStart(from).toISOString(), ukDayStart(addDays(to, 1)).toISOString()) as { page: string; requests: number; won: number; wonPence: number; paidPence: number; bookedOnline: number }[];
  return new Map(rows.map((row) => [row.page, { ...none(), requests: row.requests, won: row.won, wonPence: row.wonPence, paidPence: row.paidPence, bookedOnline: row.bookedOnline }]));
}

function viewsByPage(store: Db, from: string, to: string): Map<string, Figures> {
  const rows = store.db
    .prepare("SELECT path, SUM(views) AS views, SUM(visitors) AS visitors FROM page_views WHERE day >= ? AND day <= ? GROUP BY path")
    .all(from, to) as { path: string; views: number; visitors: number }[];
  return new Map(rows.map((row) => [row.path, { ...none(), views: row.views, visitors: row.visitors }]));
}

function figuresByPage(store: Db, from: string, to: string): Map<string, Figures> {
  const pages = viewsByPage(store, from, to);
  for (const [page, asked] of requestsByPage(store, from, to)) {
    // A request's page is the path its form was on; views are counted under the same path.
    const current = pages.get(page) ?? none();
    pages.set(page, { ...current, requests: asked.requests, won: asked.won, wonPence: asked.wonPence, paidPence: asked.paidPence, bookedOnline: asked.bookedOnline });
  }
  return pages;
}

/** The figures of every page for [from, to] (UK days), and their sum. */
export function periodFigures(store: Db, from: string, to: string): { pages: PageFigures[]; totals: Figures } {
  const byPage = figuresByPage(store, from, to);
  const pages = [...byPage.entries()]
    .map(([path, figures]) => ({ path, ...pageOrigin(path), ...figures }))
    .sort((a, b) => b.visitors - a.visitors || b.requests - a.requests || a.path.localeCompare(b.path));
  return { pages, totals: sum(byPage.values()) };
}

function sum(figures: Iterable<Figures>): Figures {
  const total = none();
  for (const f of figures) for (const key of Object.keys(total) as (keyof Figures)[]) total[key] += f[key];
  return total;
}

/** Views and visitors by source or device, of every page or of `page` alone. */
function shares(store: Db, column: "source" | "device", from: string, to: string, page: string | undefined): Share[] {
  return (
    store.db
      .prepare(`SELECT ${column} AS name, SUM(views) AS views, SUM(visitors) AS visitors FROM page_views WHERE day >= ? AND day <= ? AND (? IS NULL OR path = ?) GROUP BY ${column} ORDER BY visitors DESC, views DESC, name`)
      .all(from, to, page ?? null, page ?? null) as unknown as Share[]
  ).map((row) => ({ ...row }));
}

/** "2026-11" moved by `months` (negative: back). */
function addMonths(month: string, months: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (number - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The first and last UK day of a period, and of the one before it (the same length). */
function span(period: PeriodKey, to: string): { from: string; beforeFrom: string; beforeTo: string; days: number } {
  if (period === "months") {
    const from = `${addMonths(to.slice(0, 7), -11)}-01`;
    const beforeFrom = `${addMonths(to.slice(0, 7), -23)}-01`;
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    return { from, beforeFrom, beforeTo: addDays(from, -1), days };
  }
  const days = PERIODS[period].days;
  const from = addDays(to, -(days - 1));
  return { from, beforeFrom: addDays(from, -days), beforeTo: addDays(from, -1), days };
}

/** The period's figures; `page`, a page's path, narrows its sources, devices and campaigns to that page. */
export function insights(store: Db, period: PeriodKey, now: Date = new Date(), page?: string): Insights {
  const to = ukDate(now);
  const { from, beforeFrom, beforeTo, days } = span(period, to);
  const { pages, totals } = periodFigures(store, from, to);
  const before = periodFigures(store, beforeFrom, beforeTo).totals;
  const months =
    period === "months"
      ? Array.from({ length: 12 }, (_, i) => addMonths(from.slice(0, 7), i)).map((month) => {
          const last = addDays(`${addMonths(month, 1)}-01`, -1);
          return { month, ...periodFigures(store, `${month}-01`, last < to ? last : to).totals };
        })
      : [];
  const perDay = new Map(
    (store.db.prepare("SELECT day, SUM(views) AS views, SUM(visitors) AS visitors FROM page_views WHERE day >= ? AND day <= ? GROUP BY day").all(from, to) as { day: string; views: number; visitors: number }[]).map((row) => [row.day, row]),
  );
  return {
    period,
    from,
    to,
    totals,
    before,
    // By month, the months stand for the days.
    days: period === "months" ? [] : Array.from({ length: days }, (_, i) => addDays(from, i)).map((day) => ({ day, views: perDay.get(day)?.views ?? 0, visitors: perDay.get(day)?.visitors ?? 0 })),
    pages,
    months,
    page: page && pages.some((row) => row.path === page) ? { path: page, name: pageOrigin(page).name } : null,
    reports: surveyReportFigures(store, from, to),
    sources: shares(store, "source", from, to, page),
    devices: shares(store, "device", from, to, page),
    campaigns: (
      store.db
        .prepare(
          `SELECT source, medium, campaign, SUM(views) AS views, SUM(visitors) AS visitors FROM page_views
           WHERE day >= ? AND day <= ? AND (? IS NULL OR path = ?) AND (medium != '' OR campaign != '') GROUP BY source, medium, campaign ORDER BY visitors DESC, views DESC`,
        )
        .all(from, to, page ?? null, page ?? null) as unknown as Insights["campaigns"]
    ).map((row) => ({ ...row })),
    notFound: (
      store.db
        .prepare("SELECT path, referrer, SUM(hits) AS hits, MAX(last_seen) AS lastSeen FROM pages_not_found GROUP BY path, referrer ORDER BY lastSeen DESC LIMIT 50")
        .all() as unknown as Insights["notFound"]
    ).map((row) => ({ ...row })),
  };
}
