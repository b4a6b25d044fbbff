/**
 * The reviews customers wrote after their jobs (/admin/reviews). Every one is kept, whatever its
 * stars. Publish puts one, with the customer's consent only, at the top of the testimonials in the
 * site's draft, with its town and month, to publish from Your site; Keep private leaves it here.
 */
import { draftContent, saveCheckedDraft } from "~/lib/site/draft.server.ts";
import { data, redirect } from "react-router";
import { Select } from "~/components/forms/Field.tsx";
import { OwnerButton, OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { contentFiles, type Area } from "~/content/index.ts";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { contentOf, storeOf } from "~/lib/services.ts";
import { displayName } from "~/content/rules/names.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { decideReview, reviewById, submittedReviews } from "~/lib/owner/reviews.server.ts";
import { exactTime } from "~/lib/owner/time.ts";
import { placeOf } from "~/lib/push.server.ts";
import { withList } from "~/lib/site/edits.ts";
import { currentDraft } from "~/lib/site/versions.server.ts";
import * as z from "zod/mini";
import { intents, parseForm, recordId, text } from "~/lib/forms/parse-form.ts";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Reviews");

/** The town a request came from: its town page, or a town named in its address. */
function townOf(areas: Area[], page: string, location: string): string {
  const fromPage = areas.find((area) => page.includes(`/roofers-in-${area.slug}/`));
  if (fromPage) return fromPage.slug;
  const named = placeOf(location, areas.map((area) => area.name));
  return areas.find((area) => area.name === named)?.slug ?? "";
}

export function loader({ context }: Route.LoaderArgs) {
  const { areas } = contentOf(context);
  return {
    // The name as the site will show it, so the owner sees it before he presses Publish.
    reviews: submittedReviews(storeOf(context)).map((review) => ({ ...review, shownAs: displayName(review.displayName ?? ""), town: townOf(areas, review.leadPage, review.leadLocation) })),
    towns: areas.map((area) => [area.slug, area.name] as const),
  };
}

const NO_CONSENT = "This customer did not agree to their review being shown: it stays private.";

/** Which review the buttons belong to. */
const reviewOfForm = z.object({ id: recordId() });

/** What the owner decided: keep it private, or publish it with the town the job was in. */
const decision = (towns: string[]) =>
  intents([z.object({ intent: z.literal("private") }), z.object({ intent: z.literal("publish"), town: z.pipe(text(), z.enum(towns, "Choose the town the job was in.")) })]);

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const store = storeOf(context);
  const form = await readForm(request);
  const which = parseForm(reviewOfForm, form);
  const review = which.ok ? reviewById(store, which.value.id) : undefined;
  if (!review || review.status === "requested") throw data(null, { status: 404 });
  const { id } = review;
  const posted = parseForm(decision(contentOf(context).areas.map((area) => area.slug)), form);
  // A refused field speaks in the order the owner meets them: the button, his consent, the town.
  if (!posted.ok) {
    const consentFirst = !posted.errors.intent && !review.consent;
    return data({ id, error: consentFirst ? NO_CONSENT : (posted.errors.intent ?? posted.errors.town) }, { status: consentFirst ? 409 : 400 });
  }
  if (posted.value.intent === "private") {
    decideReview(store, id, "private", owner.name);
    return redirect("/admin/reviews", 303);
  }
  if (!review.consent) return data({ id, error: NO_CONSENT }, { status: 409 });
  const draft = currentDraft(store);
  const testimonials = draftContent(store).testimonials;
  const testimonial = { name: displayName(review.displayName!), location: posted.value.town, rating: review.stars!, text: review.text!, reviewMonth: review.submittedAt!.slice(0, 7) };
  const saved = saveCheckedDraft(store, withList(contentFiles, draft.edits, "testimonials", [testimonial, ...testimonials]), { from: draft.revision, author: owner.name });
  if (!saved.ok) return data({ id, error: saved.error }, { status: saved.status });
  decideReview(store, id, "published", owner.name);
  return redirect("/admin/site?saved", 303);
}

const STATUS_WORDS = { submitted: "New", published: "In the site's testimonials", private: "Kept private", requested: "" } as const;

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, towns } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-6">
      <h1 className="text-2xl">Reviews</h1>
      <p>Every finished job is asked for a review (Job done, on a won request). Every review is kept here, whatever its stars.</p>
      {reviews.length === 0 && <p className="card">No reviews yet.</p>}
      <ul className="space-y-4">
        {reviews.map((review) => (
          <li key={review.id} className="card space-y-3">
            <p className="font-semibold">
              {review.stars} of 5 stars from {review.shownAs} ({review.leadName}), {review.submittedAt && exactTime(review.submittedAt)}
            </p>
            <blockquote className="border-l-4 border-slate-300 pl-4">{review.text}</blockquote>
            <p>
              {STATUS_WORDS[review.status]}. {review.consent ? "The customer agreed to it being shown on the site." : "The customer did not agree to it being shown: it can only be kept private."}
            </p>
            {actionData?.id === review.id && (
              <p role="alert" className="font-semibold text-danger">
                {actionData.error}
              </p>
            )}
            {review.status === "submitted" && review.consent && (
              <p>
                After Publish you can still correct its name in Testimonials, before you publish the site. Its name on the site: <strong>{review.shownAs}</strong>
                {review.shownAs !== review.displayName && <> (written “{review.displayName}”)</>}
              </p>
            )}
            {review.status === "submitted" && (
              <div className="flex flex-wrap items-end gap-3">
                {review.consent && (
                  <OwnerForm intent="publish" hidden={{ id: review.id }} className="flex flex-wrap items-end gap-3">
                    <Select form={`review-${review.id}`} name="town" label="Town" options={[["", "Choose the town"], ...towns]} defaultValue={review.town} />
                    <button type="submit" className="btn-primary">
                      Publish
                    </button>
                  </OwnerForm>
                )}
                <OwnerButton intent="private" hidden={{ id: review.id }}>
                  Keep private
                </OwnerButton>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
