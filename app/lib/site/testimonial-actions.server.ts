/**
 * The testimonials' save (`testimonials.save`, decision 28): the page's one form adds one, changes
 * and removes the others, each checked by the content schema, into the draft.
 */
import * as z from "zod/mini";
import { contentFiles } from "../../content/index.ts";
import { testimonialSchema } from "../../content/schema.ts";
import { answer, defineAction, done } from "../actions/define.ts";
import { typedValues } from "../forms/fields.ts";
import { textOf } from "../forms/parse-form.ts";
import { saveCheckedDraft } from "./draft.server.ts";
import { withList } from "./edits.ts";
import { currentDraft } from "./versions.server.ts";

/** What the page shows again after a refused save: the messages at their fields, and what was typed. */
export interface TestimonialsAnswer {
  error: string;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

/**
 * The testimonials as posted, each by its fields' prefix (`t-new`, `t-0`, …) so that a problem is
 * shown at its field: a new one first (the home page shows the first three), the removed ones left
 * out, each checked by the content schema, which gives the name as the card will show it. The
 * prefixes keep the order they are added in: no key is a bare number, which an object sorts first.
 */
const testimonialsForm = z.pipe(
  z.transform((form: Record<string, unknown>) => {
    const get = (name: string) => textOf(form[name]).trim();
    // Stars and month are a customer's review's own (5 and none for one the owner types in).
    const row = (key: string) => {
      const month = get(`t-${key}-month`);
      return { name: get(`t-${key}-name`), location: get(`t-${key}-location`), rating: Number(get(`t-${key}-rating`) || 5), text: get(`t-${key}-text`), ...(month ? { reviewMonth: month } : {}) };
    };
    const rows: Record<string, ReturnType<typeof row>> = {};
    const fresh = row("new");
    if (fresh.name || fresh.text) rows["t-new"] = fresh;
    for (let i = 0; i < Number(get("count")) && i < 50; i++) if (!form[`t-${i}-remove`]) rows[`t-${i}`] = row(String(i));
    return rows;
  }),
  z.record(z.string(), testimonialSchema),
);

export const testimonialsSave = defineAction({
  name: "testimonials.save",
  schema: testimonialsForm,
  refused: (errors, form): TestimonialsAnswer => ({ error: "Some testimonials need correcting: see the messages beside them. Nothing was saved.", errors, values: typedValues(form) }),
  apply: (rows, { store, form, actor }) => {
    const values = typedValues(form);
    const list = Object.values(rows).map(({ name, location, rating, text, reviewMonth }) => ({ name, location, rating, text, ...(reviewMonth ? { reviewMonth } : {}) }));
    if (list.length === 0) return answer({ error: "Keep at least one testimonial: the home page shows them.", errors: {}, values } satisfies TestimonialsAnswer);
    const edits = withList(contentFiles, currentDraft(store).edits, "testimonials", list);
    const saved = saveCheckedDraft(store, edits, { from: Number(form.get("from")), author: actor });
    if (!saved.ok) return answer({ error: saved.error, errors: {}, values } satisfies TestimonialsAnswer, saved.status);
    return done("/admin/site/testimonials?saved");
  },
});
