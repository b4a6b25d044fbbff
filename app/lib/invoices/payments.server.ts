/**
 * What happens to a sent invoice: payments received (each its own row; one recorded by mistake is
 * removed, and stays marked so for the audit) and credit notes that correct it (numbered
 * CN-{year}-{n} from their own counter). Where the invoice stands is worked out from these, never
 * set by hand (./money.ts standingOf). Each step is audited and queues its e-mail in its own
 * transaction (`alongside`).
 */
import { asRow, type Db } from "../db/connection.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { longDate } from "../time/words.ts";
import { formatPounds } from "../quotes/money.ts";
import { ukDate } from "../time/uk-time.ts";
import { invoiceById, invoiceNumber, type Invoice } from "./invoices.server.ts";
import { creditSplit, standingOf, type Amounts, type Standing } from "./money.ts";
import { documentNumber, takeNumber } from "./numbers.server.ts";

export type PaymentMethod = "bank-transfer" | "card" | "cash" | "cheque";

export const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  "bank-transfer": "Bank transfer",
  card: "Card",
  cash: "Cash",
  cheque: "Cheque",
};

export interface Payment {
  id: number;
  invoiceId: number;
  /** The UK day the money arrived. */
  receivedOn: string;
  amountPence: number;
  method: PaymentMethod;
  note: string;
  createdAt: string;
  removedAt: string | null;
}

export interface CreditNote extends Amounts {
  id: number;
  invoiceId: number;
  year: number;
  sequence: number;
  issuedOn: string;
  createdAt: string;
  reason: string;
}

const PAYMENT_COLUMNS = `id, invoice_id AS invoiceId, received_on AS receivedOn, amount_pence AS amountPence, method, note,
  created_at AS createdAt, removed_at AS removedAt`;
const CREDIT_COLUMNS = `id, invoice_id AS invoiceId, year, sequence, issued_on AS issuedOn, created_at AS createdAt, reason,
  net_pence AS netPence, vat_pence AS vatPence, total_pence AS totalPence`;

/** "CN-2026-0001". */
export function creditNoteNumber(note: Pick<CreditNote, "year" | "sequence">): string {
  return documentNumber("CN", note.year, note.sequence);
}

/** An invoice's payments, removed ones included (marked), in the order received. */
export function paymentsOf(store: Db, invoiceId: number): Payment[] {
  return store.db
    .prepare(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE invoice_id = ? ORDER BY received_on, id`)
    .all(invoiceId)
    .map((row) => asRow<Payment>(row));
}

/** How the last payment recorded (and not removed) was made, to fill Record payment's Method; Bank transfer before the first. */
export function lastPaymentMethod(store: Db): PaymentMethod {
  const row = store.db.prepare("SELECT method FROM payments WHERE removed_at IS NULL ORDER BY id DESC LIMIT 1").get() as { method: PaymentMethod } | undefined;
  return row && row.method in PAYMENT_METHODS ? row.method : "bank-transfer";
}

export function paymentById(store: Db, id: number): Payment | undefined {
  const row = store.db.prepare(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ?`).get(id);
  return row ? asRow<Payment>(row) : undefined;
}

export function creditNotesOf(store: Db, invoiceId: number): CreditNote[] {
  return store.db
    .prepare(`SELECT ${CREDIT_COLUMNS} FROM credit_notes WHERE invoice_id = ? ORDER BY id`)
    .all(invoiceId)
    .map((row) => asRow<CreditNote>(row));
}

export function creditNoteById(store: Db, id: number): CreditNote | undefined {
  const row = store.db.prepare(`SELECT ${CREDIT_COLUMNS} FROM credit_notes WHERE id = ?`).get(id);
  return row ? asRow<CreditNote>(row) : undefined;
}

function creditedOf(store: Db, invoiceId: number): Amounts {
  const row = store.db
    .prepare("SELECT COALESCE(SUM(net_pence), 0) AS netPence, COALESCE(SUM(vat_pence), 0) AS vatPence, COALESCE(SUM(total_pence), 0) AS totalPence FROM credit_notes WHERE invoice_id = ?")
    .get(invoiceId);
  return asRow<Amounts>(row);
}

function paidOf(store: Db, invoiceId: number): number {
  const row = store.db.prepare("SELECT COALESCE(SUM(amount_pence), 0) AS paid FROM payments WHERE invoice_id = ? AND removed_at IS NULL").get(invoiceId) as { paid: number };
  return row.paid;
}

/**
 * For a query of sent invoices as `i`: each one's credit notes (`credited`) and the payments not
 * removed (`paid`), in pence, read through their indexes; standingOf makes its state from them.
 */
export const SETTLED_SUMS = `(SELECT COALESCE(SUM(total_pence), 0) FROM credit_notes WHERE invoice_id = i.id) AS credited,
  (SELECT COALESCE(SUM(amount_pence), 0) FROM payments WHERE invoice_id = i.id AND removed_at IS NULL) AS paid`;

/** Where an invoice stands on `now`'s UK day. */
export function standingOfInvoice(store: Db, invoice: Invoice, now: Date = new Date()): Standing {
  return standingOf({ sent: invoice.status === "sent", totalPence: invoice.totalPence, dueOn: invoice.dueOn }, creditedOf(store, invoice.id).totalPence, paidOf(store, invoice.id), ukDate(now));
}

export type PaymentRefusal = { field: "invoice"; reason: "not-sent" | "settled" } | { field: "amount"; reason: "too-much"; duePence: number } | { field: "receivedOn"; reason: "future" };

export interface NewPayment {
  receivedOn: string;
  amountPence: number;
  method: PaymentMethod;
  note: string;
  actor: string;
  now?: Date;
  /** Queues the receipt in the payment's transaction. */
  alongside?: (payment: Payment, invoice: Invoice) => void;
}

/** Records a payment against a sent invoice: never more than is still due, never in the future. */
export function recordPayment(store: Db, invoiceId: number, payment: NewPayment): Payment | PaymentRefusal {
  const now = payment.now ?? new Date();
  return store.inTransaction(() => {
    const invoice = invoiceById(store, invoiceId);
    if (!invoice || invoice.status !== "sent") return { field: "invoice", reason: "not-sent" };
    if (payment.receivedOn > ukDate(now)) return { field: "receivedOn", reason: "future" };
    const standing = standingOfInvoice(store, invoice, now);
    if (standing.state === "void" || standing.duePence <= 0) return { field: "invoice", reason: "settled" };
    if (payment.amountPence > standing.duePence) return { field: "amount", reason: "too-much", duePence: standing.duePence };
    const row = store.db
      .prepare(`INSERT INTO payments (invoice_id, received_on, amount_pence, method, note, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${PAYMENT_COLUMNS}`)
      .get(invoiceId, payment.receivedOn, payment.amountPence, payment.method, payment.note, now.toISOString());
    const stored = asRow<Payment>(row);
    recordAudit(store, { actor: payment.actor, action: "recorded a payment", leadId: invoice.leadId, detail: `${invoiceNumber(invoice)}: ${formatPounds(stored.amountPence)} by ${PAYMENT_METHODS[stored.method].toLowerCase()}`, now });
    payment.alongside?.(stored, invoice);
    return stored;
  });
}

/** Marks a payment recorded by mistake as removed (it stays for the audit); false when it was already. */
export function removePayment(store: Db, paymentId: number, actor: string, now: Date = new Date()): boolean {
  return store.inTransaction(() => {
    const payment = paymentById(store, paymentId);
    if (!payment || payment.removedAt) return false;
    const invoice = invoiceById(store, payment.invoiceId)!;
    store.db.prepare("UPDATE payments SET removed_at = ? WHERE id = ?").run(now.toISOString(), paymentId);
    recordAudit(store, { actor, action: "removed a payment", leadId: invoice.leadId, detail: `${invoiceNumber(invoice)}: ${formatPounds(payment.amountPence)} received ${longDate(payment.receivedOn)}`, now });
    return true;
  });
}

export type CreditRefusal = { reason: "not-sent" | "nothing-left" } | { reason: "too-much"; leftPence: number };

/**
 * Issues a credit note against a sent invoice: the whole of what is still due, or `amountPence`
 * of it, never more. The whole of an unpaid invoice makes it Void; a part lowers what is due.
 */
export function issueCreditNote(
  store: Db,
  invoiceId: number,
  options: { amountPence: number | "whole"; reason: string; actor: string; now?: Date; alongside?: (note: CreditNote, invoice: Invoice) => void },
): CreditNote | CreditRefusal {
  const now = options.now ?? new Date();
  return store.inTransaction(() => {
    const invoice = invoiceById(store, invoiceId);
    if (!invoice || invoice.status !== "sent") return { reason: "not-sent" };
    const standing = standingOfInvoice(store, invoice, now);
    if (standing.state === "void" || standing.duePence <= 0) return { reason: "nothing-left" };
    const totalPence = options.amountPence === "whole" ? standing.duePence : options.amountPence;
    if (totalPence > standing.duePence) return { reason: "too-much", leftPence: standing.duePence };
    const split = creditSplit(invoice, creditedOf(store, invoiceId), totalPence);
    const today = ukDate(now);
    const year = Number(today.slice(0, 4));
    const sequence = takeNumber(store.db, "CN", year);
    const row = store.db
      .prepare(
        `INSERT INTO credit_notes (invoice_id, year, sequence, issued_on, created_at, reason, net_pence, vat_pence, total_pence)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${CREDIT_COLUMNS}`,
      )
      .get(invoiceId, year, sequence, today, now.toISOString(), options.reason, split.netPence, split.vatPence, split.totalPence);
    const note = asRow<CreditNote>(row);
    recordAudit(store, { actor: options.actor, action: "issued a credit note", leadId: invoice.leadId, detail: `${creditNoteNumber(note)} against ${invoiceNumber(invoice)}: ${formatPounds(note.totalPence)}`, now });
    options.alongside?.(note, invoice);
    return note;
  });
}
