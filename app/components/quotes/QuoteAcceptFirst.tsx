import { CardSection } from "~/components/CardSection.tsx";
import type { QuoteSummaryData } from "~/components/quotes/QuoteSummary.tsx";
import { QuoteAcceptForm } from "~/components/quotes/QuoteAnswer.tsx";
import { formatPounds } from "~/lib/quotes/money.ts";

/**
 * The top of a quote's own page while it is open (issue 35 §6): the total, read whole, and Accept
 * with the name to type right under it, on the first screen of a 360 px phone with its text at
 * 150 %. The lines follow, under "The quote".
 */
export function QuoteAcceptFirst({ summary, errorFor }: { summary: QuoteSummaryData; errorFor: (field: string) => string | undefined }) {
  return (
    <CardSection id="accept-heading" title="Accept the quote">
      <dl className="flex flex-wrap items-baseline justify-between gap-x-3 text-xl font-bold">
        <dt>{summary.vat ? "Total including VAT" : "Total"}</dt>
        <dd className="whitespace-nowrap">{formatPounds(summary.totals.totalPence)}</dd>
      </dl>
      <p>
        Valid until {summary.validUntilText}.{" "}
        <a href="#quote-heading" className="link">
          See the lines
        </a>
      </p>
      <QuoteAcceptForm errorFor={errorFor} />
    </CardSection>
  );
}
