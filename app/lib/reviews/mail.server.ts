/**
 * The review request e-mail of a finished job: the site's own form, and Google's when the facts
 * hold its link. It is a row of the queue, committed with the review request (Job done); its
 * handler gives the request a fresh link and sends it. Given up after a week of failures, the
 * request is taken back, as the customer never had its link.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Business } from "../../content/schema.ts";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import { leadById, type Lead } from "../requests/lead.ts";
import type { KeyedDb } from "../db/connection.server.ts";
import { customerPageUrl } from "../links/page-links.server.ts";
import { displayName } from "../../content/rules/names.ts";
import { customerPageLink, writeLetter, type Letter } from "../mail/letter.ts";
import { MailNotSetUp, oneLine, sendToCustomer, sendToOwner, type OutgoingMail } from "../mail/mailer.server.ts";
import { referenceOf } from "../forms/reference.ts";
import { renewReviewLink, REVIEW_NOTICE, reviewById, reviewPath, withdrawReviewRequest, type Review } from "./reviews.server.ts";

type ReviewBusiness = Pick<Business, "name" | "email" | "phone" | "googleReviewUrl">;

const REVIEW_REQUEST = "review-request";
const GIVE_UP_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** Queues the e-mail of a review request just made, in its transaction. */
export function queueReviewRequest(db: DatabaseSync, review: Pick<Review, "id" | "leadId">, now: Date) {
  enqueue(db, { kind: REVIEW_REQUEST, payload: { reviewId: review.id, leadId: review.leadId }, runAt: now, giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS), now });
}

/**
 * The review request: a button to the site's own form, and Google's beside it when the facts hold
 * its link; `page`, the customer's own page.
 */
export function reviewLetter(lead: Lead, business: ReviewBusiness, siteUrl: string, link: string, page: string): Letter {
  return writeLetter({
    business,
    siteUrl,
    subject: `How did we do? Your roof with ${business.name}`,
    greeting: `Dear ${displayName(oneLine(lead.name))},`,
    body: [
      `Thank you for choosing ${business.name}. We hope you are pleased with the work.`,
      "Would you tell us, and the next homeowner, how it went? It takes a minute.",
      { button: { words: "Leave a review", href: link } },
      ...(business.googleReviewUrl ? ["Or, if you prefer, on Google:", { link: { words: "Leave a review on Google", href: business.googleReviewUrl } }] : []),
      `Whatever you think, we would like to hear it. If anything is not right, call ${business.phone.display}.`,
      customerPageLink(page),
    ],
  });
}

/** Sends it; throws when e-mail is not set up or the mail server refuses it. */
export async function mailReviewRequest(mail: OutgoingMail | undefined, lead: Lead, business: ReviewBusiness, siteUrl: string, link: string, page: string): Promise<void> {
  await sendToCustomer(mail, business, { to: { name: lead.name, address: lead.email }, ...reviewLetter(lead, business, siteUrl, link, page) });
}

/** The owner's e-mail of a new review: who, the stars, their words, and a button to the request. */
export function reviewNoticeLetter(lead: Lead, review: Review, business: ReviewBusiness, siteUrl: string): Letter {
  const name = oneLine(lead.name);
  const reference = referenceOf(lead.id);
  const stars = review.stars ?? 0;
  return writeLetter({
    business,
    siteUrl,
    subject: `${reference}: ${name} left a ${stars}-star review`,
    foot: false,
    body: [
      `${name} left a ${stars}-star review${review.consent ? ", and may be published" : ", not for publishing"}.`,
      ...(review.text ? ["Their words:", { quoted: review.text }] : []),
      { button: { words: `Open ${reference}, ${name}`, href: `${siteUrl}/admin/requests/${lead.id}` } },
      { link: { words: "Publish or keep it private in Reviews", href: `${siteUrl}/admin/reviews` } },
    ],
  });
}

/** The queue's handlers for review requests and new reviews; `mail`: the mail set up on this server. */
/** `businessNow`: the business facts published when the e-mail is sent. */
export function reviewHandlers(store: KeyedDb, businessNow: () => ReviewBusiness, siteUrl: string, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  return {
    [REVIEW_REQUEST]: async (job, now) => {
      const review = reviewById(store, Number(job.payload.reviewId));
      const lead = review && leadById(store, review.leadId);
      const page = lead && customerPageUrl(store, siteUrl, lead.id);
      if (!review || !lead || !page) return { outcome: "not sent: request deleted" };
      if (review.status !== "requested") return { outcome: "not needed: the review was written" };
      if (review.expiresAt <= now.toISOString()) return { outcome: "not needed: the link has expired" };
      if (!mail) throw new MailNotSetUp();
      // The link is stored before the e-mail goes, so the e-mail never carries a link that does not work.
      const token = store.inTransaction(() => renewReviewLink(store, review.id));
      if (!token) return { outcome: "not needed: the review was written" };
      await mailReviewRequest(mail, lead, businessNow(), siteUrl, `${siteUrl}${reviewPath(token)}`, page);
      return { outcome: "sent" };
    },
    [REVIEW_NOTICE]: async (job) => {
      const review = reviewById(store, Number(job.payload.reviewId));
      const lead = review && leadById(store, review.leadId);
      if (!review || !lead) return { outcome: "not sent: request deleted" };
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      await sendToOwner(mail, reviewNoticeLetter(lead, review, businessNow(), siteUrl));
      return { outcome: "sent" };
    },
    [`${REVIEW_REQUEST}:gave-up`]: (job) => ({
      commit: () => withdrawReviewRequest(store, Number(job.payload.reviewId), job.lastError ?? "not sent"),
    }),
  };
}
