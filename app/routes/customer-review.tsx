/**
 * The customer's review at /review/{token}: no sign-in, the link is the key, used once. Stars as a
 * real radio group, the words, the name to show (first name and initial) and consent to publish.
 * Rendered per request, never cached or indexed; a plain form that works without JavaScript. A
 * link that is unknown or expired says so and gives the phone number, revealing nothing else.
 */
import { data, redirect } from "react-router";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { leadStore } from "~/lib/leads.server.ts";
import { checkReviewLink, submitReview } from "~/lib/owner/reviews.server.ts";
import { telHref, useBusiness } from "~/lib/site-data.ts";
import { site } from "~/content/index.ts";
import type { Route } from "./+types/customer-review";

// The link is the key, like a quote's: the server answers it with `Referrer-Policy: no-referrer`.
export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = () => [{ title: `Your review | ${site.name}` }, { name: "robots", content: "noindex, nofollow" }];

const NAME = /^[A-Z][a-z]+ [A-Z]\.$/;
const TEXT_MIN = 20;
const TEXT_MAX = 500;

export function loader({ params }: Route.LoaderArgs) {
  const link = checkReviewLink(leadStore(), params.token);
  if (link.state === "closed") return data({ state: "closed" as const, displayName: "" }, { status: 404 });
  if (link.state === "done") return { state: "done" as const, displayName: link.review.displayName ?? "" };
  return { state: "open" as const, displayName: link.displayName };
}

type Errors = Partial<Record<"stars" | "text" | "name", string>>;

export async function action({ params, request }: Route.ActionArgs) {
  const store = leadStore();
  const link = checkReviewLink(store, params.token);
  if (link.state !== "open") return redirect(new URL(request.url).pathname, 303);
  const form = await readForm(request);
  const stars = Number(form.get("stars"));
  const text = String(form.get("text") ?? "").trim();
  const name = String(form.get("name") ?? "").trim();
  const errors: Errors = {};
  if (!Number.isInteger(stars) || stars < 1 || stars > 5) errors.stars = "Choose from 1 to 5 stars.";
  if (text.length < TEXT_MIN) errors.text = `Write at least ${TEXT_MIN} characters.`;
  if (text.length > TEXT_MAX) errors.text = `At most ${TEXT_MAX} characters.`;
  if (!NAME.test(name)) errors.name = "Your first name and the initial of your last, e.g. Sarah M.";
  if (Object.keys(errors).length) {
    return data({ errors, values: { stars: String(form.get("stars") ?? ""), text, name, consent: Boolean(form.get("consent")) } }, { status: 400 });
  }
  submitReview(store, link.review.id, { stars, text, displayName: name, consent: Boolean(form.get("consent")) });
  return redirect(new URL(request.url).pathname, 303);
}

export default function CustomerReview({ loaderData, actionData }: Route.ComponentProps) {
  const business = useBusiness();
  const errors: Errors = actionData?.errors ?? {};
  const values = actionData?.values;
  if (loaderData.state === "closed") {
    return (
      <section className="container-page max-w-2xl space-y-4 py-10">
        <h1 className="text-3xl">This review link does not work</h1>
        <p>It may have expired, or been mistyped. To tell us how we did, call us.</p>
        <a href={telHref(business)} className="btn-primary">
          Call {business.phone.display}
        </a>
      </section>
    );
  }
  if (loaderData.state === "done") {
    return (
      <section className="container-page max-w-2xl space-y-4 py-10">
        <h1 className="text-3xl">Thank you for your review</h1>
        <p>We have it{loaderData.displayName ? `, ${loaderData.displayName}` : ""}. Thank you for taking the time.</p>
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
        <TextArea form="review" name="text" label="Your review *" rows={6} required maxLength={TEXT_MAX} defaultValue={values?.text} error={errors.text} />
        <Field
          form="review"
          name="name"
          label="Your name as shown *"
          hint="Your first name and the initial of your last, e.g. Sarah M."
          required
          maxLength={40}
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
