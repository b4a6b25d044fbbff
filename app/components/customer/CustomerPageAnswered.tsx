import { CardSection } from "~/components/CardSection.tsx";
import { CustomerInvoice } from "~/components/customer/CustomerInvoice.tsx";
import { CustomerQuote } from "~/components/customer/CustomerQuote.tsx";
import { CustomerVisits, type RearrangeRefused } from "~/components/customer/CustomerVisits.tsx";
import { WhatToDoNow } from "~/components/customer/WhatToDoNow.tsx";
import type { customerPage } from "~/lib/customer/page.server.ts";
import { useBusiness } from "~/lib/public-site/site-data.ts";
import { dayAndTime } from "~/lib/time/words.ts";

type AnsweredPage = Extract<ReturnType<typeof customerPage>, { answered: true }>;

/** A refused post, as the page's action hands it back: at a quote's field, or under a visit. */
export interface CustomerPageRefused {
  quoteId: number;
  field: string;
  error: string;
  rearrange?: RearrangeRefused;
}

/** Her message: folded under its first words when it runs long. */
const LONG_MESSAGE = 280;

/**
 * The customer's page once the owner has answered (issue 35 §6): it opens on What to do now (an
 * invoice to pay, a quote to accept, the next visit), then everything else: the visits, the quotes
 * in full, the invoices, the review and what she asked for, each folded where it runs long.
 */
export function CustomerPageAnswered({ page, path, asked, refused }: { page: AnsweredPage; path: string; asked: number | null; refused?: CustomerPageRefused }) {
  const business = useBusiness();
  const errorFor = (quoteId: number, field: string) => (refused?.quoteId === quoteId && refused.field === field ? refused.error : undefined);
  const message = <dd className="break-words whitespace-pre-wrap">{page.message}</dd>;
  return (
    <>
      <WhatToDoNow now={page.now} path={path} location={page.location} errorFor={errorFor} />
      <CustomerVisits visits={page.visits} path={path} location={page.location} asked={asked} refused={refused?.rearrange} />
      {page.quotes.map((quote) => (
        <CustomerQuote
          key={quote.id}
          quote={quote}
          pdfPath={`${path}/quotes/${quote.id}/pdf`}
          errorFor={(field) => errorFor(quote.id, field)}
          acceptAbove={page.now.quote?.id === quote.id}
        />
      ))}
      {page.invoices.map((invoice) => (
        <CustomerInvoice key={invoice.id} invoice={invoice} path={path} payAbove={page.now.invoice?.id === invoice.id} />
      ))}
      {page.review && (
        <CardSection id="review-heading" title="Your review">
          {page.review === "open" ? (
            <>
              <p>How did we do? Your review helps the next homeowner choose.</p>
              <a href={`${path}/review`} className="btn-primary">
                Leave a review
              </a>
            </>
          ) : (
            <p>Thank you for your review.</p>
          )}
        </CardSection>
      )}
      <CardSection id="request-heading" title="What you asked for">
        <p>
          Sent to {business.name} <time dateTime={page.createdAt}>{dayAndTime(page.createdAt)}</time>.
        </p>
        <dl className="space-y-3">
          {page.location && (
            <div>
              <dt className="font-semibold">Address of the work</dt>
              <dd className="break-words whitespace-pre-line">{page.location}</dd>
            </div>
          )}
          <div>
            <dt className="font-semibold">Your message</dt>
            {page.message.length > LONG_MESSAGE ? (
              <dd>
                <details>
                  <summary className="min-h-11 cursor-pointer py-2">
                    {page.message.slice(0, page.message.lastIndexOf(" ", 120) > 0 ? page.message.lastIndexOf(" ", 120) : 120)}… <span className="link">Read it all</span>
                  </summary>
                  <p className="break-words whitespace-pre-wrap">{page.message}</p>
                </details>
              </dd>
            ) : (
              message
            )}
          </div>
        </dl>
      </CardSection>
    </>
  );
}
