/**
 * The reviews' actions (decision 28): Job done's Yes, which asks the customer for a review, and a
 * review kept private. Its Publish goes live with the site, so it stands in the site's room
 * (`app/lib/site/review-actions.server.ts`).
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, type Finding } from "../actions/define.ts";
import { parseForm, recordId } from "../forms/parse-form.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { MailNotSetUp } from "../mail/mailer.server.ts";
import { queueReviewRequest } from "./mail.server.ts";
import { jobDoneState, keepReviewPrivate, requestReview, reviewById, type Review } from "./reviews.server.ts";

/** The review the buttons belong to (their hidden `id`); 404 when there is none, or it is only asked for. */
export function reviewOfForm({ form, store }: Finding): Review {
  const which = parseForm(z.object({ id: recordId() }), form);
  const review = which.ok ? reviewById(store, which.value.id) : undefined;
  if (!review || review.status === "requested") throw data(null, { status: 404 });
  return review;
}

/** What stopped a button, for the review it belongs to; `town`: the town posted, kept in its field. */
export type ReviewRefusal = { id: number; error: string; townError?: string; town?: string };

/** A refusal for the review posted (its id as posted: the page shows it at that review). */
export const reviewRefusal = (form: FormData, refusal: Omit<ReviewRefusal, "id">): ReviewRefusal => ({ id: Number(form.get("id")), ...refusal });

export const reviewPrivate = defineAction({
  name: "review.private",
  intent: "private",
  find: reviewOfForm,
  schema: z.object({}),
  refused: (errors, form) => reviewRefusal(form, { error: errors.intent ?? "" }),
  apply: (_, { store, target, actor }) => {
    keepReviewPrivate(store, target.id, actor);
    return done(`/admin/reviews?kept#review-${target.id}`);
  },
});

export const jobDone = defineAction({
  name: "job.done",
  intent: "job-done",
  find: ({ params }) => recordIdOr404(params.id),
  schema: z.object({}),
  refused: (errors) => ({ error: errors.intent }),
  apply: (_, { store, target: id, actor, services, wake }) => {
    // Every finished job is asked, never only the happy ones. The e-mail is a row of the queue,
    // committed with the request for a review; without e-mail set up nothing is kept.
    let made: ReturnType<typeof requestReview>;
    try {
      made = requestReview(store, id, {
        actor,
        alongside: (review, now) => {
          if (!services.mail) throw new MailNotSetUp();
          queueReviewRequest(store.db, review, now);
        },
      });
    } catch (error) {
      if (!(error instanceof MailNotSetUp)) throw error;
      return answer({ error: `The review request could not be e-mailed (${error.message}). Nothing was sent.` }, 502);
    }
    if (!made) {
      // Asked already (a second tap) or not Won: the page says which, from the loader.
      if (!jobDoneState(store, id)) throw data(null, { status: 404 });
      return answer({ error: undefined }, 409);
    }
    wake();
    return done(`/admin/requests/${id}`, "job-done");
  },
});

export const REVIEW_ACTIONS = [jobDone, reviewPrivate];
