/**
 * The priced lines a quote's and an invoice's draft share: posted as repeated fields in page order
 * (description, quantity, unitPrice), read back as typed so a refused form keeps everything, and
 * checked line by line with a message at each wrong field (a unit price of £0.00 among them: a
 * line of nothing is a slip, and an invoice of nothing cannot be sent). A line left wholly empty
 * is dropped, so the owner can add a row and not use it. A description's line breaks are spaces. Add a line and Remove line N are buttons
 * of the form (no script needed); `lineButton` says what they leave.
 */
import * as z from "zod/mini";
import { parsePence, parseQuantity, type QuoteLine } from "./money.ts";
import { list } from "../forms/parse-form.ts";

export const DESCRIPTION_MAX = 200;

/** A line as typed. */
export interface TypedLine {
  description: string;
  quantity: string;
  unitPrice: string;
}

/** The row Add a line puts under the others. */
export const NEW_LINE: TypedLine = { description: "", quantity: "1", unitPrice: "" };

/** The lines' repeated fields, as a form schema's object reads them. */
export const lineFields = { description: list(), quantity: list(), unitPrice: list() };

/** The repeated fields side by side, in page order, each trimmed. */
export function typedLines(form: { description: string[]; quantity: string[]; unitPrice: string[] }): TypedLine[] {
  return Array.from({ length: Math.max(form.description.length, form.quantity.length, form.unitPrice.length) }, (_, i) => ({
    // The description is typed in a text that grows (several lines on a phone); a line break
    // typed in it is a space, so the PDF, the e-mail and the customer's page show it as one.
    description: form.description[i]?.replace(/\s*[\r\n]+\s*/g, " ").trim() ?? "",
    quantity: form.quantity[i]?.trim() ?? "",
    unitPrice: form.unitPrice[i]?.trim() ?? "",
  }));
}

/** A line wholly empty is nothing (undefined); else each of its fields must be right. */
const draftLine = z.pipe(
  z.object({ description: z.string(), quantity: z.string(), unitPrice: z.string() }),
  z.transform((line, context): QuoteLine | undefined => {
    if (!line.description && !line.quantity && !line.unitPrice) return undefined;
    const quantity = parseQuantity(line.quantity);
    const unitPence = parsePence(line.unitPrice);
    const wrong = (field: keyof typeof line, message: string) => context.issues.push({ code: "custom", path: [field], message, input: line[field] });
    if (!line.description) wrong("description", "Say what this line is for.");
    else if (line.description.length > DESCRIPTION_MAX) wrong("description", `At most ${DESCRIPTION_MAX} characters.`);
    if (quantity === undefined) wrong("quantity", "A number above 0, such as 3 or 2.5.");
    if (unitPence === undefined) wrong("unitPrice", "An amount in pounds, such as 450 or 12.50.");
    else if (unitPence === 0) wrong("unitPrice", "The price must be more than £0.00.");
    return quantity === undefined || !unitPence || !line.description || line.description.length > DESCRIPTION_MAX ? z.NEVER : { description: line.description, quantity, unitPence };
  }),
);

/** The typed lines checked: the priced lines, empty ones left out; errors at `lines-{i}-{field}`. */
export const draftLines = z.pipe(z.array(draftLine), z.transform((lines) => lines.filter((line) => line !== undefined)));

/**
 * What Add a line or Remove line N (`intent` "add-line", "remove-line-{i}") leaves of the typed
 * lines, or the message when no more fit; undefined when the intent is neither.
 */
export function lineButton(intent: string, lines: TypedLine[], options: { max: number; noun: string }): { lines: TypedLine[] } | { error: string } | undefined {
  if (intent === "add-line") {
    if (lines.length >= options.max) return { error: `${options.noun} can have at most ${options.max} lines.` };
    return { lines: [...lines, NEW_LINE] };
  }
  const remove = /^remove-line-(\d{1,2})$/.exec(intent);
  if (remove) return { lines: lines.filter((_, i) => i !== Number(remove[1])) };
  return undefined;
}
