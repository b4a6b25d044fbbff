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

interface AnswerFormProps {
  /** Keeps two quotes' forms apart on one page. */
  id?: string;
  /** Which quote is answered, on a page of several. */
  quoteId?: number;
  /** The quote's number, to name it on a page of several. */
  number?: string;
  errorFor: (field: string) => string | undefined;
}

/** Accept: the customer's full name and the button, the form alone (a page places it). */
export function QuoteAcceptForm({ id = "", quoteId, number, errorFor }: AnswerFormProps) {
  return (
    <PostForm className="space-y-4">
      <input type="hidden" name="intent" value="accept" />
      {quoteId !== undefined && <input type="hidden" name="quote" value={quoteId} />}
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
  );
}

/** Decline: an optional reason and the button, the form alone. */
export function QuoteDeclineForm({ id = "", quoteId, errorFor }: AnswerFormProps) {
  return (
    <PostForm className="space-y-4">
      <input type="hidden" name="intent" value="decline" />
      {quoteId !== undefined && <input type="hidden" name="quote" value={quoteId} />}
      <TextArea form={`${id}decline`} name="reason" label="Reason (optional)" rows={3} maxLength={DECLINE_REASON_MAX} error={errorFor("reason")} />
      <button type="submit" className="btn-secondary">
        Decline quote
      </button>
    </PostForm>
  );
}

/** The title of a quote's answer card: "Accept quote Q-2026-0001", or "Accept the quote". */
export function answerTitle(verb: string, number?: string) {
  return number ? <>{verb} quote <span className="whitespace-nowrap">{number}</span></> : `${verb} the quote`;
}

/**
 * Accept (their full name) and Decline (an optional reason) for a quote still open, each in a card:
 * plain forms that work without JavaScript, posted to the page they are on. `accept={false}` leaves
 * Accept out where the page shows it already (the customer's page's What to do now).
 */
export function QuoteAnswerForms({ accept = true, ...props }: AnswerFormProps & { accept?: boolean }) {
  const { id = "", number } = props;
  return (
    <>
      {accept && (
        <CardSection id={`${id}accept-heading`} title={answerTitle("Accept", number)}>
          <QuoteAcceptForm {...props} />
        </CardSection>
      )}
      <CardSection id={`${id}decline-heading`} title={answerTitle("Decline", number)}>
        <QuoteDeclineForm {...props} />
      </CardSection>
    </>
  );
}
