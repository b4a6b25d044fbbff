/**
 * The customer's answer to an open quote, from either page that shows it: the quote's own
 * (/q/{token}) and their page (/c/{token}). The same form, the same checks, the same record:
 * Accept takes their full name, Decline an optional reason; the quote is locked, the request Won
 * or Lost, and the owner's e-mail and push and the customer's copy are queued with the answer
 * (the actions `quote.accept` and `quote.decline`, ./customer-actions.server.ts).
 */
import { markViewed, quoteById, quotesOfLead, type Quote } from "./quotes.server.ts";
import type { Db } from "../db/connection.server.ts";

/** Why an answer was not taken, said at its field ("" when it is the form as a whole). */
export interface AnswerRefused {
  field: "name" | "reason" | "";
  error: string;
}

/** The quotes the customer was sent, newest first: not a draft, not a revision a newer one replaced. */
export function quotesSentTo(store: Db, leadId: number): Quote[] {
  return quotesOfLead(store, leadId).filter((quote) => quote.sentAt !== null && quote.status !== "draft" && quote.status !== "replaced");
}

/**
 * The customer sees the quote (on either page): the first look is recorded, and the owner's
 * e-mail and push queued with it. Returns the quote as it is now.
 */
export function seenByCustomer(store: Db, quote: Quote, wake: () => void): Quote {
  if (quote.status !== "sent" || !markViewed(store, quote.id)) return quote;
  wake();
  return quoteById(store, quote.id)!;
}
