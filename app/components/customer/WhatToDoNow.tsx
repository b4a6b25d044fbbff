import type { ReactNode } from "react";
import { AddToCalendar } from "~/components/customer/AddToCalendar.tsx";
import { CopyStatus, CopyValue } from "~/components/customer/CopyValue.tsx";
import { QuoteAcceptForm } from "~/components/quotes/QuoteAnswer.tsx";
import type { CustomerInvoiceView } from "~/lib/customer/invoices-shown.server.ts";
import type { CustomerQuoteView } from "~/lib/customer/page.server.ts";
import type { CustomerVisit } from "~/lib/customer/shown.ts";
import type { WhatNow } from "~/lib/customer/what-now.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { ReferenceAndCard } from "./ReferenceAndCard.tsx";

/** One thing to do: its own heading (level 3) under the card's, then what to do. */
function Step({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2 border-t border-slate-200 pt-4 first-of-type:border-t-0 first-of-type:pt-0">
      <h3 id={id} className="text-lg">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A sum or a day, its label beside it while they fit, the figure never split. */
function Figure({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex flex-wrap items-baseline justify-between gap-x-3 ${strong ? "text-xl font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{children}</dd>
    </div>
  );
}

function Pay({ invoice }: { invoice: CustomerInvoiceView }) {
  const { standing } = invoice;
  const still = standing.paidPence > 0 || standing.creditedPence > 0;
  return (
    <Step
      id="now-pay"
      title={
        <>
          {still ? "Still to pay" : "Pay"} <span className="whitespace-nowrap">{formatPounds(standing.duePence)}</span>{" "}
          <span className={`block text-base font-normal ${standing.overdue ? "font-semibold text-danger" : ""}`}>
            by {invoice.dueOn}
            {standing.overdue && " (now overdue)"}
          </span>
        </>
      }
    >
      <dl aria-label="Bank details" className="space-y-1 sm:rounded-lg sm:bg-paper sm:p-3">
        <CopyValue label="Sort code" value={invoice.bank.sortCode} />
        <CopyValue label="Account number" value={invoice.bank.accountNumber} />
        <CopyValue label="Reference" value={invoice.number} />
        {/* Last: the three figures to copy come first on a phone's first screen. */}
        <CopyValue label="Account name" value={invoice.bank.accountName} copy={false} />
      </dl>
      <ReferenceAndCard invoice={invoice} />
      <p>
        <a href={`#invoice-${invoice.id}-heading`} className="link">
          Invoice <span className="whitespace-nowrap">{invoice.number}</span> in full
        </a>
      </p>
    </Step>
  );
}

function Accept({ quote, errorFor }: { quote: CustomerQuoteView; errorFor: (field: string) => string | undefined }) {
  const { totals } = quote.summary;
  const number = <span className="whitespace-nowrap">{quote.number}</span>;
  return (
    <Step id="now-quote" title={<>Accept quote {number}</>}>
      <dl>
        <Figure label={quote.summary.vat ? "Total including VAT" : "Total"} strong>
          {formatPounds(totals.totalPence)}
        </Figure>
      </dl>
      <p>
        Valid until {quote.summary.validUntilText}.{" "}
        <a href={`#quote-${quote.id}-heading`} className="link">
          The quote in full<span className="sr-only">: {quote.number}</span>
        </a>
      </p>
      <QuoteAcceptForm id={`quote-${quote.id}-`} quoteId={quote.id} number={quote.number} errorFor={errorFor} />
    </Step>
  );
}

/**
 * The card the customer's page opens on (issue 35 §6): in this order, the invoice to pay (what is
 * due, by when and the bank details with Copy), the quote to accept (its total and Accept quote,
 * the form itself), and the next visit (its day and time and Add to calendar). When there is
 * nothing to do, it says so.
 */
export function WhatToDoNow({ now, path, location, errorFor }: { now: WhatNow<CustomerInvoiceView, CustomerQuoteView, CustomerVisit>; path: string; location: string; errorFor: (quoteId: number, field: string) => string | undefined }) {
  const { invoice, quote, visit } = now;
  return (
    <section aria-labelledby="now-heading" className="card space-y-3 p-4 ring-2 ring-accent sm:space-y-4 sm:p-6">
      <h2 id="now-heading" className="text-xl">
        What to do now
      </h2>
      {invoice && <Pay invoice={invoice} />}
      {quote && <Accept quote={quote} errorFor={(field) => errorFor(quote.id, field)} />}
      {visit && (
        <Step id="now-visit" title="Your next visit">
          <p>
            <strong>{visit.what}</strong>: {visit.when}
          </p>
          <AddToCalendar visit={visit} path={path} location={location} />
        </Step>
      )}
      {!invoice && !quote && !visit && <p>Nothing for now: we will be in touch when there is.</p>}
      {invoice && <CopyStatus />}
    </section>
  );
}
