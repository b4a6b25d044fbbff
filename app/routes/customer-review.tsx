/**
 * The customer's review at /review/{token}: no sign-in, the link is the key, used once. Stars as a
 * real radio group, the words, the name to show (first name and initial) and consent to publish.
 * Rendered per request, never cached or indexed; a plain form that works without JavaScript. A
 * link that is unknown or expired says so and gives the phone number, revealing nothing else.
 * The same page opens from the customer's own page (routes/customer-page-review.tsx).
 */
import { ReviewPage } from "~/components/customer/ReviewPage.tsx";
import { reviewPageData } from "~/lib/customer/review-page.server.ts";
import type { ReviewPageAnswer } from "~/lib/customer/shown.ts";
import { customerPost } from "~/lib/action-table/action-table.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import { checkReviewLink } from "~/lib/reviews/reviews.server.ts";
import { rootFrom } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/customer-review";
import type { RouteHandle } from "~/root.tsx";

/** The customer's own page: the call link in the header, no floating one over the form. */
export const handle: RouteHandle = { customerPage: true };

// The link is the key, like a quote's: the server answers it with `Referrer-Policy: no-referrer`.
export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Your review | ${rootFrom(matches).business.name}` }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ params, context }: Route.LoaderArgs) {
  return reviewPageData(checkReviewLink(storeOf(context), params.token));
}

// Taken once, then the thanks on the same page; a link that takes no review goes back to the page, which says why.
export const action = (args: Route.ActionArgs) => customerPost<ReviewPageAnswer>(args, ["review.submit"]);

export default function CustomerReview({ loaderData, actionData }: Route.ComponentProps) {
  return <ReviewPage loaderData={loaderData} actionData={actionData} />;
}
