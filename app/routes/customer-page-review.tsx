/**
 * The review form reached from the customer's own page (/c/{token}/review): the same page and
 * the same one answer as the review request's own link (routes/customer-review.tsx), found by the
 * page's link, so the link in the e-mail is left as it is. A page link that no longer opens goes
 * back to the page, which says why.
 */
import { redirect } from "react-router";
import { ReviewPage } from "~/components/customer/ReviewPage.tsx";
import { checkCustomerLink, customerPagePath } from "~/lib/links/page-links.server.ts";
import { reviewPageData } from "~/lib/customer/review-page.server.ts";
import type { ReviewPageAnswer } from "~/lib/customer/shown.ts";
import { customerPost } from "~/lib/action-table/action-table.server.ts";
import { reviewOfRequest } from "~/lib/reviews/reviews.server.ts";
import { rootFrom } from "~/lib/public-site/seo.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-page-review";
import type { RouteHandle } from "~/root.tsx";

/** The customer's own page: the call link in the header, no floating one over the form. */
export const handle: RouteHandle = { customerPage: true };

export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Your review | ${rootFrom(matches).business.name}` }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkCustomerLink(store, params.token);
  if (link.state !== "open") throw redirect(customerPagePath(params.token), 303);
  return reviewPageData(reviewOfRequest(store, link.leadId));
}

// The same one answer as the review request's own link (`review.submit`).
export const action = (args: Route.ActionArgs) => customerPost<ReviewPageAnswer>(args, ["review.submit"]);

export default function CustomerPageReview({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewPage loaderData={loaderData} actionData={actionData} />;
}
