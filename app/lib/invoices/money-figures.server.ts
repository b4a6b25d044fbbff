/**
 * The figures of the owner's Money page and the accountant's two files, each a few grouped
 * queries over the invoices, credit notes and payments (never one query per invoice): what was
 * invoiced, credited and received in a period, what is owed now, the invoices to list, and the
 * rows of the files. Only sent invoices count; a draft is no money yet. A payment removed by
 * mistake counts nowhere.
 */
import type { Db } from "../db/connection.server.ts";
import { asRow } from "../db/connection.server.ts";
import { invoiceNumber, invoicesIssuedBetween, type Billed, type Invoice } from "./invoices.server.ts";
import { isOwed, standingOf, type Standing } from "./money.ts";
import { creditNoteNumber, SETTLED_SUMS, type PaymentMethod } from "./payments.server.ts";
import type { MoneyPeriod } from "./money-period.ts";

export interface PeriodFigures {
  /** Invoices sent in the period, VAT included. */
  invoicedPence: number;
  /** Credit notes issued in the period, VAT included. */
  creditedPence: number;
  /** VAT on the invoices sent, less the VAT on the credit notes issued. */
  vatPence: number;
  /** Payments received in the period. */
  paidPence: number;
}

/** What was invoiced, credited and received from `period.from` to `period.to`. */
export function periodFigures(store: Db, period: Pick<MoneyPeriod, "from" | "to">): PeriodFigures {
  const row = store.db
    .prepare(
      `SELECT
         (SELECT COALESCE(SUM(total_pence), 0) FROM invoices WHERE status = 'sent' AND issued_on BETWEEN :from AND :to) AS invoicedPence,
         (SELECT COALESCE(SUM(vat_pence), 0) FROM invoices WHERE status = 'sent' AND issued_on BETWEEN :from AND :to) AS invoicedVat,
         (SELECT COALESCE(SUM(total_pence), 0) FROM credit_notes WHERE issued_on BETWEEN :from AND :to) AS creditedPence,
         (SELECT COALESCE(SUM(vat_pence), 0) FROM credit_notes WHERE issued_on BETWEEN :from AND :to) AS creditedVat,
         (SELECT COALESCE(SUM(amount_pence), 0) FROM payments WHERE removed_at IS NULL AND received_on BETWEEN :from AND :to) AS paidPence`,
    )
    .get({ from: period.from, to: period.to });
  const sums = asRow<PeriodFigures & { invoicedVat: number; creditedVat: number }>(row);
  return { invoicedPence: sums.invoicedPence, creditedPence: sums.creditedPence, vatPence: sums.invoicedVat - sums.creditedVat, paidPence: sums.paidPence };
}

/** An invoice as the Money page lists it. */
export interface ListedInvoice {
  id: number;
  leadId: number;
  number: string;
  customerName: string;
  issuedOn: string;
  dueOn: string;
  totalPence: number;
  standing: Standing;
}

/**
 * Every invoice still owed (whenever it was sent), then the others sent in the period: the owed
 * ones by due date, so the longest overdue comes first; the rest newest first.
 */
export function invoicesToList(store: Db, period: Pick<MoneyPeriod, "from" | "to">, today: string): ListedInvoice[] {
  const rows = store.db
    .prepare(
      `SELECT i.id, i.lead_id AS leadId, i.year, i.sequence, i.issued_on AS issuedOn, i.due_on AS dueOn, i.total_pence AS totalPence,
         COALESCE(json_extract(i.customer, '$.name'), '') AS customerName, ${SETTLED_SUMS}
       FROM invoices i
       WHERE i.status = 'sent' AND (i.total_pence - credited - paid > 0 OR i.issued_on BETWEEN :from AND :to)`,
    )
    .all({ from: period.from, to: period.to })
    .map((row) => asRow<Omit<ListedInvoice, "number" | "standing"> & { year: number; sequence: number; credited: number; paid: number }>(row));
  const listed = rows.map(({ year, sequence, credited, paid, ...rest }) => ({
    ...rest,
    number: invoiceNumber({ year, sequence }),
    standing: standingOf({ sent: true, totalPence: rest.totalPence, dueOn: rest.dueOn }, credited, paid, today),
  }));
  const owed = (invoice: ListedInvoice) => isOwed(invoice.standing);
  return listed.sort((a, b) => {
    if (owed(a) !== owed(b)) return owed(a) ? -1 : 1;
    if (owed(a)) return a.dueOn.localeCompare(b.dueOn) || a.number.localeCompare(b.number);
    return b.number.localeCompare(a.number);
  });
}

export interface NowFigures {
  /** Still to be paid on every invoice sent. */
  owedPence: number;
  /** Of that, what is past its due date. */
  overduePence: number;
}

/** What is owed now, from the listed invoices (every owed one is among them). */
export function nowFigures(listed: readonly ListedInvoice[]): NowFigures {
  const owed = listed.filter((invoice) => isOwed(invoice.standing));
  const sum = (invoices: ListedInvoice[]) => invoices.reduce((total, invoice) => total + invoice.standing.duePence, 0);
  return { owedPence: sum(owed), overduePence: sum(owed.filter((invoice) => invoice.standing.overdue)) };
}

/** A credit note as the accountant's file needs it: with the invoice it corrects and its customer. */
export interface CreditNoteForFile {
  number: string;
  invoiceNumber: string;
  issuedOn: string;
  reason: string;
  netPence: number;
  vatPence: number;
  totalPence: number;
  vat: boolean;
  customer: Billed;
}

/** The invoices sent and the credit notes issued in the period, for the invoices file. */
export function documentsOfPeriod(store: Db, period: Pick<MoneyPeriod, "from" | "to">): { invoices: Invoice[]; creditNotes: CreditNoteForFile[] } {
  const creditNotes = store.db
    .prepare(
      `SELECT n.year, n.sequence, n.issued_on AS issuedOn, n.reason, n.net_pence AS netPence, n.vat_pence AS vatPence, n.total_pence AS totalPence,
         i.year AS invoiceYear, i.sequence AS invoiceSequence, i.vat, i.customer
       FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id
       WHERE n.issued_on BETWEEN ? AND ? ORDER BY n.year, n.sequence`,
    )
    .all(period.from, period.to)
    .map((row) => {
      const raw = asRow<Omit<CreditNoteForFile, "number" | "invoiceNumber" | "vat" | "customer"> & { year: number; sequence: number; invoiceYear: number; invoiceSequence: number; vat: number; customer: string }>(row);
      const { year, sequence, invoiceYear, invoiceSequence, vat, customer, ...rest } = raw;
      return { ...rest, number: creditNoteNumber({ year, sequence }), invoiceNumber: invoiceNumber({ year: invoiceYear, sequence: invoiceSequence }), vat: vat === 1, customer: JSON.parse(customer) as Billed };
    });
  return { invoices: invoicesIssuedBetween(store, period.from, period.to), creditNotes };
}

/** A payment as the payments file lists it. */
export interface PaymentForFile {
  receivedOn: string;
  invoiceNumber: string;
  customerName: string;
  amountPence: number;
  method: PaymentMethod;
  note: string;
}

/** The payments received in the period (none removed), in the order received. */
export function paymentsOfPeriod(store: Db, period: Pick<MoneyPeriod, "from" | "to">): PaymentForFile[] {
  return store.db
    .prepare(
      `SELECT p.received_on AS receivedOn, p.amount_pence AS amountPence, p.method, p.note, i.year, i.sequence,
         COALESCE(json_extract(i.customer, '$.name'), '') AS customerName
       FROM payments p JOIN invoices i ON i.id = p.invoice_id
       WHERE p.removed_at IS NULL AND p.received_on BETWEEN ? AND ? ORDER BY p.received_on, p.id`,
    )
    .all(period.from, period.to)
    .map((row) => {
      const { year, sequence, ...rest } = asRow<Omit<PaymentForFile, "invoiceNumber"> & { year: number; sequence: number }>(row);
      return { ...rest, invoiceNumber: invoiceNumber({ year, sequence }) };
    });
}
