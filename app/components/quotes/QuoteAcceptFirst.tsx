import type { QuoteSummaryData } from "~/components/quotes/QuoteSummary.tsx";
import { QuoteAcceptForm } from "~/components/quotes/QuoteAnswer.tsx";
import { formatPounds } from "~/lib/quotes/money.ts";

/**
 * The top of a quote's own page while it is open (issue 35 §6): the total, read whole, and Accept
 * with the name to type right under it, on the first screen of a 360 px phone with its text at
 * 150 % (hence a tighter card and heading on a phone). The lines follow, under "The quote", with
 * the day it is valid until.
 */
export function QuoteAcceptFirst({ summary, errorFor }: { summary: QuoteSummaryData; errorFor: (field: string) => string | undefined }) {
  return (
    <section aria-labelledby="accept-heading" className="card space-y-3 p-4 sm:p-6">
      <h2 id="accept-heading" className="text-lg sm:text-xl">
        Accept the quote
      </h2>
      <p>
        <span className="text-xl font-bold">
          Total <span className="whitespace-nowrap">{formatPounds(summary.totals.totalPence)}</span>
        </span>
        {summary.vat && " including VAT"}
      </p>
      <QuoteAcceptForm errorFor={errorFor} />
    </section>
  );
}
