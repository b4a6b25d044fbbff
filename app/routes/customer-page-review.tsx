/**
 * The review form reached from the customer's own page (/c/{token}/review): the same page and
 * the same one answer as the review request's own link (routes/customer-review.tsx), found by the
 * page's link, so the link in the e-mail is left as it is. A page link that no longer opens goes
 * back to the page, which says why.
 */
import { redirect } from "react-router";
import { ReviewPage } from "~/components/customer/ReviewPage.tsx";
import { checkCustomerLink, customerPagePath } from "~/lib/links/page-links.server.ts";
import { reviewPageAction, reviewPageData } from "~/lib/customer/review-page.server.ts";
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

function reviewOf(context: Route.LoaderArgs["context"], token: string) {
  const store = storeOf(context);
  const link = checkCustomerLink(store, token);
  if (link.state !== "open") throw redirect(customerPagePath(token), 303);
  return { store, review: reviewOfRequest(store, link.leadId) };
}

export function loader({ params, context }: Route.LoaderArgs) {
  return reviewPageData(reviewOf(context, params.token).review);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { store, review } = reviewOf(context, params.token);
  return reviewPageAction(store, review, request);
}

export default function CustomerPageReview({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewPage loaderData={loaderData} actionData={actionData} />;
}
