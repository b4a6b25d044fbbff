/**
 * The reviews customers wrote after their jobs (/admin/reviews). Every one is kept, whatever its
 * stars. Publish puts one, with the customer's consent only, live at the top of the testimonials
 * with its town and month, in one step and beside any waiting draft (lib/site/publish-review);
 * Keep private leaves it here.
 */
import { Select } from "~/components/forms/Field.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { OwnerButton, OwnerForm } from "~/components/owner/OwnerForm.tsx";
import type { Area } from "~/content/index.ts";
import { referenceOf } from "~/lib/forms/reference.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import type { ReviewRefusal } from "~/lib/reviews/actions.server.ts";
import { displayName } from "~/content/rules/names.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { noticeOf } from "~/lib/owner/notices.ts";
import { submittedReviews } from "~/lib/reviews/reviews.server.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { placeOf } from "~/lib/jobs/push.server.ts";
import { hasChanges } from "~/lib/site/versions.server.ts";
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Reviews");

/** The town a request came from: its town page, or a town named in its address. */
function townOf(areas: Area[], page: string, location: string): string {
  const fromPage = areas.find((area) => page.includes(`/roofers-in-${area.slug}/`));
  if (fromPage) return fromPage.slug;
  const named = placeOf(location, areas.map((area) => area.name));
  return areas.find((area) => area.name === named)?.slug ?? "";
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { areas } = contentOf(context);
  const store = storeOf(context);
  const url = new URL(request.url);
  return {
    // The name as the site will show it, so the owner sees it before he presses Publish.
    reviews: submittedReviews(store).map((review) => ({ ...review, shownAs: displayName(review.displayName ?? ""), town: townOf(areas, review.leadPage, review.leadLocation) })),
    towns: areas.map((area) => [area.slug, area.name] as const),
    notice: noticeOf(url, {
      published: `Published: the review is on your site now, first among the testimonials on the home page and the gallery page.${hasChanges(store) ? " Your draft, still waiting on Your site, has it too." : ""}`,
      kept: "Kept private: it stays here and is not shown on your site.",
    }),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<ReviewRefusal>(args, ["review.publish", "review.private"]);

const STATUS_WORDS = { submitted: "Waiting for your decision", published: "On your site", private: "Kept private", requested: "" } as const;

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, towns, notice } = loaderData;
  return (
    <>
      <TopBar title="Reviews" back={MORE_BACK} />
      <div className="container-page max-w-3xl space-y-6 py-4">
        <p>Every finished job is asked for a review (Job done, on a won request). Every review is kept here, whatever its stars.</p>
        <Notices notice={notice} />
        {reviews.length === 0 && <p className="card">No reviews yet.</p>}
        <ul className="space-y-4">
          {reviews.map((review) => {
            const refused = actionData?.id === review.id ? actionData : undefined;
            return (
              <li key={review.id} id={`review-${review.id}`} className="card space-y-3">
                <p className="font-semibold">
                  {review.stars} of 5 stars from {review.shownAs}
                </p>
                <p className="text-muted">
                  <a href={`/admin/requests/${review.leadId}`} className="link">
                    {referenceOf(review.leadId)}, {review.leadName}
                  </a>
                  {review.submittedAt && <>, written {exactTime(review.submittedAt)}</>}
                </p>
                <blockquote className="border-l-4 border-slate-300 pl-4">{review.text}</blockquote>
                <p>
                  {STATUS_WORDS[review.status]}. {review.consent ? "The customer agreed to it being shown on the site." : "The customer did not agree to it being shown: it can only be kept private."}
                  {review.status === "published" && (
                    <>
                      {" "}
                      <a href="/gallery" className="link">
                        See it on the gallery page
                      </a>
                    </>
                  )}
                </p>
                {refused && (
                  <p role="alert" className="font-semibold text-danger">
                    {refused.error}
                  </p>
                )}
                {review.status === "submitted" && review.consent && (
                  <p>
                    Publish puts it on your site at once, on the home page and the gallery page. Anything waiting in your draft stays a draft. Its name on the site: <strong>{review.shownAs}</strong>
                    {review.shownAs !== review.displayName && <> (written “{review.displayName}”)</>}
                  </p>
                )}
                {review.status === "submitted" && (
                  <div className="flex flex-wrap items-end gap-3">
                    {review.consent && (
                      <OwnerForm intent="publish" hidden={{ id: review.id }} className="flex flex-wrap items-end gap-3">
                        <Select form={`review-${review.id}`} name="town" label="Town" options={[["", "Choose the town"], ...towns]} defaultValue={refused?.town ?? review.town} error={refused?.townError} />
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
            );
          })}
        </ul>
      </div>
    </>
  );
}
