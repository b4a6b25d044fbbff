/**
 * The review page's loader, on whatever link found the review: its own one-time link
 * (/review/{token}) or the customer's page (/c/{token}/review). Its one form is the action
 * `review.submit` (reviews/customer-actions.server.ts).
 */
import { data } from "react-router";
import { displayName } from "../../content/rules/names.ts";
import type { ReviewPageData } from "./shown.ts";
import { REVIEW_LINK_DAYS, type ReviewLink } from "../reviews/reviews.server.ts";
import { CLOSED_LINK_STATUS } from "../links/tokens.server.ts";

/** What the page shows for the link; a closed one answers 404 (unknown) or 410 (expired). */
export function reviewPageData(link: ReviewLink) {
  if (link.state === "done") return data<ReviewPageData>({ state: "done", displayName: link.review.displayName ? displayName(link.review.displayName) : "" });
  if (link.state === "open") return data<ReviewPageData>({ state: "open", displayName: link.displayName });
  return data<ReviewPageData>({ state: link.state, displayName: "", linkDays: REVIEW_LINK_DAYS }, { status: CLOSED_LINK_STATUS[link.state] });
}
