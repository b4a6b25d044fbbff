/** The reviews' actions (decision 28): Job done's Yes, which asks the customer for a review. */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done } from "../actions/define.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { MailNotSetUp } from "../mail/mailer.server.ts";
import { queueReviewRequest } from "./mail.server.ts";
import { jobDoneState, requestReview } from "./reviews.server.ts";

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

export const REVIEW_ACTIONS = [jobDone];
