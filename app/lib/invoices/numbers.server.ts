/**
 * Invoice and credit-note numbers: INV-2026-0001 and CN-2026-0001, from one counter per series and
 * UK year, taken inside the transaction that sends (or issues) the document. The write lock that
 * transaction holds makes two sends at once take consecutive numbers; a draft takes none, so a
 * deleted draft leaves no gap; a number taken is committed with the document or not at all
 * (docs/decisions/0027-invoices.md).
 */
import type { DatabaseSync } from "node:sqlite";
import { statement } from "../db/statements.ts";

export type Series = "INV" | "CN";

/** Takes the next number of `series` in `year`: call it inside the transaction that uses it. */
export function takeNumber(db: DatabaseSync, series: Series, year: number): number {
  const row = statement(
    db,
    `INSERT INTO number_counters (series, year, last) VALUES (?, ?, 1)
     ON CONFLICT (series, year) DO UPDATE SET last = last + 1 RETURNING last`,
  ).get(series, year) as { last: number };
  return row.last;
}

/** "INV-2026-0001". */
export function documentNumber(series: Series, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(4, "0")}`;
}
