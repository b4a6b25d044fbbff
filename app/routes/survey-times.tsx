/**
 * See more times (issue 38 §3): every free survey time by day, each bookable with Book this time,
 * and the answer to a booking that did not go through ("Sorry, that time has just gone", with the
 * next best times). One page at two addresses: `/book/{token}`, the thank-you page's one-time
 * link, and `/c/{token}/survey`, from the customer's own page. Rendered per request, never indexed;
 * a forged link is 404, a used or old one 410 (lib/visits/survey-booking-actions.server.ts).
 */
import { data } from "react-router";
import { ClosedLink } from "~/components/ClosedLink.tsx";
import { QuestionsCall } from "~/components/customer/QuestionsCall.tsx";
import { AllTimes, SurveyOffer } from "~/components/customer/SurveyOffer.tsx";
import { customerPost } from "~/lib/action-table/action-table.server.ts";
import { customerPagePath, customerPageToken } from "~/lib/links/page-links.server.ts";
import { CLOSED_LINK_STATUS, type ClosedLinkState } from "~/lib/links/tokens.server.ts";
import { rootFrom } from "~/lib/public-site/seo.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import { bookingLinkAt, type BookingRefused } from "~/lib/visits/survey-booking-actions.server.ts";
import { shownDays, surveyOffer } from "~/lib/visits/survey-booking.server.ts";
import type { RouteHandle } from "~/root.tsx";
import type { Route } from "./+types/survey-times";

export const handle: RouteHandle = { customerPage: true };

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Book your free survey | ${rootFrom(matches).business.name}` }, { name: "robots", content: "noindex, nofollow" }];

/** What a closed booking link says: its heading and the sentence under it. */
export const CLOSED_BOOKING_WORDS: Record<ClosedLinkState, readonly [string, string]> = {
  unknown: ["This link does not work", "The link may be mistyped or incomplete."],
  used: ["Your survey is booked already", "It was booked with this link: its time is in our e-mail to you and on your page."],
  expired: ["This booking link has expired", "The link in our e-mail to you opens your page, where you can book a time."],
  replaced: ["This link was replaced by a newer one", "The newest link to your page is in our latest e-mail."],
};

export function loader({ params, request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const path = new URL(request.url).pathname;
  const now = new Date();
  const link = bookingLinkAt(store, path, params.token, now);
  if (link.state !== "open") return data({ state: link.state }, { status: CLOSED_LINK_STATUS[link.state] });
  const times = surveyOffer(store, contentOf(context), link.leadId, now);
  const page = customerPageToken(store, link.leadId);
  return { state: "open" as const, action: path, page: page ? customerPagePath(page) : undefined, none: typeof times === "string" ? times : undefined, days: typeof times === "string" ? undefined : shownDays(times, now) };
}

// Book this time: the one way in, with the link as the key (the customer's pages' rule).
export const action = (args: Route.ActionArgs) => customerPost<BookingRefused>(args, ["survey.book"]);

function YourPage({ page }: { page?: string }) {
  return page ? (
    <p>
      <a href={page} className="link">
        Go to your page
      </a>
    </p>
  ) : null;
}

export default function SurveyTimesPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "closed" in actionData) return <ClosedLink words={CLOSED_BOOKING_WORDS[actionData.closed]} />;
  if (loaderData.state !== "open") return <ClosedLink words={CLOSED_BOOKING_WORDS[loaderData.state]} />;
  const { action, page, days } = loaderData;
  const refused = actionData && "refused" in actionData ? actionData.refused : loaderData.none === "off" ? "off" : loaderData.none === "booked" ? "second" : undefined;
  const error = actionData && "errors" in actionData ? actionData.errors.start : undefined;
  return (
    <div className="container-page max-w-3xl space-y-6 py-4 sm:py-8">
      {actionData && "gone" in actionData ? (
        <>
          <h1 className="text-2xl sm:text-3xl">Sorry, that time has just gone</h1>
          <p role="alert">Someone booked it a moment before you. Nothing was booked for you: please choose another time.</p>
          {actionData.times.length > 0 ? <SurveyOffer offer={{ action, more: action, times: actionData.times }} /> : <p>There are no more times free online.</p>}
        </>
      ) : refused || !days ? (
        <>
          <h1 className="text-2xl sm:text-3xl">{refused === "off" ? "Booking online is closed" : "Your survey is booked already"}</h1>
          <p role={actionData ? "alert" : undefined}>{refused === "off" ? "We are not taking survey bookings online just now. Nothing was booked: please call us to arrange a time." : "A request has one survey booked online. To change it, or for another visit, please call us."}</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl sm:text-3xl">Book your free survey</h1>
          <p>Every time we are free, by day. Choose one, then Book this time.</p>
          {days.length > 0 ? <AllTimes action={action} days={days} error={error} /> : <p>There are no times free online just now.</p>}
        </>
      )}
      <YourPage page={page} />
      <QuestionsCall />
    </div>
  );
}
