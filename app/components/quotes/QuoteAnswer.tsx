import { CardSection } from "~/components/CardSection.tsx";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { dayAndTime } from "~/lib/time/words.ts";
import { ANSWER_NAME_MAX, DECLINE_REASON_MAX } from "~/lib/quotes/answer-limits.ts";
import type { QuoteStatus } from "~/lib/quotes/status.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

/** What the customer's answer left on a quote, as both of their pages say it. */
export function QuoteAnswered({ status, answeredAt, answerName }: { status: QuoteStatus; answeredAt: string | null; answerName: string | null }) {
  if (!answeredAt) return null;
  if (status === "accepted") {
    return (
      <p role="status" className="card py-3 font-semibold text-ok">
        You accepted this quote as {answerName} on {dayAndTime(answeredAt)}. A copy is on its way to you by e-mail. We will be in touch to arrange the work.
      </p>
    );
  }
  if (status === "declined") {
    return (
      <p role="status" className="card py-3 font-semibold">
        You declined this quote on {dayAndTime(answeredAt)}. Thank you for letting us know.
      </p>
    );
  }
  return null;
}

/**
 * Accept (their full name) and Decline (an optional reason) for a quote still open: plain forms
 * that work without JavaScript, posted to the page they are on. `id` keeps two quotes' forms apart
 * on one page, and `quoteId` tells that page which quote is answered; `number` names it there.
 */
export function QuoteAnswerForms({ id = "", quoteId, number, errorFor }: { id?: string; quoteId?: number; number?: string; errorFor: (field: string) => string | undefined }) {
  const which = quoteId === undefined ? null : <input type="hidden" name="quote" value={quoteId} />;
  const title = (verb: string) => (number ? <>{verb} quote <span className="whitespace-nowrap">{number}</span></> : `${verb} the quote`);
  return (
    <>
      <CardSection id={`${id}accept-heading`} title={title("Accept")}>
        <PostForm className="space-y-4">
          <input type="hidden" name="intent" value="accept" />
          {which}
          <Field
            form={`${id}accept`}
            name="name"
            label="Your full name"
            hint={number ? `Typing your name accepts the work and the price of quote ${number}.` : "Typing your name accepts the work and the price above."}
            autoComplete="name"
            required
            maxLength={ANSWER_NAME_MAX}
            error={errorFor("name")}
          />
          <button type="submit" className="btn-primary">
            Accept quote
          </button>
        </PostForm>
      </CardSection>
      <CardSection id={`${id}decline-heading`} title={title("Decline")}>
        <PostForm className="space-y-4">
          <input type="hidden" name="intent" value="decline" />
          {which}
          <TextArea form={`${id}decline`} name="reason" label="Reason (optional)" rows={3} maxLength={DECLINE_REASON_MAX} error={errorFor("reason")} />
          <button type="submit" className="btn-secondary">
            Decline quote
          </button>
        </PostForm>
      </CardSection>
    </>
  );
}
