/**
 * What erasing a request removes, in one list used by every path that erases (Delete on a request
 * in /admin), and what forgetting a request's customer takes from it, 24 months after the last
 * contact (lib/requests/retention.ts): the nightly job and `npm run leads -- --purge-before`. A record that
 * belongs to a request (its visits, its invoices) joins the lists here, a line in each. A request
 * with a sent invoice is never erased (invoices are kept six years, as HMRC asks: lib/requests/retention.ts);
 * forgetting it keeps the invoices, with only what an invoice needs.
 *
 * The audit keeps that something happened, never what was said: its details of an erased request
 * (a quote's number, a customer's reason for declining) are blanked.
 */
import type { DatabaseSync } from "node:sqlite";

/** The requests being erased: a table of their ids, filled and emptied inside the erasing transaction. */
const ERASED = "temp.erased_requests";

type Step = { what: string; sql: string };

/** What erasing and forgetting both take: the queue's work, photos, notes, links, reviews, the audit's details. */
const PERSONAL: readonly Step[] = [
  {
    what: "the queue's work for it: e-mails, reminders and follow-ups, and the pushes that named the customer",
    sql: `DELETE FROM jobs WHERE json_extract(payload, '$.leadId') IN (SELECT id FROM ${ERASED})
            OR json_extract(payload, '$.quoteId') IN (SELECT id FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED}))
            OR json_extract(payload, '$.tag') IN (SELECT 'request-' || id FROM ${ERASED})
            OR json_extract(payload, '$.tag') IN (SELECT 'quote-' || id FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED}))
            OR json_extract(payload, '$.invoiceId') IN (SELECT id FROM invoices WHERE lead_id IN (SELECT id FROM ${ERASED}))
            OR json_extract(payload, '$.paymentId') IN (SELECT payments.id FROM payments JOIN invoices ON invoices.id = payments.invoice_id WHERE invoices.lead_id IN (SELECT id FROM ${ERASED}))
            OR json_extract(payload, '$.creditNoteId') IN (SELECT credit_notes.id FROM credit_notes JOIN invoices ON invoices.id = credit_notes.invoice_id WHERE invoices.lead_id IN (SELECT id FROM ${ERASED}))`,
  },
  { what: "its draft invoices (never sent, never numbered)", sql: `DELETE FROM invoices WHERE status = 'draft' AND lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its photos' rows (their files go once the rows are gone)", sql: `DELETE FROM lead_photos WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its photos of the job (their files go once the rows are gone)", sql: `DELETE FROM job_photos WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its survey report", sql: `DELETE FROM survey_reports WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "the customer's answer about showing photos of their roof", sql: `DELETE FROM photo_consents WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "the owner's notes on it", sql: `DELETE FROM lead_notes WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its quotes' further links", sql: `DELETE FROM quote_links WHERE quote_id IN (SELECT id FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED}))` },
  { what: "what the customer asked about its visits", sql: `DELETE FROM rearrange_requests WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its visits (the e-mails and reminders of them go with the queue's work above)", sql: `DELETE FROM visits WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its reviews and their links", sql: `DELETE FROM reviews WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its one-time link to book a survey", sql: `DELETE FROM survey_booking_tokens WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "its customer's page: every link it had then answers as unknown", sql: `DELETE FROM customer_page_links WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "what the audit said of it", sql: `UPDATE audit SET detail = '' WHERE lead_id IN (SELECT id FROM ${ERASED})` },
];

export const ERASES: readonly Step[] = [
  ...PERSONAL,
  { what: "its quotes' survey reports", sql: `DELETE FROM quote_reports WHERE quote_id IN (SELECT id FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED}))` },
  { what: "its quotes and their links", sql: `DELETE FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED})` },
  { what: "the request itself (and its words in the search index, by trigger)", sql: `DELETE FROM leads WHERE id IN (SELECT id FROM ${ERASED})` },
];

/**
 * Forgetting keeps what names nobody, so past figures stay: the request's date, page, form and
 * status, and its quotes' numbers, lines and amounts.
 */
export const FORGETS: readonly Step[] = [
  ...PERSONAL,
  { what: "the survey report its quotes were sent with (that a quote had one is kept)", sql: `UPDATE quote_reports SET findings = '[]', recommend = '' WHERE quote_id IN (SELECT id FROM quotes WHERE lead_id IN (SELECT id FROM ${ERASED}))` },
  {
    what: "its quotes' links and what the customer typed in answer (the numbers, lines and amounts stay)",
    sql: `UPDATE quotes SET token_hash = NULL, answer_name = NULL, answer_address = NULL, decline_reason = NULL, notes = '' WHERE lead_id IN (SELECT id FROM ${ERASED})`,
  },
  {
    what: "the e-mail address its invoices were sent to (their number, dates, name and address invoiced, lines and VAT stay six years)",
    sql: `UPDATE invoices SET customer = json_remove(customer, '$.email') WHERE customer IS NOT NULL AND lead_id IN (SELECT id FROM ${ERASED})`,
  },
  {
    what: "the owner's notes on its payments (their dates, amounts and ways stay)",
    sql: `UPDATE payments SET note = '' WHERE invoice_id IN (SELECT id FROM invoices WHERE lead_id IN (SELECT id FROM ${ERASED}))`,
  },
  { what: "its words in the search index", sql: `DELETE FROM leads_search WHERE rowid IN (SELECT id FROM ${ERASED})` },
  {
    what: "the customer's name, e-mail, phone, address and message (the date, page, form and status stay)",
    sql: `UPDATE leads SET name = '', email = '', phone = '', location = '', message = '', last_error = NULL, erased_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id IN (SELECT id FROM ${ERASED})`,
  },
];

/**
 * Erases the requests `select` names (a SELECT of ids from `leads`, with its parameters), with
 * everything of theirs in ERASES, except those with a sent invoice; returns how many went. Call it
 * inside a transaction.
 */
export function eraseRequests(db: DatabaseSync, select: string, ...params: (string | number)[]): number {
  return runSteps(db, ERASES, `SELECT id FROM (${select}) AS chosen WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE invoices.lead_id = chosen.id AND invoices.status = 'sent')`, params);
}

/** Forgets the customers of the requests `select` names, by FORGETS; returns how many. Call it inside a transaction. */
export function forgetRequests(db: DatabaseSync, select: string, ...params: (string | number)[]): number {
  return runSteps(db, FORGETS, select, params);
}

function runSteps(db: DatabaseSync, steps: readonly Step[], select: string, params: (string | number)[]): number {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS erased_requests (id INTEGER PRIMARY KEY)`);
  db.exec(`DELETE FROM ${ERASED}`);
  db.prepare(`INSERT INTO ${ERASED} (id) ${select}`).run(...params);
  const count = (db.prepare(`SELECT count(*) AS n FROM ${ERASED}`).get() as { n: number }).n;
  for (const step of steps) db.prepare(step.sql).run();
  db.exec(`DELETE FROM ${ERASED}`);
  return count;
}
