/**
 * The one thing a request's status calls for, at the top of its page (on a phone's first
 * screen): answer it and create a quote while New; finish or follow the quote; schedule the job's
 * days and mark the job done once Won; nothing once closed. Any status can still be set by hand lower down.
 */
import { ChatIcon, MailIcon, PhoneIcon } from "../icons.tsx";
import { OwnerButton } from "./OwnerForm.tsx";
import { answeredPing } from "~/lib/requests/clock.ts";
import type { QuoteStatus } from "~/lib/quotes/status.ts";
import type { LeadStatus } from "~/lib/requests/status.ts";
import { exactTime } from "~/lib/time/ago.ts";

export interface StepQuote {
  id: number;
  number: string;
  status: QuoteStatus;
  total: string;
  sentAt: string | null;
  viewedAt: string | null;
  answeredAt: string | null;
}

export interface StepReview {
  requestedAt: string;
  status: string;
  stars: number | null;
}

interface Props {
  lead: { id: number; status: LeadStatus };
  quotes: StepQuote[];
  reviews: StepReview[];
  links: { call: string; email: string; chat: string };
  self: string;
  /** A job day is booked: Job done comes first. */
  scheduled?: boolean;
}

/** What the customer did with a sent quote, in words. */
function quoteNews(quote: StepQuote): string {
  const when = (iso: string | null) => (iso ? ` ${exactTime(iso)}` : "");
  switch (quote.status) {
    case "accepted":
      return `Accepted${when(quote.answeredAt)}.`;
    case "declined":
      return `Declined${when(quote.answeredAt)}.`;
    case "viewed":
      return `Sent${when(quote.sentAt)}; the customer opened it${when(quote.viewedAt)}.`;
    case "expired":
      return "Expired before the customer answered.";
    default:
      return `Sent${when(quote.sentAt)}; not opened yet.`;
  }
}

const REVIEW_NEWS: Record<string, string> = { requested: "no answer yet", submitted: "waiting for your decision", published: "published", private: "kept private" };

/** The three reply buttons: large, side by side on a phone, icon over word. */
const REPLY = "min-h-16 w-full flex-col gap-1 px-1 text-base whitespace-nowrap";

function Reply({ lead, links, self }: Pick<Props, "lead" | "links" | "self">) {
  return (
    <ul aria-label="Answer" className="grid grid-cols-3 gap-2">
      <li>
        <a href={links.call} ping={answeredPing(self, lead.id, "call")} className={`btn-primary ${REPLY}`}>
          <PhoneIcon width="20" height="20" />
          Call
        </a>
      </li>
      <li>
        <a href={links.email} ping={answeredPing(self, lead.id, "email")} className={`btn-secondary ${REPLY}`}>
          <MailIcon width="20" height="20" />
          E-mail
        </a>
      </li>
      <li>
        <a href={links.chat} ping={answeredPing(self, lead.id, "whatsapp")} className={`btn-secondary ${REPLY}`} target="_blank" rel="noopener noreferrer">
          <ChatIcon width="20" height="20" />
          WhatsApp
        </a>
      </li>
    </ul>
  );
}

function Step({ lead, quotes, reviews, scheduled }: Props) {
  if (lead.status === "lost" || lead.status === "spam") {
    return <p>Closed{lead.status === "spam" ? " as spam" : ": the job went elsewhere"}. To reopen it, change its status below.</p>;
  }
  if (lead.status === "won") {
    const review = reviews.at(-1);
    if (review) return <p>Job done. A review was asked for {exactTime(review.requestedAt)}: {REVIEW_NEWS[review.status] ?? review.status}.</p>;
    return (
      <>
        <p>Schedule the job's days: the customer is e-mailed an invitation for each. When the work is finished, mark the job done and the customer is asked for a review.</p>
        <p className="flex flex-wrap gap-3">
          <a href={`/admin/requests/${lead.id}/visits/new?kind=job-day`} className={scheduled ? "btn-secondary" : "btn-primary"}>
            Schedule job
          </a>
          <a href={`/admin/requests/${lead.id}/job-done`} className={scheduled ? "btn-primary" : "btn-secondary"}>
            Job done
          </a>
        </p>
      </>
    );
  }
  // The quote in play: the newest that is not a replaced one.
  const quote = quotes.find((q) => q.status !== "replaced");
  if (quote?.status === "draft") {
    return (
      <>
        <p>
          Quote {quote.number} is a draft, {quote.total} so far.
        </p>
        <a href={`/admin/quotes/${quote.id}`} className="btn-primary">
          Finish quote
        </a>
      </>
    );
  }
  if (quote && quote.status !== "declined" && quote.status !== "expired") {
    return (
      <>
        <p>
          Quote {quote.number}, {quote.total}: {quoteNews(quote)}
        </p>
        <a href={`/admin/quotes/${quote.id}`} className="btn-primary">
          View quote
        </a>
      </>
    );
  }
  return (
    <>
      {quote && (
        <p>
          Quote {quote.number}, {quote.total}: {quoteNews(quote)}
        </p>
      )}
      <OwnerButton intent="create-quote" className="btn-primary">
        {quote ? "Create a new quote" : "Create quote"}
      </OwnerButton>
    </>
  );
}

export function NextStep(props: Props) {
  return (
    <section aria-labelledby="next-step" className="card space-y-3 p-4 ring-2 ring-accent">
      <h2 id="next-step" className="text-lg">
        Next step
      </h2>
      {props.lead.status === "new" && <Reply {...props} />}
      <Step {...props} />
    </section>
  );
}
