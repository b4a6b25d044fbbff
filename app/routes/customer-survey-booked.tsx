/**
 * The answer to Book this time (issue 38 §3): the survey is booked, with Add to calendar (the
 * visit's calendar file, under the UID of its e-mailed invitation) and a link to the customer's
 * page. Behind the customer's page link, like the rest of /c/; rendered per request, never indexed.
 */
import { data } from "react-router";
import { ClosedLink, CLOSED_WORDS } from "~/components/ClosedLink.tsx";
import { AddToCalendar } from "~/components/customer/AddToCalendar.tsx";
import { QuestionsCall } from "~/components/customer/QuestionsCall.tsx";
import { checkCustomerLink, customerPagePath } from "~/lib/links/page-links.server.ts";
import { CLOSED_LINK_STATUS } from "~/lib/links/tokens.server.ts";
import { rootFrom } from "~/lib/public-site/seo.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { storeOf } from "~/lib/services/services.ts";
import { customerMayChange } from "~/lib/visits/customer-changes.server.ts";
import { onlineSurvey } from "~/lib/visits/survey-booking.server.ts";
import { CUSTOMER_KIND_NAMES, upperFirst, whenWords } from "~/lib/visits/words.ts";
import type { RouteHandle } from "~/root.tsx";
import type { Route } from "./+types/customer-survey-booked";

export const handle: RouteHandle = { customerPage: true };

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Your survey is booked | ${rootFrom(matches).business.name}` }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkCustomerLink(store, params.token);
  if (link.state !== "open") return data({ state: link.state }, { status: CLOSED_LINK_STATUS[link.state] });
  const now = new Date();
  const visit = onlineSurvey(store, link.leadId);
  if (!visit) throw data("No survey booked online", { status: 404 });
  const start = new Date(visit.startAt);
  const end = new Date(visit.endAt);
  return {
    state: "open" as const,
    path: customerPagePath(params.token),
    location: leadById(store, link.leadId)?.location ?? "",
    visit: { id: visit.id, what: upperFirst(CUSTOMER_KIND_NAMES.survey), when: whenWords(start, end, now), startAt: visit.startAt, endAt: visit.endAt, past: end <= now, cancelled: false, mayChange: customerMayChange(visit, now) },
  };
}

export default function SurveyBookedPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "open") return <ClosedLink words={CLOSED_WORDS.page[loaderData.state]} />;
  const { path, visit, location } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-4 sm:py-8">
      <h1 className="text-2xl sm:text-3xl">Your survey is booked</h1>
      <p role="status" className="rounded-lg bg-green-50 p-4 font-semibold text-ok ring-1 ring-green-700">
        {visit.what}: {visit.when}. We have e-mailed you the time.
      </p>
      <AddToCalendar visit={visit} path={path} location={location} />
      <p>
        <a href={path} className="link">
          Go to your page
        </a>{" "}
        to see your request and everything we send you.
      </p>
      <QuestionsCall />
    </div>
  );
}
