import type { Quote } from "./quotes.server.ts";
import { quoteTotals } from "./money.ts";
import { longDate } from "../time/words.ts";

/** A quote as the owner's page and the customer's page both show it: lines, totals, dates, guarantees and notes. */
export function quoteSummary(quote: Quote) {
  return {
    totals: quoteTotals(quote.lines, quote.vat),
    vat: quote.vat,
    vatNumber: quote.vatNumber,
    validUntilText: longDate(quote.validUntil),
    guarantees: quote.guarantees,
    notes: quote.notes,
  };
}
