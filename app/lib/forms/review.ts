/**
 * The customer's review form at /review/{token}: stars, words, the name to show and consent to
 * publish. Its name is checked by the site's one rule for published names (`../names.ts`).
 */
import * as z from "zod/mini";
import { checkName } from "../../content/rules/names.ts";
import { firstErrors, formValues, type FieldErrors } from "./fields.ts";

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 500;

export const REVIEW_FIELDS = ["stars", "text", "name", "consent"] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

export const reviewSchema = z.object({
  stars: z.pipe(z.string().check(z.regex(/^[1-5]$/, "Choose from 1 to 5 stars.")), z.transform(Number)),
  text: z.string().check(
    z.trim(),
    z.minLength(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters.`),
    z.maxLength(REVIEW_TEXT_MAX, `At most ${REVIEW_TEXT_MAX} characters.`),
  ),
  /** As the customer wrote it (NFC, spaces tidied); the site shows it with `displayName`. */
  name: z.pipe(
    z.string(),
    z.transform((value, context) => {
      const checked = checkName(value);
      if (checked.ok) return checked.name;
      context.issues.push({ code: "custom", message: checked.message, input: value });
      return z.NEVER;
    }),
  ),
  consent: z.pipe(z.string(), z.transform((value) => value !== "")),
});
export type ReviewFormAnswer = z.infer<typeof reviewSchema>;

export type ReviewResult =
  | { ok: true; data: ReviewFormAnswer }
  | { ok: false; errors: FieldErrors<ReviewField>; values: Record<ReviewField, string> };

export function parseReview(form: FormData): ReviewResult {
  const values = formValues(form, REVIEW_FIELDS);
  const result = reviewSchema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: firstErrors(result.error), values: { ...values, text: values.text.trim(), name: values.name.trim() } };
}
