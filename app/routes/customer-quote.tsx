/**
 * The customer's quote at /q/{token}: no sign-in, the link is the key. Rendered per request,
 * never prerendered, cached or indexed. While it is open it opens on its total and Accept (typing
 * their full name), on a phone's first screen (issue 35 §6); then the address of the work, the
 * quote's lines, its PDF, Decline (an optional reason) and the firm's phone. Both are plain forms
 * that work without JavaScript.
 * A link that does not lead to an open quote says why in words that reveal nothing else.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { data } from "react-router";
import { ClosedLink, CLOSED_WORDS } from "~/components/ClosedLink.tsx";
import { QuoteAnswered, QuoteAnswerForms } from "~/components/quotes/QuoteAnswer.tsx";
import { QuoteAcceptFirst } from "~/components/quotes/QuoteAcceptFirst.tsx";
import { QuoteSummary } from "~/components/quotes/QuoteSummary.tsx";
import { servicesOf, storeOf } from "~/lib/services/services.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { checkQuoteLink, quoteNumber, quotePath } from "~/lib/quotes/quotes.server.ts";
import { seenByCustomer, type AnswerRefused } from "~/lib/quotes/answer.server.ts";
import { customerPost } from "~/lib/action-table/action-table.server.ts";
import { dayAndTime } from "~/lib/time/words.ts";
import { quoteSummary } from "~/lib/quotes/summary.server.ts";
import { useBusiness } from "~/lib/public-site/site-data.ts";
import { QuestionsCall } from "~/components/customer/QuestionsCall.tsx";
import { CLOSED_LINK_STATUS } from "~/lib/links/tokens.server.ts";
import { rootFrom } from "~/lib/public-site/seo.ts";
import { SurveyFindings } from "~/components/customer/SurveyFindings.tsx";
import { reportForPage, reportOfQuote } from "~/lib/photos/survey-report.server.ts";
import type { Route } from "./+types/customer-quote";
import type { RouteHandle } from "~/root.tsx";

/** The customer's own page: the call link in the header, no floating one over the quote. */
export const handle: RouteHandle = { customerPage: true };

// The address is the key to the quote: the server answers every /q/ path with
// `Referrer-Policy: no-referrer`, and takes this page's own forms with the `Origin: null` a
// browser then sends (server/same-origin.ts).
export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: loaderData?.state === "open" ? `Quote ${loaderData.number} | ${rootFrom(matches).business.name}` : `Quote link | ${rootFrom(matches).business.name}` },
  { name: "robots", content: "noindex, nofollow" },
];


export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkQuoteLink(store, params.token);
  if (link.state !== "open") return data({ state: link.state }, { status: CLOSED_LINK_STATUS[link.state] });
  const quote = seenByCustomer(store, link.quote, servicesOf(context).wake);
  const lead = leadById(store, quote.leadId);
  return {
    state: "open" as const,
    number: quoteNumber(quote),
    pdfPath: `${quotePath(params.token)}/pdf`,
    status: quote.status,
    customerName: lead?.name ?? "",
    /** The address of the work, as the request gave it. */
    location: lead?.location ?? "",
    sentAt: quote.sentAt!,
    answeredAt: quote.answeredAt,
    answerName: quote.answerName,
    summary: quoteSummary(quote),
    /** The survey report it was sent with, if any; its photos through this link. */
    report: ((sent) => sent && reportForPage(sent))(reportOfQuote(store, quote.id)),
    reportPath: `${quotePath(params.token)}/report`,
  };
}

export function action(args: Route.ActionArgs) {
  // The same answer as on the customer's page (/c/): recorded, locked, the owner told, a copy queued.
  return customerPost<AnswerRefused>(args, ["quote.accept", "quote.decline"]);
}

export default function CustomerQuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const business = useBusiness();
  if (loaderData.state !== "open") return <ClosedLink words={CLOSED_WORDS.quote[loaderData.state]} />;
  const { number, status, customerName, location, sentAt, summary, answeredAt, answerName, pdfPath } = loaderData;
  const errorFor = (field: string) => (actionData?.field === field ? actionData.error : undefined);
  const open = status === "sent" || status === "viewed";
  return (
    <div className="container-page max-w-3xl space-y-6 py-4 sm:py-8">
      <h1 className="text-xl sm:text-3xl">
        Quote <span className="whitespace-nowrap">{number}</span> from {business.name}
      </h1>
      <QuoteAnswered status={status} answeredAt={answeredAt} answerName={answerName} />
      {open && <QuoteAcceptFirst summary={summary} errorFor={errorFor} />}
      <CardSection id="quote-heading" title="The quote">
        <p>
          For {customerName}, sent <time dateTime={sentAt}>{dayAndTime(sentAt)}</time>.
        </p>
        {location && (
          <p>
            Address of the work: <strong className="break-words">{location}</strong>
          </p>
        )}
        <QuoteSummary quote={summary} caption={`Quote ${number}`} />
        <a href={pdfPath} className="btn-secondary" download>
          Download PDF
        </a>
      </CardSection>
      {loaderData.report && <SurveyFindings report={loaderData.report} base={loaderData.reportPath} />}
      {open && <QuoteAnswerForms errorFor={errorFor} accept={false} />}
      <QuestionsCall />
    </div>
  );
}
