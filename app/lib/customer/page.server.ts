/**
 * What the customer's own page (/c/{token}) shows of their request. Until the owner has answered
 * (a quote sent, a visit booked, the status moved on from New), only the reference and the date:
 * the acknowledgement carries the link to whatever address was typed, and must never show a
 * stranger someone else's words. Spam is no answer. Afterwards: the address and the message, each
 * quote sent (drafts and replaced revisions left out), the visits, each invoice sent, and an open
 * review request.
 */
import type { Db } from "../db/connection.server.ts";
import { referenceOf } from "../forms/reference.ts";
import { leadById } from "../requests/lead.ts";
import type { QuoteStatus } from "../quotes/status.ts";
import { quoteNumber, type Quote } from "../quotes/quotes.server.ts";
import { reviewOfRequest } from "../reviews/reviews.server.ts";
import type { LeadStatus } from "../requests/status.ts";
import { quoteSummary } from "../quotes/summary.server.ts";
import type { CustomerVisit } from "./shown.ts";
import { visitsOfLead } from "../visits/visits.server.ts";
import { customerMayChange } from "../visits/customer-changes.server.ts";
import { invoicesSentTo } from "./invoices-shown.server.ts";
import { whatToDoNow } from "./what-now.ts";
import { CUSTOMER_KIND_NAMES, upperFirst, whenWords } from "../visits/words.ts";


/** The statuses that say the owner has answered the request himself. */
const ANSWERED: readonly LeadStatus[] = ["contacted", "quoted", "won", "lost"];

/** Whether the customer may still answer: sent or opened, and its valid-until day not over. */
export function openForAnswer(quote: Quote, now: Date): boolean {
  return (quote.status === "sent" || quote.status === "viewed") && quote.expiresAt !== null && quote.expiresAt > now.toISOString();
}

function quoteView(quote: Quote, now: Date) {
  const open = openForAnswer(quote, now);
  // A quote whose last day passed a moment ago is expired here at once, as its own link says.
  const status: QuoteStatus = open || (quote.status !== "sent" && quote.status !== "viewed") ? quote.status : "expired";
  return { id: quote.id, number: quoteNumber(quote), status, open, sentAt: quote.sentAt!, answeredAt: quote.answeredAt, answerName: quote.answerName, summary: quoteSummary(quote) };
}

export type CustomerQuoteView = ReturnType<typeof quoteView>;

/** The page's contents: the short one before the owner has answered, else the whole of it. */
export function customerPage(store: Db, leadId: number, quotes: Quote[], now: Date = new Date()) {
  const lead = leadById(store, leadId)!;
  // The diary's visits, as the customer reads them (a cancelled one stays, marked so).
  const visits: CustomerVisit[] = visitsOfLead(store, leadId).map((visit) => ({
    id: visit.id,
    what: upperFirst(CUSTOMER_KIND_NAMES[visit.kind]),
    when: whenWords(new Date(visit.startAt), new Date(visit.endAt), now),
    startAt: visit.startAt,
    endAt: visit.endAt,
    past: visit.endAt <= now.toISOString(),
    cancelled: visit.status === "cancelled",
    mayChange: customerMayChange(visit, now),
  }));
  const head = { reference: referenceOf(lead.id), createdAt: lead.createdAt };
  const invoices = invoicesSentTo(store, leadId, now);
  if (!ANSWERED.includes(lead.status) && quotes.length === 0 && visits.length === 0 && invoices.length === 0) return { answered: false as const, ...head };
  const review = reviewOfRequest(store, leadId, now).state;
  const shownQuotes = quotes.map((quote) => quoteView(quote, now));
  return {
    answered: true as const,
    ...head,
    location: lead.location,
    message: lead.message,
    quotes: shownQuotes,
    visits,
    /** Each invoice sent (never a draft), by number. */
    invoices,
    /** The card the page opens on: an invoice to pay, a quote to accept, the next visit. */
    now: whatToDoNow({ invoices, quotes: shownQuotes, visits }, now),
    /** An open review request (its form is at /c/{token}/review), one already written, or none. */
    review: review === "open" || review === "done" ? review : null,
  };
}
