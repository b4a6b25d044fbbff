/**
 * The form of a short page of business facts: posted to the page itself with the draft revision
 * it was made from, its fields named as the facts form reads them (app/lib/site/facts-form.ts),
 * each showing what was typed and its message after a refused save. Save draft sits in the
 * page's sticky bar, tied to the form by its id.
 */
import type { ReactNode } from "react";
import { Field } from "~/components/forms/Field.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";

/** The id Save draft names. */
export const FACTS_FORM = "facts";

export function FactsForm({ revision, label, children }: { revision: number; label: string; children: ReactNode }) {
  return (
    <PostForm id={FACTS_FORM} noValidate aria-label={label} className="space-y-6">
      <input type="hidden" name="from" value={revision} />
      {children}
    </PostForm>
  );
}

type FieldOptions = { type?: string; hint?: string; autoComplete?: string; inputMode?: "numeric" | "text" };

/** A field of the facts, filled with what the draft holds or what was just typed. */
export function factField(values: Record<string, string>, errors: Record<string, string>) {
  return function field(name: string, label: string, options: FieldOptions = {}) {
    return <Field key={name} form="site" name={name} label={label} {...options} defaultValue={values[name]} error={errors[name]} />;
  };
}

/** The values and messages a page shows: after a refused save, those of the answer. */
export function factsShown(loaderData: { values: Record<string, string> }, actionData?: { values?: Record<string, string>; errors?: Record<string, string> }) {
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  return { values, errors, field: factField(values, errors) };
}
