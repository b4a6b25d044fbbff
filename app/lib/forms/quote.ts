/**
 * The quote form on the home page and on every town, region and service page (decision 16). The
 * browser checks only that required fields are filled (spec §5); the server applies the same
 * limits as the contact form so nothing oversized is ever stored.
 */
import * as z from "zod/mini";
import { visitorFields } from "./contact.ts";
import { firstErrors, formValues, type FieldErrors } from "./fields.ts";
import { oneLineField } from "./plain-text.ts";

/** The fragment a stored quote request is redirected to; the thank-you notice is its target. */
export const QUOTE_SENT_ID = "quote-sent";

export const QUOTE_FIELDS = ["name", "email", "phone", "address", "message"] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

export const quoteSchema = z.object({
  name: visitorFields.name("Please enter your name"),
  email: visitorFields.email("Please enter a valid email address"),
  phone: visitorFields.phone(1, "Please enter your phone number"),
  address: z.string().check(oneLineField(), z.trim(), z.maxLength(200, "Address must be less than 200 characters")),
  message: visitorFields.message(1, "Please describe your project", "Project description must be less than 1000 characters"),
});
export type QuoteRequest = z.infer<typeof quoteSchema>;

export type QuoteResult =
  | { ok: true; data: QuoteRequest }
  | { ok: false; errors: FieldErrors<QuoteField>; values: Record<QuoteField, string> };

/** The form's fields with a message: the text fields and the photos. */
export type QuoteErrorField = QuoteField | "photos";

/** What the quote action answers when it does not redirect: the form is shown again with this. */
export type QuoteActionData =
  | { status: "invalid"; errors: FieldErrors<QuoteErrorField>; values: Record<QuoteField, string> }
  | { status: "error"; values: Record<QuoteField, string> };

export function parseQuote(form: FormData): QuoteResult {
  const values = formValues(form, QUOTE_FIELDS);
  const result = quoteSchema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: firstErrors(result.error), values };
}
