/**
 * The customer's review at /review/{token}: no sign-in, the link is the key, used once. Stars as a
 * real radio group, the words, the name to show (first name and initial) and consent to publish.
 * Rendered per request, never cached or indexed; a plain form that works without JavaScript. A
 * link that is unknown or expired says so and gives the phone number, revealing nothing else.
 */
import { data, redirect } from "react-router";
import { ClosedLink } from "~/components/ClosedLink.tsx";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { parseReview, REVIEW_TEXT_MAX, type ReviewField } from "~/lib/forms/review.ts";
import { storeOf } from "~/lib/services.ts";
import { displayName, NAME_HINT, NAME_MAX } from "~/content/rules/names.ts";
import { checkReviewLink, REVIEW_LINK_DAYS, submitReview } from "~/lib/owner/reviews.server.ts";
import { CLOSED_LINK_STATUS } from "~/lib/owner/tokens.server.ts";
import { rootFrom } from "~/lib/seo.ts";
import type { Route } from "./+types/customer-review";

// The link is the key, like a quote's: the server answers it with `Referrer-Policy: no-referrer`.
export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Your review | ${rootFrom(matches).business.name}` }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ params, context }: Route.LoaderArgs) {
  const link = checkReviewLink(storeOf(context), params.token);
  if (link.state === "done") return { state: "done" as const, displayName: link.review.displayName ? displayName(link.review.displayName) : "" };
  if (link.state === "open") return { state: "open" as const, displayName: link.displayName };
  return data({ state: link.state, displayName: "", linkDays: REVIEW_LINK_DAYS }, { status: CLOSED_LINK_STATUS[link.state] });
}

type Errors = Partial<Record<ReviewField, string>>;

const closedWords = (state: "unknown" | "expired", linkDays: number): [string, string] =>
  state === "unknown"
    ? ["This review link does not work", "The link may be mistyped or incomplete. To tell us how we did, call us."]
    : ["This review link has expired", `It worked for ${linkDays} days after the job was done. To tell us how we did, call us.`];

export async function action({ params, request, context }: Route.ActionArgs) {
  const store = storeOf(context);
  const link = checkReviewLink(store, params.token);
  if (link.state !== "open") return redirect(new URL(request.url).pathname, 303);
  const review = parseReview(await readForm(request));
  // Nothing is saved and the link stays open: the form comes back with each message at its field.
  if (!review.ok) return data({ errors: review.errors, values: { ...review.values, consent: review.values.consent !== "" } }, { status: 400 });
  const { stars, text, name, consent } = review.data;
  submitReview(store, link.review.id, { stars, text, displayName: name, consent });
  return redirect(new URL(request.url).pathname, 303);
}

export default function CustomerReview({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Errors = actionData?.errors ?? {};
  const values = actionData?.values;
  if (loaderData.state === "unknown" || loaderData.state === "expired") {
    const [title, text] = closedWords(loaderData.state, loaderData.linkDays);
    return <ClosedLink title={title} text={text} />;
  }
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
      <form method="post" noValidate className="card space-y-5">
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
          <input type="checkbox" name="consent" defaultChecked={values?.consent} className="mt-1 size-5" />
          <span>You may show my review, with my name as above and my town, on your website.</span>
        </label>
        <button type="submit" className="btn-primary">
          Send my review
        </button>
      </form>
    </section>
  );
}
