/**
 * The customer's own page at /c/{token} (issue 27 §6): no sign-in, the link is the key, and every
 * e-mail to the customer carries it. Rendered per request, never prerendered, cached or indexed;
 * plain HTML and forms that work without JavaScript. It opens on What to do now (issue 35 §6:
 * an invoice to pay, a quote to accept, the next visit), then shows the visits, each quote
 * sent with Accept and Decline while it is open (the very same as on the quote's own link), each
 * invoice sent with its bank details to copy, an open review request and the request
 * (components/customer/CustomerPageAnswered.tsx). Until the owner has answered it shows only the
 * reference, the date and the phone (lib/customer/page.server.ts). A replaced link answers 410, an unknown one 404, each with
 * the phone and nothing else.
 */
import { data } from "react-router";
import { ClosedLink, CLOSED_WORDS } from "~/components/ClosedLink.tsx";
import { CustomerPageAnswered } from "~/components/customer/CustomerPageAnswered.tsx";
import type { RearrangeRefused } from "~/components/customer/CustomerVisits.tsx";
import { customerPage, openForAnswer } from "~/lib/customer/page.server.ts";
import { checkCustomerLink, customerPagePath } from "~/lib/links/page-links.server.ts";
import { dayAndTime } from "~/lib/time/words.ts";
import { readCookie, SESSION_COOKIE } from "~/lib/owner/auth.server.ts";
import { isLiveSession } from "~/lib/owner/sessions.server.ts";
import { CLOSED_LINK_STATUS } from "~/lib/links/tokens.server.ts";
import { quotesSentTo, seenByCustomer } from "~/lib/quotes/answer.server.ts";
import { customerPost } from "~/lib/action-table/action-table.server.ts";
import { rootFrom } from "~/lib/public-site/seo.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services/services.ts";
import { offerOnPage } from "~/lib/visits/survey-booking.server.ts";
import { SurveyOffer } from "~/components/customer/SurveyOffer.tsx";
import { useBusiness } from "~/lib/public-site/site-data.ts";
import { QuestionsCall } from "~/components/customer/QuestionsCall.tsx";
import { CustomerPhotos } from "~/components/customer/CustomerPhotos.tsx";
import { customerPhotos } from "~/lib/customer/photos.server.ts";
import { SurveyFindings } from "~/components/customer/SurveyFindings.tsx";
import { latestReportOf, reportForPage } from "~/lib/photos/survey-report.server.ts";
import type { Route } from "./+types/customer-page";
import type { RouteHandle } from "~/root.tsx";

/** Copy beside the bank details (enhance/copy-values.ts); the page's own call link in the header, no floating one. */
export const handle: RouteHandle = { scripts: ["copy-values"], customerPage: true };

// The address is the key: the server answers every /c/ path with `Referrer-Policy: no-referrer`
// and `Cache-Control: no-store`, and takes this page's own forms with the `Origin: null` a browser
// then sends (server/same-origin.ts).
export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: `${loaderData?.state === "open" ? `Your request ${loaderData.page.reference}` : "Your page"} | ${rootFrom(matches).business.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function loader({ params, request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkCustomerLink(store, params.token);
  if (link.state !== "open") return data({ state: link.state }, { status: CLOSED_LINK_STATUS[link.state] });
  const { wake } = servicesOf(context);
  const now = new Date();
  // Seen here is seen: the owner is told of the first look, as from the quote's own link. His own
  // look (he opens the link he is about to text) is not the customer's.
  const byOwner = isLiveSession(store, readCookie(request, SESSION_COOKIE), now);
  const quotes = quotesSentTo(store, link.leadId).map((quote) => (!byOwner && openForAnswer(quote, now) ? seenByCustomer(store, quote, wake) : quote));
  const search = new URL(request.url).searchParams;
  const asked = Number(search.get("asked")) || null;
  // Moved or cancelled by the customer himself: said at the top, where the page opens.
  const changed = search.has("moved") ? ("moved" as const) : search.has("cancelled") ? ("cancelled" as const) : null;
  // The survey report of the latest quote sent with one: its photos through this page's link.
  const report = latestReportOf(store, quotes.map((quote) => quote.id))?.report;
  const path = customerPagePath(params.token);
  // Book your free survey, while the request has none and the owner takes bookings online.
  const surveyOffer = offerOnPage(store, contentOf(context), link.leadId, `${path}/survey`, now);
  return { state: "open" as const, path, page: customerPage(store, link.leadId, quotes, now), asked, changed, photos: customerPhotos(store, link.leadId, path), report: report && reportForPage(report), surveyOffer };
}

/** What a refused post says: at a quote's field, or under the visit asked to rearrange. */
type Answer = { quoteId: number; field: string; error: string; rearrange?: RearrangeRefused };

// Accept and Decline: the same answer as on the quote's own link (/q/), recorded, locked, the owner
// told, a copy queued. Ask to rearrange a visit: the owner is told; nothing in the diary changes.
export const action = (args: Route.ActionArgs) => customerPost<Answer>(args, ["quote.accept", "quote.decline", "visit.ask-rearrange", "photos.consent"]);

const CHANGED_WORDS = {
  moved: "Your survey is moved: the new time is below. We have been told.",
  cancelled: "Your survey is cancelled. We have been told.",
};

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const business = useBusiness();
  if (loaderData.state !== "open") return <ClosedLink words={CLOSED_WORDS.page[loaderData.state]} />;
  const { page, path } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-4 sm:py-8">
      <div className="space-y-2">
        <h1 className="text-2xl sm:text-3xl">
          Your request <span className="whitespace-nowrap">{page.reference}</span>
        </h1>
        {/* Once answered, the page opens on what to do; when it was sent goes with what was asked. */}
        {!page.answered && (
          <p>
            Sent to {business.name} <time dateTime={page.createdAt}>{dayAndTime(page.createdAt)}</time>.
          </p>
        )}
      </div>
      {loaderData.changed && (
        <p role="status" className="font-semibold text-ok">
          {CHANGED_WORDS[loaderData.changed]}
        </p>
      )}
      {loaderData.surveyOffer && <SurveyOffer offer={loaderData.surveyOffer} />}
      {page.answered ? (
        <>
          <CustomerPageAnswered page={page} path={path} asked={loaderData.asked} refused={actionData} />
          {loaderData.report && <SurveyFindings report={loaderData.report} base={`${path}/report`} />}
          <CustomerPhotos {...loaderData.photos} error={actionData?.field === "photo-consent" ? actionData.error : undefined} />
        </>
      ) : (
        <p>We have your request and will be in touch by phone or e-mail. This page fills in as we answer.</p>
      )}
      <QuestionsCall />
    </div>
  );
}
