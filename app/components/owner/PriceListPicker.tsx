/**
 * A quote draft's price list (lib/quotes/price-items.ts): Add from price list, a fold of the
 * owner's saved lines, each a button that fills the draft's last line when it is still empty,
 * else a new one, with its description, unit and price, leaving the quantity to type. With a
 * script it fills in place and a search field narrows the list (enhance/line-editor.ts); without,
 * the button posts the draft and the page comes back at that line. And each line's Save line N to
 * your price list.
 */
import { fromLineAddress, fromPriceListIntent, itemPrice, lineOfItem, type PriceItem } from "~/lib/quotes/price-items.ts";
import type { TypedLine } from "~/lib/quotes/lines.ts";

const PRICE_LIST = "/admin/price-list";

/** The line number (from 1) an item lands on: the last line while it is empty, else a new one. */
function landsOn(lines: TypedLine[]): number {
  const last = lines.at(-1);
  if (!last) return 1;
  return !last.description && !last.unitPrice ? lines.length : lines.length + 1;
}

export function PriceListPicker({ items, lines }: { items: PriceItem[]; lines: TypedLine[] }) {
  const target = `#line-${landsOn(lines)}`;
  return (
    <details className="rounded-lg border border-slate-300" data-price-picker>
      <summary className="flex min-h-11 cursor-pointer items-center px-3 py-2 font-semibold">{`Add from price list (${items.length})`}</summary>
      <div className="space-y-3 px-3 pb-3">
        {items.length === 0 ? (
          <p>
            Your price list is empty.{" "}
            <a href={PRICE_LIST} className="link">
              Add the lines you quote often
            </a>
            , or save a line of this quote to it.
          </p>
        ) : (
          <>
            <div data-price-search hidden>
              <label htmlFor="price-search" className="field-label">
                Search your price list
              </label>
              <input id="price-search" type="search" className="field" autoComplete="off" enterKeyHint="search" />
            </div>
            <ul className="space-y-2">
              {items.map((item) => {
                const line = lineOfItem(item);
                return (
                  <li key={item.id} data-price-row>
                    <button
                      type="submit"
                      name="intent"
                      value={fromPriceListIntent(item.id)}
                      formAction={target}
                      formNoValidate
                      className="btn-secondary flex w-full flex-wrap justify-between gap-x-3 text-left"
                      data-price-item
                      data-description={line.description}
                      data-price={line.unitPrice}
                    >
                      <span className="min-w-0 break-words">{item.description}</span>
                      <span className="tabular-nums">{itemPrice(item)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <p data-price-none className="text-muted" hidden>
              Nothing on your price list matches.
            </p>
            <p>
              <a href={PRICE_LIST} className="link">
                Change your price list
              </a>
            </p>
          </>
        )}
      </div>
    </details>
  );
}

/** Save line N to your price list: its description, unit (in brackets) and price, as typed. */
export function SaveLineToPriceList({ quote, index }: { quote: number; index: number }) {
  return (
    <>
      <button type="submit" name="intent" value="from-line" formAction={fromLineAddress(quote, index)} formNoValidate className="btn-secondary" data-save-line>
        {`Save line ${index + 1} to your price list`}
      </button>
      <span role="status" className="self-center text-sm font-semibold text-ok" data-save-line-said />
    </>
  );
}
