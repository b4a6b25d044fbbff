/**
 * A review's Publish (issue 26 §5): the customer's review goes live as a testimonial in one step,
 * beside the owner's draft, never with it. The live content plus the testimonial is rendered and
 * checked like any publish and swapped in whole (decision 16). In the one transaction that records
 * the version, the review is marked published and a waiting draft gains the testimonial too, so
 * that publishing the draft later keeps it; a phone number saved as a draft stays a draft.
 */
import { contentFiles } from "../../content/index.ts";
import { displayName } from "../../content/rules/names.ts";
import type { Db } from "../db/connection.server.ts";
import { markReviewPublished, reviewById, type Review } from "../reviews/reviews.server.ts";
import { contentWith } from "./draft.server.ts";
import { describeChanges, withList, type SiteEdits } from "./edits.ts";
import type { SitePublisher } from "../services/publisher.ts";
import { liveVersion, recordPublishBeside } from "./versions.server.ts";

/** The testimonial a review becomes: its name as the site shows names, its stars, the town of the job, its month. */
export function testimonialOf(review: Pick<Review, "displayName" | "stars" | "text" | "submittedAt">, town: string) {
  return { name: displayName(review.displayName ?? ""), location: town, rating: review.stars ?? 0, text: review.text ?? "", reviewMonth: (review.submittedAt ?? "").slice(0, 7) };
}

/** `edits` with the testimonial first in their list (the home page shows the first three). */
export function withTestimonial(edits: SiteEdits, testimonial: object): SiteEdits {
  const list = (edits.testimonials ?? contentFiles.testimonials) as unknown[];
  return withList(contentFiles, edits, "testimonials", [testimonial, ...list]);
}

export type ReviewPublishResult =
  | { ok: true; version: number; ms: number }
  /** A second tap, or a replayed Publish: the review went live with the first. */
  | { ok: true; already: true }
  | { ok: false; status: 400 | 409 | 500 | 503; error: string };

/** Publishes that may go live first (a draft published meanwhile) before this one gives up. */
const TRIES = 3;

/**
 * Puts a submitted review, with the customer's consent, live as a testimonial from `town`. When
 * another publish goes live while this one renders, it starts again from what is live then.
 */
export async function publishReview(
  store: Db,
  publisher: SitePublisher | undefined,
  options: { reviewId: number; town: string; author: string; passkeyId?: number },
): Promise<ReviewPublishResult> {
  if (!publisher) return { ok: false, status: 503, error: "Publishing is not available on this server. Nothing was published." };
  for (let tries = 0; tries < TRIES; tries++) {
    const review = reviewById(store, options.reviewId);
    if (review?.status === "published") return { ok: true, already: true };
    if (review?.status !== "submitted") return { ok: false, status: 409, error: "This review is no longer waiting for your decision. Nothing was published." };
    if (!review.consent) return { ok: false, status: 409, error: "This customer did not agree to their review being shown: it stays private." };
    const live = liveVersion(store);
    const from = live?.id ?? null;
    const testimonial = testimonialOf(review, options.town);
    const edits = withTestimonial(live?.edits ?? {}, testimonial);
    const next = contentWith(edits);
    if ("problems" in next) return { ok: false, status: 400, error: `Nothing was published: the review does not pass the content checks: ${next.problems.join("; ")}` };
    const now = contentWith(live?.edits ?? {});
    const summary = "content" in now ? describeChanges(now.content, next.content, publisher.pageCount()) : [];
    // Still what this publish was made from: the same live version, the review still waiting.
    const unchanged = () => (liveVersion(store)?.id ?? null) === from && reviewById(store, review.id)?.status === "submitted";
    const record = () =>
      store.inTransaction(() => {
        if (!unchanged()) return undefined;
        const version = recordPublishBeside(store, { edits, from, author: options.author, passkeyId: options.passkeyId, summary, sameInDraft: (draft) => withTestimonial(draft, testimonial) });
        if (version !== undefined) markReviewPublished(store, review.id, options.author, version);
        return version;
      });
    const outcome = await publisher.publish(next.content, record, unchanged);
    if (outcome.ok) return { ok: true, version: outcome.version, ms: outcome.ms };
    if (outcome.reason === "failed") return { ok: false, status: 500, error: `Nothing was published: the live site is unchanged. The page ${outcome.page} failed: ${outcome.problem}.` };
  }
  return { ok: false, status: 409, error: "Other changes kept going live first. Nothing was published: press Publish again." };
}
