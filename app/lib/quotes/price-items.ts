/**
 * The owner's price list as typed and as a quote's line (decision "price list"): a saved line is
 * a description, a unit ("per m²", "each", "per metre"; optional) and a unit price. A quote's
 * line has no unit of its own, so a line from the list carries its unit in its description, in
 * brackets at the end ("Re-felt flat roof (per m²)"): the PDF, the e-mail and the customer's page
 * show it as they show any description. A line saved back to the list is read the same way.
 */
import * as z from "zod/mini";
import { parsePence, penceAsText } from "./money.ts";
import { NEW_LINE, type TypedLine } from "./lines.ts";
import { list, text } from "../forms/parse-form.ts";

/** A saved line's limits: with its unit in brackets it still fits a quote's line. */
export const ITEM_DESCRIPTION_MAX = 160;
export const ITEM_UNIT_MAX = 30;
/** The most lines the list keeps: far more than a roofer quotes, few enough for one page. */
export const MAX_PRICE_ITEMS = 200;

export interface PriceItem {
  id: number;
  description: string;
  /** "per m²", "each"; "" when none. */
  unit: string;
  unitPence: number;
}

/** A saved line as a quote's line: its unit in brackets after the description, its price, quantity 1. */
export function lineOfItem(item: Pick<PriceItem, "description" | "unit" | "unitPence">): TypedLine {
  return { ...NEW_LINE, description: item.unit ? `${item.description} (${item.unit})` : item.description, unitPrice: penceAsText(item.unitPence) };
}

/** A quote line's description read back as a saved line's description and unit. */
export function itemOfDescription(description: string): { description: string; unit: string } {
  const bracketed = /^(.+?)\s*\(([^()]{1,30})\)$/.exec(description.trim());
  return bracketed ? { description: bracketed[1]!, unit: bracketed[2]!.trim() } : { description: description.trim(), unit: "" };
}

/** "£45.00 per m²", "£120.00" */
export function itemPrice(item: Pick<PriceItem, "unit" | "unitPence">): string {
  return `£${penceAsText(item.unitPence)}${item.unit ? ` ${item.unit}` : ""}`;
}

/** One line on one row: the description folded (a quote's description may run to several lines on the page, never here). */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

type Context = Parameters<Parameters<typeof z.transform>[0]>[1];
type Typed = { description: string; unit: string; unitPrice: string };

/** A saved line as typed, checked: the line, or a message at each wrong field and z.NEVER. */
function checked(form: Typed, context: Context): PriceItemInput {
  const description = oneLine(form.description);
  const unit = oneLine(form.unit).replace(/[()]/g, "");
  const unitPence = parsePence(form.unitPrice);
  const wrong = (field: string, message: string) => context.issues.push({ code: "custom", path: [field], message, input: form });
  if (!description) wrong("description", "Say what this line is for, as the quote should say it.");
  else if (description.length > ITEM_DESCRIPTION_MAX) wrong("description", `At most ${ITEM_DESCRIPTION_MAX} characters.`);
  if (unit.length > ITEM_UNIT_MAX) wrong("unit", `At most ${ITEM_UNIT_MAX} characters, such as “per m²” or “each”.`);
  if (unitPence === undefined) wrong("unitPrice", "An amount in pounds, such as 45 or 12.50.");
  else if (unitPence === 0) wrong("unitPrice", "The price must be more than £0.00.");
  if (!description || description.length > ITEM_DESCRIPTION_MAX || unit.length > ITEM_UNIT_MAX || !unitPence) return z.NEVER;
  return { description, unit, unitPence };
}

export interface PriceItemInput {
  description: string;
  unit: string;
  unitPence: number;
}

const ITEM_FORM = { description: text(), unit: text(), unitPrice: text() };

/** Add to price list: a message at each wrong field. */
export const priceItemSchema = z.pipe(z.object(ITEM_FORM), z.transform(checked));

/** A saved line changed: which one (`item`), then as added. */
export const priceItemChangeSchema = z.pipe(
  z.object({ ...ITEM_FORM, item: text() }),
  z.transform((form, context) => {
    const id = /^\d{1,9}$/.test(form.item) ? Number(form.item) : 0;
    if (!id) context.issues.push({ code: "custom", path: ["item"], message: "No such line on your price list.", input: form.item });
    const item = checked(form, context);
    return id ? { id, ...item } : z.NEVER;
  }),
);

/**
 * A quote draft's line `index` saved to the list (the whole draft is posted, its lines' fields
 * repeated in page order): its description, with its unit read from the brackets if any, and its
 * unit price.
 */
export function fromLineSchema(index: number) {
  return z.pipe(
    z.object({ description: list(), unitPrice: list() }),
    z.transform((form, context) => checked({ ...itemOfDescription(form.description[index] ?? ""), unitPrice: form.unitPrice[index] ?? "" }, context)),
  );
}

/** The intent of a draft's Add from price list button, saved line `id`. */
export const fromPriceListIntent = (id: number) => `price-item-${id}`;

/** The address a draft's Save line N to your price list posts to. */
export const fromLineAddress = (quote: number, index: number) => `/admin/price-list?quote=${quote}&line=${index}`;
