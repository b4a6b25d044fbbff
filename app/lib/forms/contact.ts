/**
 * The contact page's form: its rules and messages (spec §5), used by the browser as the visitor
 * submits and by the server action, so the two can never disagree.
 */
// zod/mini: the same checks in a fraction of the bytes, as this schema also runs in the browser.
import * as z from "zod/mini";
import { firstErrors, formValues, type FieldErrors } from "./fields.ts";
import { linesField, oneLineField } from "./plain-text.ts";

export const CONTACT_FIELDS = ["name", "email", "phone", "postcode", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * The fields the contact form and the quote form share, trimmed and held to the same limits; each
 * form says in its own words what is missing or mistyped. A field's first failed check is its message.
 */
export const visitorFields = {
  name: (missing: string) => z.string().check(oneLineField(), z.trim(), z.minLength(1, missing), z.maxLength(100, "Name must be less than 100 characters")),
  email: (invalid: string) => z.string().check(oneLineField(), z.trim(), z.email(invalid), z.maxLength(255, "Email must be less than 255 characters")),
  phone: (fewest: number, tooShort: string) =>
    z.string().check(
      oneLineField(),
      z.trim(),
      z.minLength(fewest, tooShort),
      z.maxLength(20, "Phone number must be less than 20 characters"),
      z.regex(/^[0-9\s\-+()]+$/, "Invalid phone number format"),
    ),
  message: (fewest: number, tooShort: string, tooLong: string) => z.string().check(linesField(), z.trim(), z.minLength(fewest, tooShort), z.maxLength(1000, tooLong)),
};

export const contactSchema = z.object({
  name: visitorFields.name("Name is required"),
  email: visitorFields.email("Invalid email address"),
  phone: visitorFields.phone(10, "Phone number must be at least 10 digits"),
  postcode: z.string().check(oneLineField(), z.trim(), z.minLength(1, "Postcode is required"), z.maxLength(10, "Postcode must be less than 10 characters")),
  message: visitorFields.message(10, "Message must be at least 10 characters", "Message must be less than 1000 characters"),
});
export type ContactRequest = z.infer<typeof contactSchema>;

export type ContactResult =
  | { ok: true; data: ContactRequest }
  | { ok: false; errors: FieldErrors<ContactField>; values: Record<ContactField, string> };

/** What the contact page's action answers, and the form shows again (no JavaScript). */
export type ContactActionData =
  | { status: "invalid"; errors: FieldErrors<ContactField>; values: Record<ContactField, string> }
  /** Stored; without JavaScript the page then sends the visitor on to the chat link. */
  | { status: "sent"; chatLink?: string; reference?: string };

export function parseContact(form: FormData): ContactResult {
  const values = formValues(form, CONTACT_FIELDS);
  const result = contactSchema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: firstErrors(result.error), values };
}

/** The chat-app link of spec §7: a new chat with the business, the request already typed. */
export function buildChatLink(chatNumber: string, request: ContactRequest): string {
  const text = [
    "New Contact Request",
    `Name: ${request.name}`,
    `Email: ${request.email}`,
    `Phone: ${request.phone}`,
    `Postcode: ${request.postcode}`,
    `Message: ${request.message}`,
  ].join("\n");
  return chatLink(chatNumber, text);
}

/** A chat-app link that opens a chat with `number` (international, digits only) with `text` typed. */
export function chatLink(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
