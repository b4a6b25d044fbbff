/**
 * Quotes with a survey report (issue 37 §2, §5): of the quotes sent in a period, those sent with
 * the survey report against those without, and how many of each became Won (the request won).
 * A revision's earlier quote, replaced, is not counted.
 */
import type { Db } from "../db/connection.server.ts";
import { addDays, ukDayStart } from "../time/uk-time.ts";

export interface ReportFigures {
  sent: number;
  won: number;
}

export function surveyReportFigures(store: Db, from: string, to: string): { withReport: ReportFigures; without: ReportFigures } {
  const rows = store.db
    .prepare(
      `SELECT (quote_reports.quote_id IS NOT NULL) AS withReport, COUNT(*) AS sent, SUM(leads.status = 'won') AS won
         FROM quotes JOIN leads ON leads.id = quotes.lead_id LEFT JOIN quote_reports ON quote_reports.quote_id = quotes.id
        WHERE quotes.sent_at >= ? AND quotes.sent_at < ? AND quotes.status != 'replaced'
        GROUP BY withReport`,
    )
    .all(ukDayStart(from).toISOString(), ukDayStart(addDays(to, 1)).toISOString()) as { withReport: number; sent: number; won: number | null }[];
  const of = (withReport: number) => {
    const row = rows.find((one) => one.withReport === withReport);
    return { sent: row?.sent ?? 0, won: row?.won ?? 0 };
  };
  return { withReport: of(1), without: of(0) };
}
