/**
 * The customer's answer on the quote's own page (/q/{token}), as actions of the table (decision
 * 28): Accept (`quote.accept`, their full name) and Decline (`quote.decline`, an optional reason).
 * The private link stands in for the owner's sign-in: a link that is closed is answered as the
 * page answers it, and nothing changes. A second answer finds the quote answered and changes nothing.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo, type Finding } from "../actions/define.ts";
import { plainLine } from "../forms/plain-text.ts";
import { CLOSED_LINK_STATUS } from "../links/tokens.server.ts";
import type { AnswerRefused } from "./answer.server.ts";
import { ANSWER_NAME_MAX, DECLINE_REASON_MAX } from "./answer-limits.ts";
import { acceptQuote, checkQuoteLink, declineQuote } from "./quotes.server.ts";

/** The quote the customer's link opens; a closed link is answered as the page answers it. */
function openQuote({ params, store }: Finding) {
  const link = checkQuoteLink(store, params.token ?? "");
  if (link.state !== "open") throw data({ field: "", error: "" } satisfies AnswerRefused, { status: CLOSED_LINK_STATUS[link.state] });
  return link.quote;
}

const customerAnswer = {
  side: "customer",
  find: openQuote,
  unknownButton: "Choose Accept or Decline.",
  schema: z.object({}),
  refused: (errors: Record<string, string | undefined>): AnswerRefused => ({ field: "", error: errors.intent ?? Object.values(errors)[0] ?? "" }),
} as const;

export const quoteAccept = defineAction({
  ...customerAnswer,
  name: "quote.accept",
  intent: "accept",
  apply: (_, { store, target: quote, form, clientAddress, url, wake }) => {
    const name = plainLine(String(form.get("name") ?? "")).trim();
    if (name.length < 2) return answer({ field: "name", error: "Type your full name to accept the quote." } satisfies AnswerRefused);
    if (name.length > ANSWER_NAME_MAX) return answer({ field: "name", error: `At most ${ANSWER_NAME_MAX} characters.` } satisfies AnswerRefused);
    if (!acceptQuote(store, quote.id, { name, address: clientAddress })) return redirectTo(url.pathname);
    wake();
    return done(url.pathname);
  },
});

export const quoteDecline = defineAction({
  ...customerAnswer,
  name: "quote.decline",
  intent: "decline",
  apply: (_, { store, target: quote, form, clientAddress, url, wake }) => {
    const reason = String(form.get("reason") ?? "").trim();
    if (reason.length > DECLINE_REASON_MAX) return answer({ field: "reason", error: `At most ${DECLINE_REASON_MAX} characters.` } satisfies AnswerRefused);
    if (!declineQuote(store, quote.id, { name: "", address: clientAddress, reason })) return redirectTo(url.pathname);
    wake();
    return done(url.pathname);
  },
});

export const QUOTE_CUSTOMER_ACTIONS = [quoteAccept, quoteDecline];
