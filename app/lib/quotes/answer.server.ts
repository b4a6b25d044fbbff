/**
 * The customer's answer to an open quote, from either page that shows it: the quote's own
 * (/q/{token}) and their page (/c/{token}). The same form, the same checks, the same record:
 * Accept takes their full name, Decline an optional reason; the quote is locked, the request Won
 * or Lost, and the owner's e-mail and push and the customer's copy are queued with the answer
 * (owner/quotes.server.ts).
 */
import { acceptQuote, declineQuote, markViewed, quoteById, type Quote } from "./quotes.server.ts";
import type { Db } from "../db/connection.server.ts";
import { plainLine } from "../forms/plain-text.ts";
import { ANSWER_NAME_MAX, DECLINE_REASON_MAX } from "./answer-limits.ts";

/** Why an answer was not taken, said at its field ("" when it is the form as a whole). */
export interface AnswerRefused {
  field: "name" | "reason" | "";
  error: string;
}

/**
 * Records the answer the form carries; returns why not when a field is wrong. A second answer (a
 * double tap, a reload) finds the quote answered and changes nothing. `wake` runs the queue now
 * once something was queued.
 */
export function answerQuoteFromForm(store: Db, quote: Quote, form: FormData, address: string, wake: () => void): AnswerRefused | undefined {
  if (form.get("intent") === "accept") {
    const name = plainLine(String(form.get("name") ?? "")).trim();
    if (name.length < 2) return { field: "name", error: "Type your full name to accept the quote." };
    if (name.length > ANSWER_NAME_MAX) return { field: "name", error: `At most ${ANSWER_NAME_MAX} characters.` };
    if (acceptQuote(store, quote.id, { name, address })) wake();
    return undefined;
  }
  if (form.get("intent") === "decline") {
    const reason = String(form.get("reason") ?? "").trim();
    if (reason.length > DECLINE_REASON_MAX) return { field: "reason", error: `At most ${DECLINE_REASON_MAX} characters.` };
    if (declineQuote(store, quote.id, { name: "", address, reason })) wake();
    return undefined;
  }
  return { field: "", error: "Choose Accept or Decline." };
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
