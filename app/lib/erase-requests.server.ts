/**
 * What erasing a request removes, in one list used by every path that erases: Delete on a request
 * in /admin, and the purge of requests older than the privacy notice's 24 months. A record that
 * belongs to a request (its visits; invoices next) joins the list here, in one line.
 *
 * The audit keeps that something happened, never what was said: its details of an erased request
 * (a quote's number, a customer's reason for declining) are blanked.
 */
import type { DatabaseSync } from "node:sqlite";

/** The requests being erased: a table of their ids, filled and emptied inside the erasing transaction. */
const ERASED = "temp.erased_requests";

export const ERASES: readonly { what: string; sql: string }[] = [
  {
    what: "the queue's work for it: e-mails, reminders and follow-ups, and the pushes that named the customer",
    sql: `DELETE FROM jobs WHERE json_extract(payload, '$.leadId') IN (SELECT id FROM ${ERASED})
            OR json_extract(payload, '$.quoteId') IN (SELECT id FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED}))
            OR json_extract(payload, '$.tag') IN (SELECT 'request-' || id FROM ${ERASED})
            OR json_extract(payload, '$.tag') IN (SELECT 'quote-' || id FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED}))`,
  },
  { what: "its photos' rows (their files go once the rows are gone)", sql: `DELETE FROM lead_photos WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "the owner's notes on it", sql: `DELETE FROM lead_notes WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its quotes' further links", sql: `DELETE FROM quote_links WHERE quote_id IN (SELECT id FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED}))` },
  { what: "its visits (the e-mails and reminders of them go with the queue's work above)", sql: `DELETE FROM visits WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its reviews and their links", sql: `DELETE FROM reviews WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its quotes and their links", sql: `DELETE FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "what the audit said of it", sql: `UPDATE audit SET detail = '' WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "the request itself (and its words in the search index, by trigger)", sql: `DELETE FROM leads WHERE id IN (SELECT id FROM ${ERASED})` },
];

/**
 * Erases the requests `select` names (a SELECT of ids, with its parameters), with everything of
 * theirs in ERASES; returns how many requests went. Call it inside a transaction.
 */
export function eraseRequests(db: DatabaseSync, select: string, ...params: (string | number)[]): number {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS erased_requests (id INTEGER PRIMARY KEY)`);
  db.exec(`DELETE FROM ${ERASED}`);
  db.prepare(`INSERT INTO ${ERASED} (id) ${select}`).run(...params);
  const count = (db.prepare(`SELECT count(*) AS n FROM ${ERASED}`).get() as { n: number }).n;
  for (const step of ERASES) db.prepare(step.sql).run();
  db.exec(`DELETE FROM ${ERASED}`);
  return count;
}
