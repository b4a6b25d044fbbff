/**
 * The customer's answer to a quote, as actions of the table (decision 28): Accept (`quote.accept`,
 * their full name) and Decline (`quote.decline`, an optional reason), from either page that shows
 * it: the quote's own (/q/{token}) and the customer's page (/c/{token}, the quote named by its
 * hidden `quote`). The private link stands in for the owner's sign-in: a link that is closed is
 * answered as the page answers it, and nothing changes. A second answer finds the quote answered
 * and changes nothing.
 */
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo, refuse, type Finding } from "../actions/define.ts";
import { plainLine } from "../forms/plain-text.ts";
import { checkCustomerLink } from "../links/page-links.server.ts";
import { CLOSED_LINK_STATUS } from "../links/tokens.server.ts";
import { quotesSentTo, type AnswerRefused } from "./answer.server.ts";
import { ANSWER_NAME_MAX, DECLINE_REASON_MAX } from "./answer-limits.ts";
import { acceptQuote, checkQuoteLink, declineQuote, type Quote } from "./quotes.server.ts";

/** The quote answered, and where: on the customer's page its refusals name it, and the answer goes back to its card. */
interface Answering {
  quote: Quote;
  onCustomerPage: boolean;
}

/** A refusal of the customer's page: at a quote's field (0: none of them). */
export type PageAnswerRefused = AnswerRefused & { quoteId: number };

/** The quote the customer's link opens; a closed link, or a quote the page does not show, is answered as the page answers it. */
function openQuote({ params, store, url, form }: Finding): Answering {
  if (url.pathname.startsWith("/c/")) {
    const link = checkCustomerLink(store, params.token ?? "");
    if (link.state !== "open") refuse({ quoteId: 0, field: "", error: "" } satisfies PageAnswerRefused, CLOSED_LINK_STATUS[link.state]);
    const quote = quotesSentTo(store, link.leadId).find((sent) => String(sent.id) === form.get("quote"));
    if (!quote) refuse({ quoteId: 0, field: "", error: "Choose Accept or Decline under a quote." } satisfies PageAnswerRefused);
    return { quote, onCustomerPage: true };
  }
  const link = checkQuoteLink(store, params.token ?? "");
  if (link.state !== "open") refuse({ field: "", error: "" } satisfies AnswerRefused, CLOSED_LINK_STATUS[link.state]);
  return { quote: link.quote, onCustomerPage: false };
}

/** What the page says at `field`: on the customer's page, under the quote answered. */
function refusal({ quote, onCustomerPage }: Answering, field: AnswerRefused["field"], error: string): AnswerRefused | PageAnswerRefused {
  return onCustomerPage ? { quoteId: quote.id, field, error } : { field, error };
}

/** Where the answer goes: the quote's own page, or the quote's card on the customer's page. */
const backTo = ({ quote, onCustomerPage }: Answering, url: URL) => (onCustomerPage ? `${url.pathname}#quote-${quote.id}-heading` : url.pathname);

const customerAnswer = {
  side: "customer",
  find: openQuote,
  unknownButton: "Choose Accept or Decline.",
  schema: z.object({}),
  // A button the page does not have: under the quote its form named (its link was checked first).
  refused: (errors: Record<string, string | undefined>, form: FormData): AnswerRefused | PageAnswerRefused => {
    const error = errors.intent ?? Object.values(errors)[0] ?? "";
    return form.has("quote") ? { quoteId: Number(form.get("quote")), field: "", error } : { field: "", error };
  },
} as const;

export const quoteAccept = defineAction({
  ...customerAnswer,
  name: "quote.accept",
  intent: "accept",
  apply: (_, { store, target, form, clientAddress, url, wake }) => {
    const name = plainLine(String(form.get("name") ?? "")).trim();
    if (name.length < 2) return answer(refusal(target, "name", "Type your full name to accept the quote."));
    if (name.length > ANSWER_NAME_MAX) return answer(refusal(target, "name", `At most ${ANSWER_NAME_MAX} characters.`));
    if (!acceptQuote(store, target.quote.id, { name, address: clientAddress })) return redirectTo(backTo(target, url));
    wake();
    return done(backTo(target, url));
  },
});

export const quoteDecline = defineAction({
  ...customerAnswer,
  name: "quote.decline",
  intent: "decline",
  apply: (_, { store, target, form, clientAddress, url, wake }) => {
    const reason = String(form.get("reason") ?? "").trim();
    if (reason.length > DECLINE_REASON_MAX) return answer(refusal(target, "reason", `At most ${DECLINE_REASON_MAX} characters.`));
    if (!declineQuote(store, target.quote.id, { name: "", address: clientAddress, reason })) return redirectTo(backTo(target, url));
    wake();
    return done(backTo(target, url));
  },
});

export const QUOTE_CUSTOMER_ACTIONS = [quoteAccept, quoteDecline];
