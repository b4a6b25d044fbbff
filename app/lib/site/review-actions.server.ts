/**
 * A review's Publish (decision 28): the customer's review live as a testimonial, with their
 * consent only, from the town the job was in. It goes live with the site (`publish-review.server.ts`),
 * so it stands in the site's room; Keep private is the reviews' own (`app/lib/reviews/actions.server.ts`).
 */
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo } from "../actions/define.ts";
import { text } from "../forms/parse-form.ts";
import { reviewOfForm, reviewRefusal } from "../reviews/actions.server.ts";
import { publishReview } from "./publish-review.server.ts";

const NO_CONSENT = "This customer did not agree to their review being shown: it stays private.";

export const reviewPublish = defineAction({
  name: "review.publish",
  intent: "publish",
  find: reviewOfForm,
  // A refused field speaks in the order the owner meets them: the button, his consent, the town.
  early: (form, { target }) => (target.consent ? undefined : answer(reviewRefusal(form, { error: NO_CONSENT }), 409)),
  schema: ({ content }) => z.object({ town: z.pipe(text(), z.enum(content.areas.map((area) => area.slug), "Choose the town the job was in.")) }),
  refused: (errors, form) =>
    errors.town ? reviewRefusal(form, { error: "Nothing was published: choose the town first.", townError: errors.town, town: String(form.get("town") ?? "") }) : reviewRefusal(form, { error: errors.intent ?? "" }),
  // The site is rendered and swapped in whole before the answer; its version and the review's
  // mark are recorded in the publish's own transaction (decision 16).
  prepare: ({ town }, { store, services, target, actor, passkeyId }) => publishReview(store, services.publisher, { reviewId: target.id, town, author: actor, passkeyId }),
  apply: (_, { target, form }, published) => {
    const page = `/admin/reviews?published#review-${target.id}`;
    if (!published.ok) return answer(reviewRefusal(form, { error: published.error }), published.status);
    // A second tap, or a replayed Publish: it went live with the first.
    if ("already" in published) return redirectTo(page);
    return done(page);
  },
});

export const REVIEW_PUBLISH_ACTIONS = [reviewPublish];
