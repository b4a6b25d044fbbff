/**
 * One of the accountant's files as a download: for the period the address asks (a month, or From
 * and To), named for it ("invoices-2026-10-01-to-2026-12-31.csv"). Dates that make no period are
 * refused, not replaced by this month: the file must be for the days asked.
 */
import { csvAttachment } from "../db/csv.ts";
import { ukToday } from "../time/uk-time.ts";
import { askedPeriod, type MoneyPeriod } from "./money-period.ts";

export function csvDownload(request: Request, what: "invoices" | "payments", build: (period: MoneyPeriod) => string): Response {
  const asked = askedPeriod(new URL(request.url).searchParams, ukToday());
  if (asked.errors) {
    return new Response(`${Object.values(asked.errors).join(" ")}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { period } = asked;
  const name = period.month ? `${what}-${period.month}` : `${what}-${period.from}-to-${period.to}`;
  return csvAttachment(build(period), `${name}.csv`);
}
