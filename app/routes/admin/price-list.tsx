/**
 * The owner's price list (/admin/price-list, under More): the lines he quotes often, each with
 * its description, unit and unit price, to add to a quote in one tap (Add from price list on the
 * quote's page). Lines are added here, or saved from a quote's line; each is changed or removed
 * in its own fold. Its forms are the price list's actions (lib/quotes/price-list-actions.server.ts).
 */
import { CardSection } from "~/components/CardSection.tsx";
import { Field } from "~/components/forms/Field.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { penceAsText } from "~/lib/quotes/money.ts";
import { ITEM_DESCRIPTION_MAX, ITEM_UNIT_MAX, itemPrice, type PriceItem } from "~/lib/quotes/price-items.ts";
import type { PriceListAnswer } from "~/lib/quotes/price-list-actions.server.ts";
import { priceItems } from "~/lib/quotes/price-list.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/price-list";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Price list");

const SAVED: Record<string, string> = {
  added: "Added to your price list.",
  saved: "Line changed.",
  removed: "Line removed from your price list.",
  "from-line": "Saved to your price list. Add its unit below if it has one.",
};

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const quote = url.searchParams.get("quote");
  return {
    items: priceItems(storeOf(context)),
    notice: SAVED[url.searchParams.get("saved") ?? ""],
    quote: quote && /^\d{1,9}$/.test(quote) ? Number(quote) : undefined,
  };
}

export function action(args: Route.ActionArgs) {
  return ownerPost<PriceListAnswer>(args, ["price-item.add", "price-item.save", "price-item.remove", "price-item.from-line"]);
}

const UNITS = ["per m²", "per metre", "each", "per hour", "per day"];

function ItemFields({ form, values, errors }: { form: string; values: Partial<Record<string, string>>; errors?: Partial<Record<string, string>> }) {
  return (
    <>
      <Field form={form} name="description" label="Description" maxLength={ITEM_DESCRIPTION_MAX} defaultValue={values.description ?? ""} error={errors?.description} hint="As the quote should say it." />
      <div className="grid grid-cols-2 gap-3">
        <Field form={form} name="unit" label="Unit (optional)" list="price-units" maxLength={ITEM_UNIT_MAX} defaultValue={values.unit ?? ""} error={errors?.unit} />
        <Field form={form} name="unitPrice" label="Unit price (£)" inputMode="decimal" defaultValue={values.unitPrice ?? ""} error={errors?.unitPrice} />
      </div>
    </>
  );
}

export default function PriceList({ loaderData, actionData }: Route.ComponentProps) {
  const { items, notice, quote } = loaderData;
  const adding = actionData?.form === "add" ? actionData : undefined;
  return (
    <>
      <TopBar title="Price list" back={quote ? { href: `/admin/quotes/${quote}`, label: "Quote" } : MORE_BACK} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <Notices notice={!actionData && notice} error={actionData?.error} />
        <p>The lines you quote often. On a quote, Add from price list fills a line’s description, unit and price in one tap: you type only the quantity.</p>
        {quote && (
          <p>
            <a href={`/admin/quotes/${quote}`} className="link">
              Back to the quote
            </a>
          </p>
        )}
        <datalist id="price-units">
          {UNITS.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
        <CardSection id="lines-heading" title={`Your lines (${items.length})`} className="space-y-3">
          {items.length === 0 ? (
            <p className="text-muted">Nothing yet. Add a line below, or save one from a quote: each of its lines can be saved to your price list.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {items.map((item) => (
                <ItemRow key={item.id} item={item} answer={actionData?.form === "save" && actionData.item === String(item.id) ? actionData : undefined} />
              ))}
            </ul>
          )}
        </CardSection>
        <CardSection id="add-heading" title="Add a line">
          <PostForm className="space-y-3" noValidate>
            <ItemFields form="add" values={adding?.values ?? {}} errors={adding?.errors} />
            <button type="submit" name="intent" value="add" className="btn-primary">
              Add to price list
            </button>
          </PostForm>
        </CardSection>
      </div>
    </>
  );
}

function ItemRow({ item, answer }: { item: PriceItem; answer?: PriceListAnswer }) {
  const values = answer?.values ?? { description: item.description, unit: item.unit, unitPrice: penceAsText(item.unitPence) };
  return (
    <li id={`item-${item.id}`} className="scroll-mt-20">
      <details open={Boolean(answer)} className="py-1">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 py-2">
          <span className="min-w-0 break-words font-semibold">{item.description}</span>
          <span className="shrink-0 tabular-nums">{itemPrice(item)}</span>
        </summary>
        <PostForm className="space-y-3 pb-3" noValidate>
          <input type="hidden" name="item" value={item.id} />
          <ItemFields form={`item-${item.id}`} values={values} errors={answer?.errors} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="save" className="btn-primary">
              Save changes
            </button>
            <button type="submit" name="intent" value="remove" className="btn-secondary" formNoValidate>
              Remove
            </button>
          </div>
        </PostForm>
      </details>
    </li>
  );
}
