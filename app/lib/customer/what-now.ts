/**
 * What the customer must do now (issue 35 §6), the card her page opens on: in this order, an
 * invoice to pay, a quote to accept and the next visit. Each is the one that matters most: the
 * invoice overdue first, then the one due soonest; the newest quote still open; the booked visit
 * that has not ended, soonest first.
 */
import { isOwed, type Standing } from "../invoices/money.ts";

interface Owed {
  /** The due day, 2026-12-08. */
  dueOnIso: string;
  standing: Pick<Standing, "state" | "duePence" | "overdue">;
}
interface Answerable {
  open: boolean;
}
interface Booked {
  startAt: string;
  endAt: string;
  cancelled: boolean;
}

export interface WhatNow<I, Q, V> {
  invoice: I | null;
  quote: Q | null;
  visit: V | null;
}

/**
 * The invoice to pay, the quote to accept and the next visit, each or none. Quotes come newest
 * first, as the page lists them.
 */
export function whatToDoNow<I extends Owed, Q extends Answerable, V extends Booked>(page: { invoices: I[]; quotes: Q[]; visits: V[] }, now: Date): WhatNow<I, Q, V> {
  const owed = page.invoices.filter((invoice) => isOwed(invoice.standing) && invoice.standing.duePence > 0);
  const invoice = owed.toSorted((a, b) => Number(b.standing.overdue) - Number(a.standing.overdue) || a.dueOnIso.localeCompare(b.dueOnIso))[0] ?? null;
  const quote = page.quotes.find((q) => q.open) ?? null;
  const at = now.toISOString();
  const visit = page.visits.filter((v) => !v.cancelled && v.endAt > at).toSorted((a, b) => a.startAt.localeCompare(b.startAt))[0] ?? null;
  return { invoice, quote, visit };
}
