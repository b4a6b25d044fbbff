/**
 * The customer's review, as an action of the table (decision 28): `review.submit`, from the review
 * request's own link (/review/{token}) or from the customer's page (/c/{token}/review). The
 * private link stands in for the owner's sign-in. A link that no longer takes a review (used,
 * expired, unknown) goes back to its page, which says why; a page link that no longer opens goes
 * back to the customer's page. The review is taken once.
 */
import { redirect } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo, type Finding } from "../actions/define.ts";
import { parseReview } from "../forms/review.ts";
import { checkCustomerLink, customerPagePath } from "../links/page-links.server.ts";
import { checkReviewLink, reviewOfRequest, submitReview, type Review } from "./reviews.server.ts";

/** The review the link opens for an answer; any other goes back to the page that says why. */
function openReview({ params, store, url, now }: Finding): Review {
  const token = params.token ?? "";
  let link;
  if (url.pathname.startsWith("/c/")) {
    const page = checkCustomerLink(store, token, now);
    if (page.state !== "open") throw redirect(customerPagePath(token), 303);
    link = reviewOfRequest(store, page.leadId, now);
  } else {
    link = checkReviewLink(store, token, now);
  }
  if (link.state !== "open") throw redirect(url.pathname, 303);
  return link.review;
}

export const reviewSubmit = defineAction({
  name: "review.submit",
  side: "customer",
  find: openReview,
  schema: z.object({}),
  // A wrong field: the form again with its message and what was typed; nothing saved, the link open.
  apply: (_, { store, target: review, form, url, now, wake }) => {
    const parsed = parseReview(form);
    if (!parsed.ok) return answer({ errors: parsed.errors, values: { ...parsed.values, consent: parsed.values.consent !== "" } });
    const { stars, text, name, consent } = parsed.data;
    // Then the thanks, on the same page. Expired or taken meanwhile: the page says so.
    if (!submitReview(store, review.id, { stars, text, displayName: name, consent, now })) return redirectTo(url.pathname);
    wake();
    return done(url.pathname);
  },
});

export const REVIEW_CUSTOMER_ACTIONS = [reviewSubmit];
