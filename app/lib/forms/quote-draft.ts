/**
 * The owner's quote form: what it posts, read into a draft with a message per wrong field. The
 * lines come as repeated fields in page order; a line left wholly empty is dropped, so the owner
 * can add a row and not use it.
 */
import type { Business } from "../../content/index.ts";
import { parsePence, parseQuantity, type QuoteLine } from "../quotes/money.ts";
import { addDays } from "../uk-time.ts";

export const DESCRIPTION_MAX = 200;
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
  lines: { description: string; quantity: string; unitPrice: string }[];
  vat: boolean;
  validUntil: string;
  notes: string;
  guarantees: string[];
}

export interface DraftErrors {
  lines: { description?: string; quantity?: string; unitPrice?: string }[];
  validUntil?: string;
  notes?: string;
  form?: string;
}

export function readDraftValues(form: FormData, options: { vatAllowed: boolean }): DraftValues {
  const texts = (name: string) => form.getAll(name).map((value) => String(value));
  const descriptions = texts("description");
  const quantities = texts("quantity");
  const prices = texts("unitPrice");
  const count = Math.max(descriptions.length, quantities.length, prices.length);
  return {
    lines: Array.from({ length: count }, (_, i) => ({ description: descriptions[i]?.trim() ?? "", quantity: quantities[i]?.trim() ?? "", unitPrice: prices[i]?.trim() ?? "" })),
    vat: options.vatAllowed && form.get("vat") === "on",
    validUntil: String(form.get("validUntil") ?? "").trim(),
    notes: String(form.get("notes") ?? "").trim(),
    guarantees: texts("guarantee").filter((key) => (GUARANTEE_KEYS as readonly string[]).includes(key)),
  };
}

export type ParsedDraft = { ok: true; lines: QuoteLine[]; validUntil: string; notes: string } | { ok: false; errors: DraftErrors };

/** Checks the typed form; `today` is the UK date the quote is written on. */
export function parseDraft(values: DraftValues, today: string): ParsedDraft {
  const errors: DraftErrors = { lines: [] };
  let wrong = false;
  const lines: QuoteLine[] = [];
  values.lines.forEach((line, i) => {
    const lineErrors: DraftErrors["lines"][number] = {};
    errors.lines[i] = lineErrors;
    if (!line.description && !line.quantity && !line.unitPrice) return;
    const quantity = parseQuantity(line.quantity);
    const unitPence = parsePence(line.unitPrice);
    if (!line.description) lineErrors.description = "Say what this line is for.";
    else if (line.description.length > DESCRIPTION_MAX) lineErrors.description = `At most ${DESCRIPTION_MAX} characters.`;
    if (quantity === undefined) lineErrors.quantity = "A number above 0, such as 3 or 2.5.";
    if (unitPence === undefined) lineErrors.unitPrice = "An amount in pounds, such as 450 or 12.50.";
    if (Object.keys(lineErrors).length) wrong = true;
    else lines.push({ description: line.description, quantity: quantity!, unitPence: unitPence! });
  });
  const latest = addDays(today, MAX_VALID_DAYS);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.validUntil) || Number.isNaN(Date.parse(values.validUntil))) {
    errors.validUntil = "Choose the last day the quote can be accepted.";
  } else if (values.validUntil < today) errors.validUntil = "The date has passed: choose today or later.";
  else if (values.validUntil > latest) errors.validUntil = `Choose a date within ${MAX_VALID_DAYS} days.`;
  if (values.notes.length > QUOTE_NOTES_MAX) errors.notes = `Notes can be at most ${QUOTE_NOTES_MAX} characters.`;
  if (wrong || errors.validUntil || errors.notes) return { ok: false, errors };
  return { ok: true, lines, validUntil: values.validUntil, notes: values.notes };
}
