/**
 * How long personal data is kept, as the privacy notice says it (routes/privacy.tsx reads these
 * same constants): a request's details for 24 months after the last contact, then erased by the
 * nightly job (lib/requests/forget.server.ts) and by `npm run leads -- --purge-before`; invoices
 * for 6 years from the end of their tax year, as HMRC asks.
 */
import type { Db } from "../db/connection.server.ts";

export const RETENTION_MONTHS = 24;
export const INVOICE_RETENTION_YEARS = 6;

/** The day `months` calendar months before `day` (YYYY-MM-DD); a 31st falls back to the month's last day. */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date, last))).toISOString().slice(0, 10);
}

/**
 * The last contact with a request's customer, as SQL on `leads`: its arrival, or the latest of its
 * quotes' creation, sending and answer, its visits' days, its review requests, its invoices'
 * making and sending and the payments recorded on them.
 */
export const LAST_CONTACT_SQL = `MAX(
  leads.created_at,
  COALESCE((SELECT MAX(MAX(created_at, COALESCE(sent_at, ''), COALESCE(answered_at, ''))) FROM quotes WHERE quotes.lead_id = leads.id), ''),
  COALESCE((SELECT MAX(requested_at) FROM reviews WHERE reviews.lead_id = leads.id), ''),
  COALESCE((SELECT MAX(end_at) FROM visits WHERE visits.lead_id = leads.id), ''),
  COALESCE((SELECT MAX(MAX(created_at, COALESCE(sent_at, ''))) FROM invoices WHERE invoices.lead_id = leads.id), ''),
  COALESCE((SELECT MAX(payments.created_at) FROM payments JOIN invoices ON invoices.id = payments.invoice_id WHERE invoices.lead_id = leads.id), '')
)`;

/**
 * The last UK day an invoice dated `issuedOn` keeps the name and address it was made out to:
 * six years from the end of its tax year (the year to 5 April).
 */
export function invoiceKeptUntil(issuedOn: string): string {
  const year = Number(issuedOn.slice(0, 4));
  const taxYearEnds = issuedOn.slice(5) <= "04-05" ? year : year + 1;
  return `${taxYearEnds + INVOICE_RETENTION_YEARS}-04-05`;
}

/** The last invoice date whose name and address have been kept long enough on UK day `today`. */
export function invoicesNamelessUpTo(today: string): string {
  const year = Number(today.slice(0, 4));
  const lastTaxYearEnd = (today.slice(5) > "04-05" ? year : year - 1) - INVOICE_RETENTION_YEARS;
  return `${lastTaxYearEnd}-04-05`;
}

/**
 * Takes the name and address off the sent invoices kept long enough by UK day `today` (six years
 * from the end of their tax year, invoicesNamelessUpTo); returns how many. Their numbers, dates, lines,
 * VAT and payments stay, so past figures do.
 */
export function forgetInvoiceNames(store: Db, today: string): number {
  const result = store.db
    .prepare(
      `UPDATE invoices SET customer = json_object('name', '', 'address', '')
       WHERE status = 'sent' AND issued_on <= ? AND (customer ->> 'name' != '' OR customer ->> 'address' != '')`,
    )
    .run(invoicesNamelessUpTo(today));
  return Number(result.changes);
}
