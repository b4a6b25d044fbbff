/**
 * The queue's handlers for quotes (queued by app/lib/quotes/events.server.ts): the customer's
 * e-mail of a quote sent, with its PDF made from the stored quote; the owner's e-mail when a
 * customer opens or answers; the customer's copy of an accepted quote; and the follow-ups.
 * Each e-mail to the customer carries a link of its own to their page of the quote, and the
 * link to their own page (/c/…).
 */
import type { JobHandler } from "../jobs/jobs.server.ts";
import { MailNotSetUp, type OutgoingMail } from "../mail/mailer.server.ts";
import { holdUntilOpen } from "../jobs/held-to-opening.server.ts";
import type { HoursNow } from "../time/opening-hours.ts";
import { recordAudit } from "../db/audit.server.ts";
import { leadById } from "../requests/lead.ts";
import { addQuoteLink, quoteById, quoteNumber, quotePath, takeBackSend } from "./quotes.server.ts";
import type { QuoteEvent } from "./events.server.ts";
import { mailAcceptedCopy, mailFollowUp, mailQuoteToCustomer, tellOwner, type MailBusiness } from "./mail.server.ts";
import type { KeyedDb } from "../db/connection.server.ts";
import { customerPageUrl } from "../links/page-links.server.ts";
import { reportForPdf } from "./report-pages.server.ts";

/**
 * `businessNow`: the business facts published when an e-mail goes;
 * `hoursNow`: the opening hours published now, which hold a follow-up falling due to opening time;
 * `mail`: the mail set up on this server (none: nothing is sent, and each job says so).
 */
export function quoteHandlers(store: KeyedDb & { readonly photosDir: string }, businessNow: () => MailBusiness, siteUrl: string, hoursNow: HoursNow, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  /** The quote, its request and the customer's page, or why there is nothing to send. */
  const load = (quoteId: unknown) => {
    const quote = quoteById(store, Number(quoteId));
    const lead = quote ? leadById(store, quote.leadId) : undefined;
    const page = lead ? customerPageUrl(store, siteUrl, lead.id) : undefined;
    return quote && lead && page ? { quote, lead, page } : undefined;
  };
  return {
    "quote-send": async (job, now) => {
      const found = load(job.payload.quoteId);
      if (!found) return { outcome: "not sent: quote deleted" };
      const { quote, lead, page } = found;
      // Viewed: an earlier try reached the customer before this process could record it.
      if (quote.status !== "sent") return { outcome: `not needed: the quote is ${quote.status}` };
      if (!quote.expiresAt || quote.expiresAt <= now.toISOString()) return { outcome: "not needed: the quote has expired" };
      if (!mail) throw new MailNotSetUp();
      // The link is stored before the e-mail goes, so the e-mail never carries a link that does not work.
      const token = store.inTransaction(() => addQuoteLink(store, quote.id, now));
      await mailQuoteToCustomer(mail, { quote, lead, page, business: businessNow(), siteUrl, link: `${siteUrl}${quotePath(token)}`, report: await reportForPdf(store, quote.id) });
      return { outcome: "sent" };
    },
    // Never sent: the quote is a draft again, as when the mail server refused it at once.
    "quote-send:gave-up": (job) => ({ commit: () => takeBackSend(store, Number(job.payload.quoteId), job.lastError ?? "not sent") }),
    "quote-notice": async (job) => {
      const found = load(job.payload.quoteId);
      if (!found) return { outcome: "not sent: quote deleted" };
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      await tellOwner(mail, job.payload.event as QuoteEvent, found.quote, found.lead, businessNow(), siteUrl);
      return { outcome: "sent" };
    },
    "quote-copy": async (job, now) => {
      const found = load(job.payload.quoteId);
      if (!found) return { outcome: "not sent: quote deleted" };
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      // A link of its own to the accepted quote, stored before the e-mail goes (an answered quote's link never expires).
      const token = store.inTransaction(() => addQuoteLink(store, found.quote.id, now));
      await mailAcceptedCopy(mail, { ...found, business: businessNow(), siteUrl, link: `${siteUrl}${quotePath(token)}`, report: await reportForPdf(store, found.quote.id) });
      return { outcome: "sent" };
    },
    "quote-follow-up": async (job, now) => {
      const found = load(job.payload.quoteId);
      if (!found) return { outcome: "not needed: quote deleted" };
      const { quote, lead, page } = found;
      const day = Number(job.payload.day);
      if (quote.status !== "sent" && quote.status !== "viewed") return { outcome: `not needed: the quote is ${quote.status}` };
      if (!quote.expiresAt || quote.expiresAt <= now.toISOString()) return { outcome: "not needed: the quote has expired" };
      if (!quote.followUps) return { outcome: "not sent: follow-ups turned off" };
      if (lead.status !== "quoted") return { outcome: "not needed: the request's status was changed" };
      const holdUntil = holdUntilOpen(hoursNow(), job, now);
      if (holdUntil) return { holdUntil };
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      // The link is stored before the e-mail goes, so the e-mail never carries a link that does not work.
      const token = store.inTransaction(() => addQuoteLink(store, quote.id, now));
      await mailFollowUp(mail, { quote, lead, page, business: businessNow(), siteUrl, link: `${siteUrl}${quotePath(token)}`, report: await reportForPdf(store, quote.id) }, day);
      return {
        outcome: "sent",
        commit: () =>
          recordAudit(store, { actor: "the site", action: `sent the day-${day} follow-up of the quote`, leadId: quote.leadId, detail: quoteNumber(quote), now }),
      };
    },
  };
}
