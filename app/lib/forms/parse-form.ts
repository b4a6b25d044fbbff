/**
 * One way for every owner form: its zod schema reads the posted form into typed values, or into
 * one message at each field that is wrong (through `fieldErrors`, the one schema-to-field code).
 *
 * The schema sees the form as an object: a field posted once is its string, a field posted more
 * than once the list of its strings, a field not posted is missing; files are left out. `text`,
 * `list`, `recordId` and `revision` read a field the way a form means it; `intents` tells an owner
 * page's forms apart by the button pressed.
 */
import * as z from "zod/mini";
import type { core } from "zod/mini";
import { parseRecordId } from "./record-id.ts";
import { fieldErrors, type FieldErrors } from "./fields.ts";

export type FormResult<T, K extends string = string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

export interface FormOptions<K extends string> {
  /** The field an issue's path belongs to; by default its steps joined by "-" (`lines-0-quantity`). */
  fieldOf?: (path: readonly PropertyKey[]) => K;
  /** The message shown for an issue; by default the schema's own. */
  say?: (field: K, issue: core.$ZodIssue) => string;
}

/** The form as the schema reads it: one string, or the strings of a field posted more than once. */
export function formObject(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const texts = form.getAll(name).filter((value) => typeof value === "string");
    if (texts.length) out[name] = texts.length === 1 ? texts[0]! : texts;
  }
  return out;
}

const joined = (path: readonly PropertyKey[]) => path.map(String).join("-") || "form";

/** Typed values, or a message at each wrong field (the first problem of a field stands). */
export function parseForm<T, K extends string = string>(schema: core.$ZodType<T>, form: FormData, options: FormOptions<K> = {}): FormResult<T, K> {
  const result = z.safeParse(schema, formObject(form));
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: fieldErrors(result.error.issues, options.fieldOf ?? (joined as (path: readonly PropertyKey[]) => K), options.say) };
}

/** A field of `formObject` as one string: "" when not posted, the first value of one posted twice. */
export function textOf(value: unknown): string {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === "string" ? one : "";
}

/** A field as one string (`textOf`), then `checks`. */
export function text(...checks: core.CheckFn<string>[] | core.$ZodCheck<string>[]) {
  return z.pipe(z.transform(textOf), z.string().check(...(checks as core.$ZodCheck<string>[])));
}

/** A field that may be posted any number of times (repeated rows, ticked boxes), as its list. */
export function list() {
  return z.pipe(
    z.transform((value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((one): one is string => typeof one === "string")),
    z.array(z.string()),
  );
}

/** A record's number (`parseRecordId`: 1 to 12 digits); anything else is `message` at the field. */
export function recordId(message = "Not a record") {
  return z.pipe(
    z.transform(textOf),
    z.transform((value, context) => {
      const id = parseRecordId(value);
      if (id !== undefined) return id;
      context.issues.push({ code: "custom", message, input: value });
      return z.NEVER;
    }),
  );
}

/** The revision of the site's draft a form was made from, as a number; a stale one is refused by the save. */
export function revision() {
  return z.pipe(text(), z.transform(Number));
}

/** What an owner page says of a button it does not have (a form from an older page, or forged). */
export const UNKNOWN_BUTTON = "That did not work. Reload the page and try again.";

/**
 * An owner page's forms, told apart by the button pressed (`intent`), each with its own fields;
 * a button the page does not have is `unknown`, at the field `intent`.
 */
export function intents<const Forms extends readonly [core.$ZodTypeDiscriminable, ...core.$ZodTypeDiscriminable[]]>(forms: Forms, unknown = UNKNOWN_BUTTON) {
  return z.discriminatedUnion("intent", forms, { error: unknown });
}
