/**
 * Where a job's money stands, for its card in Jobs and the first screen of its page (issue 35
 * §1–2): what is still owed of the accepted quote (what is not invoiced yet, and what is invoiced
 * and unpaid), whether any of it is overdue, whether every invoice of it is sent, and whether it
 * is paid in full (then the job is Paid and leaves Jobs).
 */
import type { Db } from "../db/connection.server.ts";
import { acceptedQuoteOf, invoicedAgainst, invoicesOfLead } from "./invoices.server.ts";
import { isOwed } from "./money.ts";
import { standingOfInvoice } from "./payments.server.ts";
import { moneyWordsOf } from "./pages.server.ts";

export interface JobMoney {
  /** What is still owed: of the accepted quote, what is not invoiced yet plus what is invoiced and unpaid. */
  owedPence: number;
  overdue: boolean;
  /** Some invoice has been sent. */
  invoiceSent: boolean;
  /** The invoices sent cover the whole accepted quote (or there is none to cover). */
  invoicedInFull: boolean;
  /** Everything invoiced is settled, something was paid, and nothing of the quote is left to invoice. */
  paidInFull: boolean;
  /** The card's words for the invoices: "Deposit paid", "Balance sent", "Paid"; null before any is sent. */
  words: string | null;
}

/** One job's money on `now`'s UK day. */
export function jobMoneyOf(store: Db, leadId: number, now: Date, words?: string | null): JobMoney {
  const sent = invoicesOfLead(store, leadId)
    .filter((invoice) => invoice.status === "sent")
    .map((invoice) => standingOfInvoice(store, invoice, now));
  const quote = acceptedQuoteOf(store, leadId);
  let notInvoiced = 0;
  if (quote) {
    const invoiced = invoicedAgainst(store, quote.id);
    notInvoiced = Math.max(0, quote.totalPence - invoiced.netPence - invoiced.vatPence);
  }
  const unpaid = sent.filter(isOwed).reduce((sum, standing) => sum + Math.max(0, standing.duePence), 0);
  const anyPaid = sent.some((standing) => standing.paidPence > 0);
  return {
    owedPence: notInvoiced + unpaid,
    overdue: sent.some((standing) => standing.overdue),
    invoiceSent: sent.length > 0,
    invoicedInFull: notInvoiced === 0,
    paidInFull: sent.length > 0 && anyPaid && unpaid === 0 && notInvoiced === 0,
    words: words === undefined ? (moneyWordsOf(store, [leadId], now).get(leadId) ?? null) : words,
  };
}

/** Each of these jobs' money, with the card's words read in one query. */
export function jobsMoneyOf(store: Db, leadIds: readonly number[], now: Date = new Date()): Map<number, JobMoney> {
  const words = moneyWordsOf(store, leadIds, now);
  return new Map(leadIds.map((id) => [id, jobMoneyOf(store, id, now, words.get(id) ?? null)]));
}

