/**
 * The owner's testimonials (/admin/site/testimonials): add, change and remove them, checked by the
 * content schema, saved into the same draft as the business facts, to preview and publish from
 * the page's bar or Your site. Works without JavaScript.
 */
import { draftContent, siteFrame } from "~/lib/site/draft.server.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import type { TestimonialsAnswer } from "~/lib/site/testimonial-actions.server.ts";
import { SitePage } from "~/components/owner/SitePage.tsx";
import { RemoveBox } from "~/components/owner/RemoveBox.tsx";
import { Select, TextArea, Field } from "~/components/forms/Field.tsx";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import { NAME_MAX } from "~/content/rules/names.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import type { Db } from "~/lib/db/connection.server.ts";
import type { Route } from "./+types/site-testimonials";
import { PostForm } from "~/components/forms/PostForm.tsx";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Testimonials");

/** A testimonial as the page shows it; a customer's review keeps its stars and month, in hidden fields. */
type Row = { name: string; location: string; text: string; rating: number; reviewMonth?: string };

/** Under each name: the rule is the review page's, and the card shows the name as written here. */
const NAME_HINT_OWNER = "As the card shows it, e.g. Sarah M., or just a first name";

/** The testimonials as the draft has them (the live ones while there is no draft). */
function draftTestimonials(store: Db): Row[] {
  return draftContent(store).testimonials.map(({ name, location, text, rating, reviewMonth }) => ({ name, location, text, rating, reviewMonth }));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    rows: draftTestimonials(storeOf(context)),
    towns: contentOf(context).areas.map((area) => [area.slug, area.name] as const),
    ...siteFrame(storeOf(context), new URL(request.url)),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<TestimonialsAnswer>(args, ["testimonials.save"]);

export default function Testimonials({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, draft, towns } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const value = (name: string, fallback: string) => actionData?.values?.[name] ?? fallback;
  const townOptions = [["", "Choose the town"] as const, ...towns];
  return (
    <SitePage title="Testimonials" draft={draft} notice={loaderData.notice} error={actionData?.error} form="testimonials" preview="/gallery">
      <PostForm id="testimonials" noValidate aria-label="Testimonials" className="space-y-6">
        <input type="hidden" name="from" value={draft.revision} />
        <input type="hidden" name="count" value={rows.length} />
        <fieldset className="card space-y-4">
          <legend className="float-left mb-2 w-full text-xl font-semibold">Add a testimonial</legend>
          <p className="clear-both text-muted">Only with the customer&apos;s permission. The home page shows the first three.</p>
          <Field form="site" name="t-new-name" label="Name" hint={NAME_HINT_OWNER} maxLength={NAME_MAX} defaultValue={value("t-new-name", "")} error={errors["t-new-name"]} />
          <Select form="site" name="t-new-location" label="Town" options={townOptions} defaultValue={value("t-new-location", "")} error={errors["t-new-location"]} />
          <TextArea form="site" name="t-new-text" label="What they said" rows={4} defaultValue={value("t-new-text", "")} error={errors["t-new-text"]} />
        </fieldset>
        {rows.map((row, i) => (
          <fieldset key={`${row.name}-${i}`} className="card space-y-4">
            <legend className="float-left mb-2 w-full text-xl font-semibold">
              {row.name}, {towns.find(([slug]) => slug === row.location)?.[1]}
            </legend>
            <Field form="site" name={`t-${i}-name`} label="Name" hint={NAME_HINT_OWNER} maxLength={NAME_MAX} defaultValue={value(`t-${i}-name`, row.name)} error={errors[`t-${i}-name`]} />
            <Select form="site" name={`t-${i}-location`} label="Town" options={townOptions} defaultValue={value(`t-${i}-location`, row.location)} error={errors[`t-${i}-location`]} />
            <TextArea form="site" name={`t-${i}-text`} label="What they said" rows={4} defaultValue={value(`t-${i}-text`, row.text)} error={errors[`t-${i}-text`]} />
            <input type="hidden" name={`t-${i}-rating`} value={row.rating} />
            {row.reviewMonth && <input type="hidden" name={`t-${i}-month`} value={row.reviewMonth} />}
            <RemoveBox name={`t-${i}-remove`} values={actionData?.values}>
              Remove this testimonial
            </RemoveBox>
          </fieldset>
        ))}
      </PostForm>
    </SitePage>
  );
}
