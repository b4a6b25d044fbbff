/**
 * The price list's actions (decision 28), all posted to its page (/admin/price-list): a line
 * added, changed or removed there, and a quote draft's line saved to it (`price-item.from-line`,
 * "Save this line to your price list" on the quote's page, whose script posts it without leaving
 * the quote).
 */
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo } from "../actions/define.ts";
import { formValues, type FieldErrors } from "../forms/fields.ts";
import { text } from "../forms/parse-form.ts";
import { fromLineSchema, MAX_PRICE_ITEMS, priceItemChangeSchema, priceItemSchema } from "./price-items.ts";
import { addPriceItem, priceItemLike, removePriceItem, savePriceItem } from "./price-list.server.ts";

export const PRICE_LIST_PAGE = "/admin/price-list";
const ITEM_FIELDS = ["item", "description", "unit", "unitPrice"] as const;

/** What the page shows again of a refused form: which form, what was typed and the messages. */
export interface PriceListAnswer {
  form: "add" | "save" | "from-line";
  item?: string;
  values?: Record<string, string>;
  errors?: FieldErrors<string>;
  error?: string;
}

const refusedAs =
  (form: PriceListAnswer["form"]) =>
  (errors: FieldErrors<string>, posted: FormData): PriceListAnswer => ({ form, item: String(posted.get("item") ?? ""), values: formValues(posted, ITEM_FIELDS), errors, error: "Nothing was saved: see the message below." });

/** A whole number the address carries (`?line=2`), if any. */
function numberIn(url: URL, name: string): number | undefined {
  const value = url.searchParams.get(name) ?? "";
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

const FULL = `Your price list holds at most ${MAX_PRICE_ITEMS} lines: remove one you no longer use first.`;
const itemAnchor = (id: number) => `${PRICE_LIST_PAGE}#item-${id}`;

export const priceItemAdd = defineAction({
  name: "price-item.add",
  intent: "add",
  schema: priceItemSchema,
  refused: refusedAs("add"),
  done: "added",
  apply: (item, { store, actor, now, form }) => {
    const result = addPriceItem(store, item, { actor, now });
    if ("added" in result) return done(itemAnchor(result.added.id));
    if (result.refused === "full") return answer({ form: "add", values: formValues(form, ITEM_FIELDS), error: FULL } satisfies PriceListAnswer, 409);
    return answer({ form: "add", values: formValues(form, ITEM_FIELDS), errors: { description: "This line is on your price list already: change its price below." }, error: "Nothing was saved: see the message below." } satisfies PriceListAnswer, 409);
  },
});

export const priceItemSave = defineAction({
  name: "price-item.save",
  intent: "save",
  schema: priceItemChangeSchema,
  refused: refusedAs("save"),
  done: "saved",
  apply: ({ id, ...item }, { store, actor, now, form }) => {
    const same = priceItemLike(store, item);
    if (same && same.id !== id) return answer({ form: "save", item: String(id), values: formValues(form, ITEM_FIELDS), errors: { description: "Another line on your price list says this already." }, error: "Nothing was saved: see the message below." } satisfies PriceListAnswer, 409);
    return savePriceItem(store, id, item, { actor, now }) ? done(itemAnchor(id)) : answer({ form: "save", error: "That line is no longer on your price list." } satisfies PriceListAnswer, 409);
  },
});

export const priceItemRemove = defineAction({
  name: "price-item.remove",
  intent: "remove",
  schema: z.object({ item: text(z.regex(/^\d{1,9}$/, "No such line on your price list.")) }),
  done: "removed",
  // Gone already (a second tap, another phone): nothing to do, and the list shows it gone.
  apply: ({ item }, { store, actor, now }) => (removePriceItem(store, Number(item), { actor, now }) ? done(PRICE_LIST_PAGE) : redirectTo(PRICE_LIST_PAGE)),
});

/**
 * A quote draft's line saved to the list, as typed. The same description and unit there already
 * takes the new price (saving a line twice never makes two). Without a script the owner lands on
 * the list at that line, to add its unit, with the way back to the quote.
 */
export const priceItemFromLine = defineAction({
  name: "price-item.from-line",
  intent: "from-line",
  schema: ({ url }) => fromLineSchema(numberIn(url, "line") ?? 0),
  refused: (errors): PriceListAnswer => ({ form: "from-line", errors, error: `That line could not be saved to your price list: ${Object.values(errors).join(" ")}` }),
  done: "from-line",
  apply: (item, { store, actor, now, url }) => {
    const quote = numberIn(url, "quote");
    const back = quote ? `?quote=${quote}` : "";
    const same = priceItemLike(store, item);
    if (same) {
      savePriceItem(store, same.id, item, { actor, now });
      return done(`${PRICE_LIST_PAGE}${back}#item-${same.id}`);
    }
    const result = addPriceItem(store, item, { actor, now });
    if ("added" in result) return done(`${PRICE_LIST_PAGE}${back}#item-${result.added.id}`);
    return answer({ form: "from-line", error: FULL } satisfies PriceListAnswer, 409);
  },
});

export const PRICE_LIST_ACTIONS = [priceItemAdd, priceItemSave, priceItemRemove, priceItemFromLine];
