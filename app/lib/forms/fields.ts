/** Reading a form's fields and turning a zod error into one message per field. */
import type { core } from "zod/mini";

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Every field as a string: a missing field is "", a file or repeated field cannot sneak in. */
export function formValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = form.get(name);
    out[name] = typeof value === "string" ? value : "";
  }
  return out;
}

/** Every text field as it was typed, to show again after a refused save (files left out). */
export function typedValues(form: FormData): Record<string, string> {
  return Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/**
 * The schema's problems as one message at each of an owner's form fields, the way every owner form
 * reports them: `fieldOf` names the field an issue's path belongs to, `say` may put an issue in the
 * form's own words; the first message of a field stands, beginning with a capital.
 */
export function fieldErrors<K extends string>(
  issues: readonly core.$ZodIssue[],
  fieldOf: (path: readonly PropertyKey[]) => K,
  say: (field: K, issue: core.$ZodIssue) => string = (_, issue) => issue.message,
): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (out[field] !== undefined) continue;
    const message = say(field, issue);
    out[field] = message.charAt(0).toUpperCase() + message.slice(1);
  }
  return out;
}

/** The first message for each field, in the order the schema checks them: the field is the path's first step (a problem of the whole form, with none, is left out). */
export function firstErrors<K extends string>(error: core.$ZodError): FieldErrors<K> {
  return fieldErrors(
    error.issues.filter((issue) => issue.path.length > 0),
    ([first]) => first as K,
  );
}
