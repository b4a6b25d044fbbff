import { CardSection } from "~/components/CardSection.tsx";
import { QuoteAnswered, QuoteAnswerForms } from "~/components/quotes/QuoteAnswer.tsx";
import { QuoteSummary } from "~/components/quotes/QuoteSummary.tsx";
import type { CustomerQuoteView } from "~/lib/customer/page.server.ts";
import { dayAndTime } from "~/lib/time/words.ts";
import { formatPounds } from "~/lib/quotes/money.ts";

/**
 * One quote on the customer's page: when it was sent, what became of it, its lines and total, its
 * PDF, and while it is open Accept and Decline, the same forms as on the quote's own link. Its
 * lines are folded under their total (issue 35 §6); Accept is left out where What to do now, at
 * the top of the page, holds it (`acceptAbove`).
 */
export function CustomerQuote({ quote, pdfPath, errorFor, acceptAbove = false }: { quote: CustomerQuoteView; pdfPath: string; errorFor: (field: string) => string | undefined; acceptAbove?: boolean }) {
  const number = <span className="whitespace-nowrap">{quote.number}</span>;
  return (
    <>
      <CardSection id={`quote-${quote.id}-heading`} title={<>Quote {number}</>}>
        <p>
          Sent <time dateTime={quote.sentAt}>{dayAndTime(quote.sentAt)}</time>.
          {quote.status === "expired" && " It has expired: the date it was valid until has passed. Call us for a new one."}
        </p>
        <QuoteAnswered status={quote.status} answeredAt={quote.answeredAt} answerName={quote.answerName} />
        <details className="group">
          <summary className="flex min-h-11 cursor-pointer flex-wrap items-center justify-between gap-x-3 font-semibold">
            <span>
              {quote.summary.vat ? "Total including VAT" : "Total"} <span className="whitespace-nowrap">{formatPounds(quote.summary.totals.totalPence)}</span>
            </span>
            <span className="link whitespace-nowrap">
              See the lines<span className="sr-only"> of quote {quote.number}</span>
            </span>
          </summary>
          <div className="pt-3">
            <QuoteSummary quote={quote.summary} caption={`Quote ${quote.number}`} />
          </div>
        </details>
        <a href={pdfPath} className="btn-secondary" download>
          Download PDF<span className="sr-only"> of quote {quote.number}</span>
        </a>
      </CardSection>
      {quote.open && <QuoteAnswerForms id={`quote-${quote.id}-`} quoteId={quote.id} number={quote.number} errorFor={errorFor} accept={!acceptAbove} />}
    </>
  );
}
