/**
 * The review page's loader and action, on whatever link found the review: its own one-time link
 * (/review/{token}) or the customer's page (/c/{token}/review). One form, one record, one answer.
 */
import { data, redirect } from "react-router";
import { displayName } from "../../content/rules/names.ts";
import type { ReviewPageAnswer, ReviewPageData } from "./shown.ts";
import type { Db } from "../db/connection.server.ts";
import { readForm } from "../forms/read-form.server.ts";
import { parseReview } from "../forms/review.ts";
import { REVIEW_LINK_DAYS, submitReview, type ReviewLink } from "../reviews/reviews.server.ts";
import { CLOSED_LINK_STATUS } from "../links/tokens.server.ts";

/** What the page shows for the link; a closed one answers 404 (unknown) or 410 (expired). */
export function reviewPageData(link: ReviewLink) {
  if (link.state === "done") return data<ReviewPageData>({ state: "done", displayName: link.review.displayName ? displayName(link.review.displayName) : "" });
  if (link.state === "open") return data<ReviewPageData>({ state: "open", displayName: link.displayName });
  return data<ReviewPageData>({ state: link.state, displayName: "", linkDays: REVIEW_LINK_DAYS }, { status: CLOSED_LINK_STATUS[link.state] });
}

/**
 * Takes the review once, then shows the thanks (a 303 to the same page). A wrong field sends the
 * form back with its message and what was typed; nothing is saved and the link stays open.
 */
export async function reviewPageAction(store: Db, link: ReviewLink, request: Request) {
  const back = redirect(new URL(request.url).pathname, 303);
  if (link.state !== "open") return back;
  const review = parseReview(await readForm(request));
  if (!review.ok) return data<ReviewPageAnswer>({ errors: review.errors, values: { ...review.values, consent: review.values.consent !== "" } }, { status: 400 });
  const { stars, text, name, consent } = review.data;
  submitReview(store, link.review.id, { stars, text, displayName: name, consent });
  return back;
}
