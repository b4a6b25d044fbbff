/**
 * The owner's quote form: what it posts, read into a draft with a message per wrong field. The
 * lines are the shared priced lines (./lines.ts), which an invoice's draft posts too.
 */
import * as z from "zod/mini";
import type { Business } from "../../content/index.ts";
import { addDays } from "../time/uk-time.ts";
import type { FieldErrors } from "../forms/fields.ts";
import { draftLines, lineFields, typedLines, type TypedLine } from "./lines.ts";
import { penceAsText, quantityAsText, type QuoteLine } from "./money.ts";
import { formObject, list, text } from "../forms/parse-form.ts";

export const QUOTE_NOTES_MAX = 2000;
/** The furthest ahead a quote may be valid. */
export const MAX_VALID_DAYS = 365;

/** The business facts' guarantee lines a quote may carry, by their key in the facts. */
export const GUARANTEE_KEYS = ["workmanshipGuarantee", "newRoofGuarantee", "epdmGuarantee", "gutteringWarranty", "qualityGuarantee", "insured"] as const;
export type GuaranteeKey = (typeof GUARANTEE_KEYS)[number];

export function guaranteeOptions(business: Pick<Business, "claims">): { key: GuaranteeKey; text: string }[] {
  return GUARANTEE_KEYS.map((key) => ({ key, text: business.claims[key] }));
}

/** The form as typed, so that a refused form comes back with everything still in it. */
export interface DraftValues {
  lines: TypedLine[];
  vat: boolean;
  validUntil: string;
  notes: string;
  guarantees: string[];
}

/** A saved quote as its form shows it: its lines as typed, its guarantees by their key in the facts. */
export function draftValuesOf(quote: { lines: readonly QuoteLine[]; vat: boolean; validUntil: string; notes: string; guarantees: readonly string[] }, business: Pick<Business, "claims">): DraftValues {
  const guarantees = guaranteeOptions(business).filter((option) => quote.guarantees.includes(option.text)).map((option) => option.key);
  return {
    lines: quote.lines.map((line) => ({ description: line.description, quantity: quantityAsText(line.quantity), unitPrice: penceAsText(line.unitPence) })),
    vat: quote.vat,
    validUntil: quote.validUntil,
    notes: quote.notes,
    guarantees,
  };
}

/** A message at each wrong field: `lines-{i}-description` (and quantity, unitPrice), validUntil, notes. */
export type DraftErrors = FieldErrors<string>;

/** The form as typed: the lines' repeated fields side by side, in page order, each trimmed. */
function typedDraft(options: { vatAllowed: boolean }) {
  return z.pipe(
    z.object({ ...lineFields, vat: text(), validUntil: text(z.trim()), notes: text(z.trim()), guarantee: list() }),
    z.transform((form): DraftValues => ({
      lines: typedLines(form),
      vat: options.vatAllowed && form.vat === "on",
      validUntil: form.validUntil,
      notes: form.notes,
      guarantees: form.guarantee.filter((key) => (GUARANTEE_KEYS as readonly string[]).includes(key)),
    })),
  );
}

export function readDraftValues(form: FormData, options: { vatAllowed: boolean }): DraftValues {
  return typedDraft(options).parse(formObject(form));
}

/** The quote form's schema; `today` is the UK date the quote is written on. */
export function draftSchema(options: { today: string; vatAllowed: boolean }) {
  const latest = addDays(options.today, MAX_VALID_DAYS);
  return z.pipe(
    typedDraft(options),
    z.object({
      lines: draftLines,
      vat: z.boolean(),
      validUntil: z.string().check(
        z.regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the last day the quote can be accepted."),
        z.refine((value) => !Number.isNaN(Date.parse(value)), "Choose the last day the quote can be accepted."),
        z.refine((value) => value >= options.today, "The date has passed: choose today or later."),
        z.refine((value) => value <= latest, `Choose a date within ${MAX_VALID_DAYS} days.`),
      ),
      notes: z.string().check(z.maxLength(QUOTE_NOTES_MAX, `Notes can be at most ${QUOTE_NOTES_MAX} characters.`)),
      guarantees: z.array(z.string()),
    }),
  );
}
