/**
 * The owner's price list, kept in `price_items` (migration 0022): read in order of description,
 * added to, changed and removed, each change audited as the owner's own (no request's). And what
 * the quote's Add from price list button leaves of a draft's typed lines without a script.
 */
import { asRow, type Db } from "../db/connection.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { lineButton, type TypedLine } from "./lines.ts";
import { itemPrice, lineOfItem, MAX_PRICE_ITEMS, type PriceItem, type PriceItemInput } from "./price-items.ts";

const COLUMNS = "id, description, unit, unit_pence AS unitPence";

export function priceItems(store: Db): PriceItem[] {
  return store.db
    .prepare(`SELECT ${COLUMNS} FROM price_items ORDER BY description COLLATE NOCASE, unit, id`)
    .all()
    .map((row) => asRow<PriceItem>(row));
}

export function priceItemById(store: Db, id: number): PriceItem | undefined {
  const row = store.db.prepare(`SELECT ${COLUMNS} FROM price_items WHERE id = ?`).get(id);
  return row ? asRow<PriceItem>(row) : undefined;
}

/** The saved line with this description and unit (case aside), if there is one. */
export function priceItemLike(store: Db, item: Pick<PriceItemInput, "description" | "unit">): PriceItem | undefined {
  const row = store.db.prepare(`SELECT ${COLUMNS} FROM price_items WHERE description = ? COLLATE NOCASE AND unit = ? COLLATE NOCASE`).get(item.description, item.unit);
  return row ? asRow<PriceItem>(row) : undefined;
}

interface Who {
  actor: string;
  now?: Date;
}

export type AddResult = { added: PriceItem } | { refused: "full" | "twice"; existing?: PriceItem };

/** Adds a line; refused when the list is full, or has this description and unit already. */
export function addPriceItem(store: Db, item: PriceItemInput, { actor, now = new Date() }: Who): AddResult {
  return store.inTransaction(() => {
    const existing = priceItemLike(store, item);
    if (existing) return { refused: "twice", existing };
    const { count } = store.db.prepare("SELECT count(*) AS count FROM price_items").get() as { count: number };
    if (count >= MAX_PRICE_ITEMS) return { refused: "full" };
    const at = now.toISOString();
    const added = asRow<PriceItem>(
      store.db
        .prepare(`INSERT INTO price_items (description, unit, unit_pence, created_at, changed_at) VALUES (?, ?, ?, ?, ?) RETURNING ${COLUMNS}`)
        .get(item.description, item.unit, item.unitPence, at, at),
    );
    recordAudit(store, { actor, action: "Price list line added", detail: `${added.description}: ${itemPrice(added)}`, now });
    return { added };
  });
}

/** Changes a line; false when it is gone. */
export function savePriceItem(store: Db, id: number, item: PriceItemInput, { actor, now = new Date() }: Who): boolean {
  return store.inTransaction(() => {
    const changed = store.db
      .prepare("UPDATE price_items SET description = ?, unit = ?, unit_pence = ?, changed_at = ? WHERE id = ?")
      .run(item.description, item.unit, item.unitPence, now.toISOString(), id).changes;
    if (!Number(changed)) return false;
    recordAudit(store, { actor, action: "Price list line changed", detail: `${item.description}: ${itemPrice(item)}`, now });
    return true;
  });
}

/** Removes a line; false when it was gone already. */
export function removePriceItem(store: Db, id: number, { actor, now = new Date() }: Who): boolean {
  return store.inTransaction(() => {
    const item = priceItemById(store, id);
    if (!item) return false;
    store.db.prepare("DELETE FROM price_items WHERE id = ?").run(id);
    recordAudit(store, { actor, action: "Price list line removed", detail: `${item.description}: ${itemPrice(item)}`, now });
    return true;
  });
}

/**
 * What a draft's line buttons leave of its typed lines: Add a line and Remove line N
 * (`lineButton`), and Add from price list (`price-item-{id}`), which fills the last line when it
 * is still empty, else adds one. Undefined when the intent is none of them.
 */
export function draftLineButton(store: Db, intent: string, lines: TypedLine[], options: { max: number; noun: string }): { lines: TypedLine[] } | { error: string } | undefined {
  const picked = /^price-item-(\d{1,9})$/.exec(intent);
  if (!picked) return lineButton(intent, lines, options);
  const item = priceItemById(store, Number(picked[1]));
  if (!item) return { error: "That line is no longer on your price list." };
  const last = lines.at(-1);
  const lastEmpty = last !== undefined && !last.description && !last.unitPrice;
  if (lastEmpty) return { lines: [...lines.slice(0, -1), { ...lineOfItem(item), quantity: last.quantity || "1" }] };
  if (lines.length >= options.max) return { error: `${options.noun} can have at most ${options.max} lines.` };
  return { lines: [...lines, lineOfItem(item)] };
}
