/** The sources report: requests per month by the page they came from, and how many were won. */
import { PAGE_GROUP_NAMES, pageOrigin, type PageGroup } from "../public-site/page-origin.server.ts";
import type { Db } from "../db/connection.server.ts";

export interface SourceRow {
  name: string;
  requests: number;
  won: number;
}

export interface SourceGroup extends SourceRow {
  group: PageGroup;
  pages: SourceRow[];
}

export interface SourceMonth {
  /** YYYY-MM (UTC). */
  month: string;
  requests: number;
  won: number;
  groups: SourceGroup[];
}

const GROUP_ORDER: PageGroup[] = ["town", "region", "service", "home", "contact", "other"];

/** The last `months` calendar months (this one included), newest first; months without requests are left out. */
export function sourcesReport(store: Db, months = 12, now: Date = new Date()): SourceMonth[] {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1)).toISOString();
  // Counted as requests arrive, change status or are deleted (triggers on leads), so the report
  // reads a few hundred rows however many requests are stored.
  const rows = store.db
    .prepare("SELECT month, page, requests, won FROM lead_sources WHERE month >= ? AND requests > 0 ORDER BY month DESC")
    .all(from.slice(0, 7)) as unknown as { month: string; page: string; requests: number; won: number }[];
  const byMonth = new Map<string, SourceMonth>();
  for (const row of rows) {
    const month = byMonth.get(row.month) ?? { month: row.month, requests: 0, won: 0, groups: [] };
    byMonth.set(row.month, month);
    const origin = pageOrigin(row.page);
    let group = month.groups.find((g) => g.group === origin.group);
    if (!group) month.groups.push((group = { group: origin.group, name: PAGE_GROUP_NAMES[origin.group], requests: 0, won: 0, pages: [] }));
    const page = group.pages.find((p) => p.name === origin.name);
    if (page) {
      page.requests += row.requests;
      page.won += row.won;
    } else group.pages.push({ name: origin.name, requests: row.requests, won: row.won });
    for (const total of [month, group]) {
      total.requests += row.requests;
      total.won += row.won;
    }
  }
  for (const month of byMonth.values()) {
    month.groups.sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group));
    for (const group of month.groups) group.pages.sort((a, b) => b.requests - a.requests || a.name.localeCompare(b.name));
  }
  return [...byMonth.values()];
}

/** How fast a month's requests were answered (spam left out): the owner's clock, month by month. */
export interface MonthResponse {
  /** Requests that month, spam left out. */
  requests: number;
  /** The middle time to a first answer of those answered, in milliseconds; null when none was. */
  medianMs: number | null;
  /** Shares of the month's requests answered within an hour and within a day (0 to 1); null when there were none. */
  withinHour: number | null;
  withinDay: number | null;
  /** Won, of those answered within an hour and of those answered later (0 to 1); null when there were none. */
  wonFast: number | null;
  wonLate: number | null;
}

const HOUR_MS = 3_600_000;

const share = (part: number, whole: number) => (whole ? part / whole : null);

/** The middle value, or the mean of the middle two. */
function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The response figures of each month the report shows (YYYY-MM, UTC, as lead_sources counts
 * them), from each request's arrival, first answer and status.
 */
export function responseByMonth(store: Db, months: string[]): Map<string, MonthResponse> {
  const report = new Map<string, MonthResponse>();
  if (!months.length) return report;
  const first = [...months].sort()[0]!;
  // Counted in SQL, reading an index that holds the three columns (migration 0020); only the
  // answered requests' times come back, for the medians.
  const answerMs = "CAST(round((julianday(first_answer_at) - julianday(created_at)) * 86400000) AS INTEGER)";
  const counts = store.db
    .prepare(
      `WITH answers AS (
         SELECT substr(created_at, 1, 7) AS month, status = 'won' AS won, ${answerMs} AS answerMs FROM leads WHERE created_at >= ? AND status <> 'spam'
       )
       SELECT month, COUNT(*) AS requests, SUM(answerMs <= ${HOUR_MS}) AS fast, SUM(answerMs > ${HOUR_MS}) AS late,
              SUM(answerMs <= ${24 * HOUR_MS}) AS withinDay, SUM(won AND answerMs <= ${HOUR_MS}) AS wonFast, SUM(won AND answerMs > ${HOUR_MS}) AS wonLate
       FROM answers GROUP BY month`,
    )
    .all(`${first}-01`) as unknown as { month: string; requests: number; fast: number | null; late: number | null; withinDay: number | null; wonFast: number | null; wonLate: number | null }[];
  const times = store.db
    .prepare(`SELECT substr(created_at, 1, 7) AS month, ${answerMs} AS answerMs FROM leads WHERE created_at >= ? AND status <> 'spam' AND first_answer_at IS NOT NULL`)
    .all(`${first}-01`) as unknown as { month: string; answerMs: number }[];
  const medianOf = new Map([...Map.groupBy(times, (row) => row.month)].map(([month, rows]) => [month, median(rows.map((row) => row.answerMs))]));
  const byMonth = new Map(counts.map((row) => [row.month, row]));
  for (const month of months) {
    const of = byMonth.get(month);
    const requests = of?.requests ?? 0;
    const fast = of?.fast ?? 0;
    const late = of?.late ?? 0;
    report.set(month, {
      requests,
      medianMs: medianOf.get(month) ?? null,
      withinHour: share(fast, requests),
      withinDay: share(of?.withinDay ?? 0, requests),
      wonFast: share(of?.wonFast ?? 0, fast),
      wonLate: share(of?.wonLate ?? 0, late),
    });
  }
  return report;
}
