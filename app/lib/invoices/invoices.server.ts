/**
 * The invoices table: invoices made from a request. A Draft (no number) is made from the request's
 * accepted quote (its whole, a deposit or the balance) or blank, and its lines, due date and note
 * change until it is sent. Sending takes the next number, copies the seller's facts and bank
 * details and the customer's name and address onto it, queues the e-mail and locks it for good:
 * a sent invoice is corrected only by a credit note (./payments.server.ts). Every step is audited
 * on the request in the same transaction.
 */
import { asRow, type Db } from "../db/connection.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { quoteById, quoteNumber, type Quote } from "../quotes/quotes.server.ts";
import { formatPounds } from "../quotes/money.ts";
import { addDays, ukDate } from "../time/uk-time.ts";
import { balanceLine, depositLine, pricedLines, totalsOf, type Amounts, type InvoiceLine } from "./money.ts";
import { documentNumber, takeNumber } from "./numbers.server.ts";

export type InvoiceKind = "whole" | "deposit" | "balance" | "blank";

/** What each kind of invoice is called on the owner's pages and in the history: a blank one is just an invoice. */
export const INVOICE_KIND_NAMES: Record<InvoiceKind, string> = { whole: "Whole quote", deposit: "Deposit", balance: "Balance", blank: "Invoice" };

/** The seller as the invoice names them, copied on sending from the facts published then. */
export interface Seller {
  name: string;
  postalAddress: string[];
  vatNumber?: string;
  phone: string;
  email: string;
  accountName: string;
  sortCode: string;
  accountNumber: string;
  cardPaymentLink?: string;
}

/** The customer as invoiced: the name and address on the request, and where the e-mail goes. */
export interface Billed {
  name: string;
  address: string;
  email: string;
}

export interface Invoice extends Amounts {
  id: number;
  leadId: number;
  quoteId: number | null;
  kind: InvoiceKind;
  status: "draft" | "sent";
  /** Set when sent: INV-{year}-{sequence}. */
  year: number | null;
  sequence: number | null;
  createdAt: string;
  /** The invoice date and tax point, a UK day, set when sent. */
  issuedOn: string | null;
  /** The UK day payment is due. */
  dueOn: string;
  lines: InvoiceLine[];
  vat: boolean;
  note: string;
  seller: Seller | null;
  customer: Billed | null;
  sentAt: string | null;
  /** Whether the due-day, +7 and +14 reminders go. */
  reminders: boolean;
}

const COLUMNS = `id, lead_id AS leadId, quote_id AS quoteId, kind, status, year, sequence, created_at AS createdAt,
  issued_on AS issuedOn, due_on AS dueOn, lines, vat, note, net_pence AS netPence, vat_pence AS vatPence,
  total_pence AS totalPence, seller, customer, sent_at AS sentAt, reminders`;

type Row = Omit<Invoice, "lines" | "vat" | "seller" | "customer" | "reminders"> & { lines: string; vat: number; seller: string | null; customer: string | null; reminders: number };

function asInvoice(row: unknown): Invoice {
  const raw = asRow<Row>(row);
  return {
    ...raw,
    lines: JSON.parse(raw.lines) as InvoiceLine[],
    vat: raw.vat === 1,
    seller: raw.seller === null ? null : (JSON.parse(raw.seller) as Seller),
    customer: raw.customer === null ? null : (JSON.parse(raw.customer) as Billed),
    reminders: raw.reminders === 1,
  };
}

/** "INV-2026-0001"; a draft is "Draft invoice". */
export function invoiceNumber(invoice: Pick<Invoice, "year" | "sequence">): string {
  return invoice.year !== null && invoice.sequence !== null ? documentNumber("INV", invoice.year, invoice.sequence) : "Draft invoice";
}

/** The invoice's file name: "INV-2026-0001.pdf". */
export function invoiceFileName(invoice: Pick<Invoice, "year" | "sequence">): string {
  return `${invoiceNumber(invoice).replaceAll(" ", "-")}.pdf`;
}

export function invoiceById(store: Db, id: number): Invoice | undefined {
  const row = store.db.prepare(`SELECT ${COLUMNS} FROM invoices WHERE id = ?`).get(id);
  return row ? asInvoice(row) : undefined;
}

/** A request's invoices: sent ones by number, then drafts, oldest first. */
export function invoicesOfLead(store: Db, leadId: number): Invoice[] {
  return store.db
    .prepare(`SELECT ${COLUMNS} FROM invoices WHERE lead_id = ? ORDER BY status = 'draft', year, sequence, id`)
    .all(leadId)
    .map(asInvoice);
}

/** Whether the request has a sent invoice: it is then kept six years, and cannot be deleted (lib/requests/retention.ts). */
export function hasSentInvoice(store: Db, leadId: number): boolean {
  return store.db.prepare("SELECT 1 FROM invoices WHERE lead_id = ? AND status = 'sent' LIMIT 1").get(leadId) !== undefined;
}

/** The invoices sent with an invoice date from `from` to `to` (UK days, both included), by number. */
export function invoicesIssuedBetween(store: Db, from: string, to: string): Invoice[] {
  return store.db
    .prepare(`SELECT ${COLUMNS} FROM invoices WHERE status = 'sent' AND issued_on BETWEEN ? AND ? ORDER BY year, sequence`)
    .all(from, to)
    .map(asInvoice);
}

/**
 * What has been invoiced against a quote so far: its sent invoices (whole, deposit, balance), less
 * their credit notes. Blank invoices are extras beside the quote, not part of it.
 */
export function invoicedAgainst(store: Db, quoteId: number): Amounts {
  const row = store.db
    .prepare(
      `SELECT COALESCE(SUM(net_pence), 0) AS net, COALESCE(SUM(vat_pence), 0) AS vat FROM invoices
       WHERE quote_id = ? AND status = 'sent' AND kind != 'blank'`,
    )
    .get(quoteId) as { net: number; vat: number };
  const credited = store.db
    .prepare(
      `SELECT COALESCE(SUM(net_pence), 0) AS net, COALESCE(SUM(vat_pence), 0) AS vat FROM credit_notes
       WHERE invoice_id IN (SELECT id FROM invoices WHERE quote_id = ? AND status = 'sent' AND kind != 'blank')`,
    )
    .get(quoteId) as { net: number; vat: number };
  const netPence = row.net - credited.net;
  const vatPence = row.vat - credited.vat;
  return { netPence, vatPence, totalPence: netPence + vatPence };
}

/** What is left of a quote to invoice: its total less what was invoiced against it (`invoicedAgainst`). */
export interface QuoteRoom {
  /** The quote's number: "Q-2026-0002". */
  quote: string;
  totalPence: number;
  invoicedPence: number;
  leftPence: number;
}

export function quoteRoom(store: Db, quote: Quote): QuoteRoom {
  const invoicedPence = invoicedAgainst(store, quote.id).totalPence;
  return { quote: quoteNumber(quote), totalPence: quote.totalPence, invoicedPence, leftPence: quote.totalPence - invoicedPence };
}

/** The room on the quote an invoice is made from; none for a blank invoice, outside the quote. */
export function quoteRoomOf(store: Db, invoice: Pick<Invoice, "kind" | "quoteId">): QuoteRoom | undefined {
  const quote = invoice.kind !== "blank" && invoice.quoteId !== null ? quoteById(store, invoice.quoteId) : undefined;
  return quote ? quoteRoom(store, quote) : undefined;
}

/** "Quote Q-2026-0002 is £5,760.00; £1,440.00 is already invoiced, and £4,320.00 is left." */
export function quoteRoomWords(room: QuoteRoom): string {
  const left = room.leftPence > 0 ? `, and ${formatPounds(room.leftPence)} is left` : "";
  return `Quote ${room.quote} is ${formatPounds(room.totalPence)}; ${formatPounds(room.invoicedPence)} is already invoiced${left}.`;
}

/** Whether an invoice of `totalPence` more would take the quote past its total. */
const pastQuote = (room: QuoteRoom, totalPence: number) => totalPence > room.leftPence;

/** The request's accepted quote: the one a whole, deposit or balance invoice is made from. */
export function acceptedQuoteOf(store: Db, leadId: number): Quote | undefined {
  const row = store.db.prepare("SELECT id FROM quotes WHERE lead_id = ? AND status = 'accepted' ORDER BY id DESC LIMIT 1").get(leadId) as { id: number } | undefined;
  return row ? quoteById(store, row.id) : undefined;
}

export interface NewInvoice {
  leadId: number;
  kind: InvoiceKind;
  /** The deposit's share of the quote, in whole per cent (1–100). */
  depositPercent?: number;
  /** Whether a blank invoice charges VAT: the business is registered (its VAT number is set). */
  vat: boolean;
  /** Days from the invoice date to the due date (the published payment terms). */
  termsDays: number;
  actor: string;
  now?: Date;
}

/** `past-quote`: a whole or deposit invoice would take the quote past its total (`quoteRoom` says by how much). */
export type CreateRefusal = "no-request" | "no-accepted-quote" | "nothing-left" | "past-quote";

/** The lines a new draft starts with, and what it is made from. */
function startingLines(store: Db, options: NewInvoice): { quote?: Quote; lines: InvoiceLine[]; vat: boolean } | CreateRefusal {
  if (options.kind === "blank") return { lines: [], vat: options.vat };
  const quote = acceptedQuoteOf(store, options.leadId);
  if (!quote) return "no-accepted-quote";
  const number = quoteNumber(quote);
  if (options.kind === "balance") {
    const balance = balanceLine(quote, invoicedAgainst(store, quote.id), number);
    return balance ? { quote, lines: [balance], vat: quote.vat } : "nothing-left";
  }
  const lines = options.kind === "whole" ? pricedLines(quote.lines, quote.vat) : [depositLine(quote, options.depositPercent ?? 25, number)];
  return pastQuote(quoteRoom(store, quote), totalsOf(lines).totalPence) ? "past-quote" : { quote, lines, vat: quote.vat };
}

/** A new Draft for the request, due `termsDays` after today; a refusal when it cannot be made. */
export function createInvoice(store: Db, options: NewInvoice): Invoice | CreateRefusal {
  const now = options.now ?? new Date();
  return store.inTransaction(() => {
    if (!store.db.prepare("SELECT 1 FROM leads WHERE id = ?").get(options.leadId)) return "no-request";
    const start = startingLines(store, options);
    if (typeof start === "string") return start;
    const totals = totalsOf(start.lines);
    const row = store.db
      .prepare(
        `INSERT INTO invoices (lead_id, quote_id, kind, created_at, due_on, lines, vat, net_pence, vat_pence, total_pence)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
      )
      .get(options.leadId, start.quote?.id ?? null, options.kind, now.toISOString(), addDays(ukDate(now), options.termsDays),
        JSON.stringify(start.lines), start.vat ? 1 : 0, totals.netPence, totals.vatPence, totals.totalPence);
    const invoice = asInvoice(row);
    recordAudit(store, { actor: options.actor, action: "started an invoice", leadId: options.leadId, detail: INVOICE_KIND_NAMES[options.kind], now });
    return invoice;
  });
}


export interface InvoiceDraft {
  lines: InvoiceLine[];
  dueOn: string;
  note: string;
}

/** Saves the owner's changes to a Draft; false when it is no longer one (a sent invoice never changes). */
export function saveInvoiceDraft(store: Db, id: number, draft: InvoiceDraft): boolean {
  const totals = totalsOf(draft.lines);
  const changed = store.db
    .prepare(
      `UPDATE invoices SET lines = ?, due_on = ?, note = ?, net_pence = ?, vat_pence = ?, total_pence = ?
       WHERE id = ? AND status = 'draft'`,
    )
    .run(JSON.stringify(draft.lines), draft.dueOn, draft.note, totals.netPence, totals.vatPence, totals.totalPence, id).changes;
  return Number(changed) === 1;
}

/** Deletes a Draft (it has no number, so none is lost); false when it was sent. */
export function deleteInvoiceDraft(store: Db, id: number, actor: string, now: Date = new Date()): boolean {
  return store.inTransaction(() => {
    const invoice = invoiceById(store, id);
    if (!invoice || invoice.status !== "draft") return false;
    store.db.prepare("DELETE FROM invoices WHERE id = ? AND status = 'draft'").run(id);
    recordAudit(store, { actor, action: "deleted a draft invoice", leadId: invoice.leadId, detail: INVOICE_KIND_NAMES[invoice.kind], now });
    return true;
  });
}

/** Whether the owner may turn the reminders of a sent invoice off (or on again). */
export function setInvoiceReminders(store: Db, id: number, on: boolean, actor: string, now: Date = new Date()): boolean {
  return store.inTransaction(() => {
    const invoice = invoiceById(store, id);
    if (!invoice || invoice.status !== "sent") return false;
    store.db.prepare("UPDATE invoices SET reminders = ? WHERE id = ?").run(on ? 1 : 0, id);
    recordAudit(store, { actor, action: on ? "turned reminders on" : "turned reminders off", leadId: invoice.leadId, detail: invoiceNumber(invoice), now });
    return true;
  });
}

/** `past-quote`: sending would take the quote it is made from past its total (`quoteRoomOf` says by how much). */
export type SendRefusal = "not-draft" | "no-lines" | "nothing-due" | "past-due-date" | "past-quote";

/**
 * Sends a Draft: in one transaction, the next number of the sending day's UK year, Sent, the
 * seller's and the customer's details copied on, the audit line, and whatever `alongside` queues
 * (the e-mail and the reminders, ./events.server.ts). A failed e-mail later never undoes any of it.
 * What is left of its quote is read again inside the transaction, whose write lock keeps a second
 * sender out until this one commits: two drafts of one quote never both go past its total.
 */
export function sendInvoice(
  store: Db,
  id: number,
  options: { seller: Seller; customer: Billed; actor: string; now?: Date; alongside?: (invoice: Invoice) => void },
): Invoice | SendRefusal {
  const now = options.now ?? new Date();
  const today = ukDate(now);
  return store.inTransaction(() => {
    const draft = invoiceById(store, id);
    if (!draft || draft.status !== "draft") return "not-draft";
    if (draft.lines.length === 0) return "no-lines";
    if (draft.totalPence <= 0) return "nothing-due";
    if (draft.dueOn < today) return "past-due-date";
    const room = quoteRoomOf(store, draft);
    if (room && pastQuote(room, draft.totalPence)) return "past-quote";
    const year = Number(today.slice(0, 4));
    const sequence = takeNumber(store.db, "INV", year);
    store.db
      .prepare(
        `UPDATE invoices SET status = 'sent', year = ?, sequence = ?, issued_on = ?, seller = ?, customer = ?, sent_at = ?
         WHERE id = ? AND status = 'draft'`,
      )
      .run(year, sequence, today, JSON.stringify(options.seller), JSON.stringify(options.customer), now.toISOString(), id);
    const sent = invoiceById(store, id)!;
    recordAudit(store, { actor: options.actor, action: "sent an invoice", leadId: sent.leadId, detail: invoiceNumber(sent), now });
    options.alongside?.(sent);
    return sent;
  });
}
