/**
 * The sums of getting paid, in whole pence and never floating point: a deposit's and a balance's
 * share of a quote, worked on net and VAT apart so that the invoices of one quote make its total
 * to the penny; a credit note's split into net and VAT; and where an invoice stands, worked out
 * from its payments and credit notes (never set by hand, docs/decisions/0027-invoices.md).
 */
import { quoteTotals, VAT_RATE_PERCENT, type QuoteLine } from "../quotes/money.ts";

/** A line as an invoice keeps it: its own net and VAT, so a deposit's rounding is never redone. */
export interface InvoiceLine {
  description: string;
  /** Hundredths: 250 is 2.5. */
  quantity: number;
  unitPence: number;
  netPence: number;
  vatPence: number;
}

export interface Amounts {
  netPence: number;
  vatPence: number;
  totalPence: number;
}

/** a × b / divisor, rounded half up, in integers; all non-negative. */
function mulDivRound(a: number, b: number, divisor: number): number {
  const d = BigInt(divisor);
  return Number((BigInt(a) * BigInt(b) * 2n + d) / (2n * d));
}

/** The share `percent` of `pence`, rounded half up. */
function share(pence: number, percent: number): number {
  return mulDivRound(pence, percent, 100);
}

/** Lines typed by the owner (a blank invoice, a draft's edit), priced as a quote prices them. */
export function pricedLines(lines: QuoteLine[], vat: boolean): InvoiceLine[] {
  return quoteTotals(lines, vat).lines;
}

/** The totals of an invoice's lines. */
export function totalsOf(lines: readonly InvoiceLine[]): Amounts {
  const netPence = lines.reduce((sum, line) => sum + line.netPence, 0);
  const vatPence = lines.reduce((sum, line) => sum + line.vatPence, 0);
  return { netPence, vatPence, totalPence: netPence + vatPence };
}

/** The deposit's one line: `percent` of the quote's net and, apart, of its VAT. */
export function depositLine(quote: Amounts, percent: number, quoteNumber: string): InvoiceLine {
  const netPence = share(quote.netPence, percent);
  return {
    description: `Deposit of ${percent}% on quote ${quoteNumber}`,
    quantity: 100,
    unitPence: netPence,
    netPence,
    vatPence: share(quote.vatPence, percent),
  };
}

/**
 * The balance's one line: what is left of the quote after the invoices already sent against it,
 * net of their credit notes (`invoiced`); none when nothing is left.
 */
export function balanceLine(quote: Amounts, invoiced: Amounts, quoteNumber: string): InvoiceLine | undefined {
  const netPence = quote.netPence - invoiced.netPence;
  const vatPence = quote.vatPence - invoiced.vatPence;
  if (netPence + vatPence <= 0) return undefined;
  return { description: `Balance of quote ${quoteNumber}`, quantity: 100, unitPence: netPence, netPence, vatPence: Math.max(0, vatPence) };
}

/**
 * A credit note of `totalPence` against an invoice: VAT in the invoice's own proportion, so a
 * credit of the whole of what is left takes exactly the net and VAT left.
 */
export function creditSplit(invoice: Amounts, credited: Amounts, totalPence: number): Amounts {
  const left = { netPence: invoice.netPence - credited.netPence, vatPence: invoice.vatPence - credited.vatPence };
  if (totalPence === left.netPence + left.vatPence) return { ...left, totalPence };
  const proportional = invoice.totalPence === 0 ? 0 : mulDivRound(totalPence, invoice.vatPence, invoice.totalPence);
  // Never more VAT than is left, nor more net: the last pennies of a part credit stay in their column.
  const vatPence = Math.max(totalPence - left.netPence, Math.min(left.vatPence, proportional));
  return { netPence: totalPence - vatPence, vatPence, totalPence };
}

/** The VAT rate a line of the invoice carries, as the invoice and the accountant's file say it. */
export function vatRateOf(vat: boolean): number {
  return vat ? VAT_RATE_PERCENT : 0;
}

export type InvoiceState = "draft" | "sent" | "part-paid" | "paid" | "void";

export interface Standing {
  state: InvoiceState;
  /** Sent or part paid, and past its due date. */
  overdue: boolean;
  paidPence: number;
  creditedPence: number;
  /** What is still owed: the total less credit notes and payments. */
  duePence: number;
}

/**
 * Where an invoice stands, from its total, its credit notes and the payments not removed: a
 * credit note of the whole of an unpaid invoice voids it; what is paid and credited together
 * settling it makes it Paid; a payment short of that, Part paid. Past the due date (`today`, a UK
 * day, after `dueOn`), what is still owed is Overdue.
 */
export function standingOf(
  invoice: { sent: boolean; totalPence: number; dueOn: string },
  creditedPence: number,
  paidPence: number,
  today: string,
): Standing {
  const duePence = invoice.totalPence - creditedPence - paidPence;
  const base = { paidPence, creditedPence, duePence: invoice.sent ? duePence : invoice.totalPence };
  if (!invoice.sent) return { ...base, state: "draft", overdue: false };
  if (creditedPence >= invoice.totalPence && paidPence === 0) return { ...base, state: "void", overdue: false };
  if (duePence <= 0) return { ...base, state: "paid", overdue: false };
  return { ...base, state: paidPence > 0 ? "part-paid" : "sent", overdue: today > invoice.dueOn };
}

/** Whether something is still owed on a sent invoice: Sent or Part paid (Overdue or not). */
export function isOwed(standing: Pick<Standing, "state">): boolean {
  return standing.state === "sent" || standing.state === "part-paid";
}

/** The chip's words: "Sent", "Part paid · Overdue", "Paid", "Void". */
export function standingWords(standing: Pick<Standing, "state" | "overdue">): string {
  const words = { draft: "Draft", sent: "Sent", "part-paid": "Part paid", paid: "Paid", void: "Void" }[standing.state];
  if (!standing.overdue) return words;
  return standing.state === "sent" ? "Overdue" : `${words} · Overdue`;
}
