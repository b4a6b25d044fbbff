/**
 * What the owner's pages show of invoices, worked out on the server in words and pounds: one
 * invoice's page, a request's invoices with their chips, and where the money of each request in
 * the inbox stands ("Deposit paid", "Balance overdue", "Paid", "Invoice void"), for a whole page
 * of cards in one grouped query.
 */
import type { Db } from "../db/connection.server.ts";
import { leadById } from "../requests/lead.ts";
import { formatPounds, penceAsText, quantityAsText } from "../quotes/money.ts";
import { longDate } from "../time/words.ts";
import { versionOf } from "../quotes/version.ts";
import { ukDate } from "../time/uk-time.ts";
import { INVOICE_KIND_NAMES, invoiceNumber, invoicesOfLead, type Invoice, type InvoiceKind } from "./invoices.server.ts";
import { isOwed, standingOf, type InvoiceState } from "./money.ts";
import { creditNoteNumber, creditNotesOf, lastPaymentMethod, PAYMENT_METHODS, paymentsOf, SETTLED_SUMS, standingOfInvoice } from "./payments.server.ts";


/** What a draft says: its send confirmation carries it, so a draft changed since is not sent unseen. */
export function invoiceVersion(invoice: Pick<Invoice, "lines" | "dueOn" | "note">): string {
  return versionOf([invoice.lines, invoice.dueOn, invoice.note]);
}

/** One invoice as its page shows it, on `now`'s UK day. */
export function invoicePage(store: Db, invoice: Invoice, now: Date = new Date()) {
  const lead = leadById(store, invoice.leadId)!;
  const standing = standingOfInvoice(store, invoice, now);
  return {
    id: invoice.id,
    number: invoiceNumber(invoice),
    status: invoice.status,
    kind: INVOICE_KIND_NAMES[invoice.kind],
    state: standing.state,
    overdue: standing.overdue,
    lead: { id: lead.id, name: lead.name, email: invoice.customer?.email ?? lead.email },
    lines: invoice.lines,
    vat: invoice.vat,
    amounts: { netPence: invoice.netPence, vatPence: invoice.vatPence, totalPence: invoice.totalPence },
    total: formatPounds(invoice.totalPence),
    paid: formatPounds(standing.paidPence),
    credited: formatPounds(standing.creditedPence),
    due: formatPounds(Math.max(0, standing.duePence)),
    /** What Record payment's Amount starts as: what is still due, as it is typed. */
    dueTyped: penceAsText(Math.max(0, standing.duePence)),
    /** What its Method starts as: the last one used. */
    lastMethod: lastPaymentMethod(store),
    settled: standing.state !== "draft" && !isOwed(standing),
    dueOnText: longDate(invoice.dueOn),
    issuedOnText: invoice.issuedOn ? longDate(invoice.issuedOn) : null,
    note: invoice.note,
    reminders: invoice.reminders,
    payments: paymentsOf(store, invoice.id).map((payment) => ({
      id: payment.id,
      receivedOn: longDate(payment.receivedOn),
      amount: formatPounds(payment.amountPence),
      method: PAYMENT_METHODS[payment.method],
      note: payment.note,
      removed: payment.removedAt !== null,
    })),
    creditNotes: creditNotesOf(store, invoice.id).map((note) => ({ id: note.id, number: creditNoteNumber(note), issuedOn: longDate(note.issuedOn), amount: formatPounds(note.totalPence), reason: note.reason })),
    draft: {
      lines: invoice.lines.map((line) => ({ description: line.description, quantity: quantityAsText(line.quantity), unitPrice: penceAsText(line.unitPence) })),
      dueOn: invoice.dueOn,
      note: invoice.note,
    },
    today: ukDate(now),
    methods: Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label })),
  };
}

export type InvoicePageData = ReturnType<typeof invoicePage>;

/** A request's invoices by number (drafts last), each with its chip and what it is for. */
export function invoicesOfLeadListed(store: Db, leadId: number, now: Date = new Date()) {
  return invoicesOfLead(store, leadId).map((invoice) => {
    const standing = standingOfInvoice(store, invoice, now);
    return { id: invoice.id, number: invoiceNumber(invoice), kind: INVOICE_KIND_NAMES[invoice.kind], kindCode: invoice.kind, total: formatPounds(invoice.totalPence), state: standing.state, overdue: standing.overdue };
  });
}

/** A request's draft invoices, each with what it is for: Create invoice points at one of the kind chosen instead of making another. */
export function draftsOfLead(store: Db, leadId: number): { id: number; kind: InvoiceKind }[] {
  return invoicesOfLead(store, leadId)
    .filter((invoice) => invoice.status === "draft")
    .map((invoice) => ({ id: invoice.id, kind: invoice.kind }));
}

/** A job whose every invoice was voided by a credit note: nothing was paid, and nothing is owed. */
const INVOICE_VOID = "Invoice void";

interface MoneyRow {
  leadId: number;
  kind: InvoiceKind;
  totalPence: number;
  dueOn: string;
  credited: number;
  paid: number;
}

/**
 * The words of one request's sent invoices: the first that is overdue, else the newest still owed;
 * with nothing owed, Paid once something was paid, and Invoice void when every one was voided.
 */
function moneyWords(invoices: { kind: InvoiceKind; state: InvoiceState; overdue: boolean }[]): string {
  // A whole-quote invoice is, to the owner glancing at a card, simply the invoice.
  const name = (kind: InvoiceKind) => (kind === "whole" ? INVOICE_KIND_NAMES.blank : INVOICE_KIND_NAMES[kind]);
  const overdue = invoices.find((invoice) => invoice.overdue);
  if (overdue) return `${name(overdue.kind)} overdue`;
  const owed = invoices.findLast(isOwed);
  if (owed) return `${name(owed.kind)} ${owed.state === "sent" ? "sent" : "part paid"}`;
  // Everything sent is settled: a deposit alone is only the start of the job's money.
  const paid = invoices.filter((invoice) => invoice.state === "paid");
  if (paid.length === 0) return INVOICE_VOID;
  return paid.every((invoice) => invoice.kind === "deposit") ? "Deposit paid" : "Paid";
}

/**
 * Where the money of each of these requests stands, in words, for those with a sent invoice: one
 * query for them all (the inbox's page of cards), each invoice's sums read through its index.
 */
export function moneyWordsOf(store: Db, leadIds: readonly number[], now: Date = new Date()): Map<number, string> {
  const words = new Map<number, string>();
  if (leadIds.length === 0) return words;
  const rows = store.db
    .prepare(
      `SELECT i.lead_id AS leadId, i.kind, i.total_pence AS totalPence, i.due_on AS dueOn,
              ${SETTLED_SUMS}
       FROM invoices i
       WHERE i.status = 'sent' AND i.lead_id IN (SELECT value FROM json_each(?))
       ORDER BY i.lead_id, i.year, i.sequence`,
    )
    .all(JSON.stringify(leadIds)) as unknown as MoneyRow[];
  const today = ukDate(now);
  const byLead = Map.groupBy(rows, (row) => row.leadId);
  for (const [leadId, invoices] of byLead) {
    words.set(leadId, moneyWords(invoices.map((row) => ({ kind: row.kind, ...standingOf({ sent: true, totalPence: row.totalPence, dueOn: row.dueOn }, row.credited, row.paid, today) }))));
  }
  return words;
}
