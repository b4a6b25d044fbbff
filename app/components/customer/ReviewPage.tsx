import { ClosedLink } from "~/components/ClosedLink.tsx";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { NAME_HINT, NAME_MAX } from "~/content/rules/names.ts";
import { REVIEW_TEXT_MAX } from "~/lib/forms/review.ts";
import type { ReviewPageAnswer, ReviewPageData } from "~/lib/customer/shown.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

const closedWords = (state: "unknown" | "expired", linkDays: number): [string, string] =>
  state === "unknown"
    ? ["This review link does not work", "The link may be mistyped or incomplete. To tell us how we did, call us."]
    : ["This review link has expired", `It worked for ${linkDays} days after the job was done. To tell us how we did, call us.`];

/**
 * The customer's review of a finished job, at its own link (/review/{token}) and from their page
 * (/c/{token}/review): stars as a real radio group, the words, the name to show and consent to
 * publish, in a plain form that works without JavaScript; the thanks once it is written.
 */
export function ReviewPage({ loaderData, actionData }: { loaderData: ReviewPageData; actionData?: ReviewPageAnswer }) {
  const errors: ReviewPageAnswer["errors"] = actionData?.errors ?? {};
  const values = actionData?.values;
  if (loaderData.state === "unknown" || loaderData.state === "expired") return <ClosedLink words={closedWords(loaderData.state, loaderData.linkDays)} />;
  if (loaderData.state === "done") {
    return (
      <section className="container-page max-w-2xl space-y-4 py-10">
        <h1 className="text-3xl">Thank you for your review</h1>
        <p>
          {/* "We have it, Sarah M. Thank you…": one full stop after a name that ends with one. */}
          We have it{loaderData.displayName ? `, ${loaderData.displayName}` : ""}
          {loaderData.displayName.endsWith(".") ? "" : "."} Thank you for taking the time.
        </p>
      </section>
    );
  }
  return (
    <section className="container-page max-w-2xl space-y-6 py-10">
      <h1 className="text-3xl">How did we do?</h1>
      <p>Your review helps the next homeowner choose. Every review reaches us, whatever its stars.</p>
      <PostForm noValidate className="card space-y-5">
        <fieldset aria-describedby={errors.stars ? "review-stars-error" : undefined} aria-invalid={errors.stars ? true : undefined}>
          <legend className="field-label">Stars *</legend>
          <div className="flex flex-wrap gap-3">
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n} className="flex min-h-11 items-center gap-2 rounded-lg border-2 border-slate-300 px-3">
                <input type="radio" name="stars" value={n} required defaultChecked={values?.stars === String(n)} className="size-5" />
                {n} {n === 1 ? "star" : "stars"}
              </label>
            ))}
          </div>
          {errors.stars && (
            <p id="review-stars-error" className="field-error">
              {errors.stars}
            </p>
          )}
        </fieldset>
        <TextArea form="review" name="text" label="Your review *" rows={6} required maxLength={REVIEW_TEXT_MAX} defaultValue={values?.text} error={errors.text} />
        <Field
          form="review"
          name="name"
          label="Your name as shown *"
          hint={NAME_HINT}
          required
          maxLength={NAME_MAX}
          defaultValue={values?.name ?? loaderData.displayName}
          error={errors.name}
        />
        <label className="flex min-h-11 items-start gap-3">
          <input type="checkbox" name="consent" defaultChecked={values?.consent} className="mt-1 size-6 shrink-0" />
          <span>You may show my review, with my name as above and my town, on your website.</span>
        </label>
        <button type="submit" className="btn-primary">
          Send my review
        </button>
      </PostForm>
    </section>
  );
}
