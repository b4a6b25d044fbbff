/**
 * The one next thing, at the top of a request's page (on a phone's first screen), in the order of
 * lib/requests/job.ts nextStep: answer; book a survey; quote; on Won schedule the job's days;
 * invoice the deposit; wait for the job days (no Job done while one is to come); invoice the
 * balance; ask for the review. Any status can still be set by hand lower down.
 */
import { ChatIcon, MailIcon, PhoneIcon } from "../icons.tsx";
import { OwnerButton } from "./OwnerForm.tsx";
import { PostForm } from "../forms/PostForm.tsx";
import { DEFAULT_DEPOSIT_PERCENT } from "~/lib/invoices/form.ts";
import type { Step as StepOf } from "~/lib/requests/job.ts";
import { shortDay } from "~/lib/visits/words.ts";
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
  /** The one next thing (lib/requests/job.ts nextStep). */
  step: StepOf;
  /** A quote is accepted: its deposit can be invoiced in one tap. */
  accepted: boolean;
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

/** Create invoice of one kind, in one tap: the same post as the Invoices card's form. */
function InvoiceButton({ leadId, kind, children }: { leadId: number; kind: "deposit" | "balance"; children: string }) {
  return (
    <PostForm action={`/admin/requests/${leadId}/invoices/new`}>
      <input type="hidden" name="kind" value={kind} />
      {kind === "deposit" && <input type="hidden" name="depositPercent" value={String(DEFAULT_DEPOSIT_PERCENT)} />}
      <button type="submit" className="btn-primary">
        {children}
      </button>
    </PostForm>
  );
}

function QuoteNews({ quote }: { quote: StepQuote | undefined }) {
  return quote ? (
    <p>
      Quote {quote.number}, {quote.total}: {quoteNews(quote)}
    </p>
  ) : null;
}

function Step({ lead, quotes, reviews, step, accepted }: Props) {
  const id = lead.id;
  // The quote in play: the newest that is not a replaced one.
  const quote = quotes.find((q) => q.status !== "replaced");
  const createQuote = (primary: boolean) => (
    <OwnerButton intent="create-quote" className={primary ? "btn-primary" : "btn-secondary"}>
      {quote ? "Create a new quote" : "Create quote"}
    </OwnerButton>
  );
  const toQuote = (label: string) => (
    <a href={`/admin/quotes/${quote!.id}`} className="btn-primary">
      {label}
    </a>
  );
  // With no job day to come, a small job can be marked done without waiting for more.
  const jobDone = (
    <a href={`/admin/requests/${id}/job-done`} className="btn-secondary">
      Job done
    </a>
  );
  switch (step.kind) {
    case "closed":
      return <p>Closed{lead.status === "spam" ? " as spam" : ": the job went elsewhere"}. To reopen it, change its status below.</p>;
    case "answer":
      return (
        <>
          <p>Answer: your first call, e-mail or WhatsApp moves it to Contacted.</p>
          {createQuote(false)}
        </>
      );
    case "book-survey":
      return (
        <>
          <p>Book a survey to see the roof, or quote straight away.</p>
          <p className="flex flex-wrap gap-3">
            <a href={`/admin/requests/${id}/visits/new?kind=survey`} className="btn-primary">
              Book a survey
            </a>
            {createQuote(false)}
          </p>
        </>
      );
    case "quote":
      return (
        <>
          <QuoteNews quote={quote} />
          {!quote && <p>Quote the work: the customer accepts it on their own page.</p>}
          {createQuote(true)}
        </>
      );
    case "finish-quote":
      return (
        <>
          <p>
            Quote {quote!.number} is a draft, {quote!.total} so far.
          </p>
          {toQuote("Finish quote")}
        </>
      );
    case "wait-for-answer":
      return (
        <>
          <QuoteNews quote={quote} />
          {toQuote("View quote")}
        </>
      );
    case "schedule":
      return (
        <>
          <p>Schedule the job's days: the customer is e-mailed an invitation for each.</p>
          <p className="flex flex-wrap gap-3">
            <a href={`/admin/requests/${id}/visits/new?kind=job-day`} className="btn-primary">
              Schedule job
            </a>
            {jobDone}
          </p>
        </>
      );
    case "invoice-deposit":
      return (
        <>
          {accepted ? (
            <>
              <p>Invoice the deposit: nothing is invoiced yet ({DEFAULT_DEPOSIT_PERCENT}% of the accepted quote; you see the draft before it is sent).</p>
              <InvoiceButton leadId={id} kind="deposit">
                Invoice the deposit
              </InvoiceButton>
            </>
          ) : (
            <>
              <p>Invoice the job: nothing is invoiced yet.</p>
              <a href={`/admin/requests/${id}/invoices/new`} className="btn-primary">
                Create invoice
              </a>
            </>
          )}
        </>
      );
    case "wait-for-job-days":
      return (
        <p>
          Wait for the job days: the next is <time dateTime={step.nextJobDay}>{shortDay(new Date(step.nextJobDay))}</time>. When they are over, invoice the balance and mark the job done.
        </p>
      );
    case "invoice-balance":
      return (
        <>
          <p>The job days are over: invoice the balance (you see the draft before it is sent).</p>
          <p className="flex flex-wrap gap-3">
            <InvoiceButton leadId={id} kind="balance">
              Invoice the balance
            </InvoiceButton>
            {jobDone}
          </p>
        </>
      );
    case "ask-for-review":
      return (
        <>
          <p>When the work is finished, mark the job done and the customer is asked for a review.</p>
          <a href={`/admin/requests/${id}/job-done`} className="btn-primary">
            Job done
          </a>
        </>
      );
    case "done": {
      const review = reviews.at(-1);
      return review ? (
        <p>
          Job done. A review was asked for {exactTime(review.requestedAt)}: {REVIEW_NEWS[review.status] ?? review.status}.
        </p>
      ) : (
        <p>Nothing more to do.</p>
      );
    }
  }
}

export function NextStep(props: Props) {
  return (
    <section aria-labelledby="next-step" className="card space-y-3 p-4 ring-2 ring-accent">
      <h2 id="next-step" className="text-lg">
        Next step
      </h2>
      {props.step.kind === "answer" && <Reply {...props} />}
      <Step {...props} />
    </section>
  );
}
