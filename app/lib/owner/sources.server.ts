/** The sources report: requests per month by the page they came from, and how many were won. */
import type { LeadStore } from "../leads.server.ts";
import { PAGE_GROUP_NAMES, pageOrigin, type PageGroup } from "./pages.server.ts";

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
export function sourcesReport(store: LeadStore, months = 12, now: Date = new Date()): SourceMonth[] {
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
