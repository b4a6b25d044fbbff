/**
 * The priced lines of a quote's or an invoice's draft (lib/quotes/lines.ts): each line a group of
 * description (a text that grows with its words), quantity and unit price with its Remove button,
 * then Add a line; and the totals as typed, which the page's script keeps up to date
 * (enhance/line-totals.ts) and Check totals asks the server for without one. With a script Add a
 * line adds the line in place, focused (enhance/line-editor.ts); without, it posts and the page
 * comes back at the new line (`#line-N`). The form around them carries `data-line-totals`, and
 * starts with the editor: its hidden Save draft is then the form's first button, the one Enter presses.
 */
import type { ReactNode } from "react";
import { CardSection } from "~/components/CardSection.tsx";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { DESCRIPTION_MAX, NEW_LINE, type TypedLine } from "~/lib/quotes/lines.ts";
import { unreadText, type TypedTotals } from "~/lib/quotes/typed-totals.ts";

interface LineEditorProps {
  lines: TypedLine[];
  errors?: Partial<Record<string, string>>;
  /** The most lines the draft takes (Add a line stops there, with a script too). */
  max?: number;
  /** More for line `i` (a quote's Save this line to your price list). */
  lineExtra?: (i: number) => ReactNode;
  /** More under Add a line (a quote's Add from price list). */
  children?: ReactNode;
}

export function LineEditor({ lines, errors, max, lineExtra, children }: LineEditorProps) {
  const shown = lines.length ? lines : [NEW_LINE];
  return (
    <>
      {/* Enter in a field presses the form's first button: that must save, never remove line 1. */}
      <button type="submit" name="intent" value="save" hidden>
        Save draft
      </button>
      <CardSection id="lines-heading" title="Lines">
        <p className="text-muted">Prices in pounds, before VAT. Lines left empty are ignored.</p>
        <div className="space-y-4" data-lines data-max-lines={max}>
          {shown.map((line, i) => (
            <fieldset key={i} id={`line-${i + 1}`} data-line className="scroll-mt-20 space-y-3 rounded-lg border border-slate-300 p-3">
              <legend className="px-1 font-semibold">{`Line ${i + 1}`}</legend>
              <TextArea
                form={`line-${i}`}
                name="description"
                label="Description"
                rows={2}
                className="field field-grow"
                defaultValue={line.description}
                maxLength={DESCRIPTION_MAX}
                error={errors?.[`lines-${i}-description`]}
              />
              <div className="grid grid-cols-2 gap-3">
                <Field form={`line-${i}`} name="quantity" label="Quantity" inputMode="decimal" defaultValue={line.quantity} error={errors?.[`lines-${i}-quantity`]} />
                <Field form={`line-${i}`} name="unitPrice" label="Unit price (£)" inputMode="decimal" defaultValue={line.unitPrice} error={errors?.[`lines-${i}-unitPrice`]} />
              </div>
              <div className="flex flex-wrap gap-3">
                <button type="submit" name="intent" value={`remove-line-${i}`} className="btn-secondary" formNoValidate>
                  Remove line {i + 1}
                </button>
                {lineExtra?.(i)}
              </div>
            </fieldset>
          ))}
        </div>
        <p data-lines-full className="text-muted" hidden>
          This is the most lines a draft can have.
        </p>
        {/* Without a script the page comes back at the new line. */}
        <button type="submit" name="intent" value="add-line" formAction={`#line-${shown.length + 1}`} className="btn-secondary" data-add-line>
          Add a line
        </button>
        {children}
      </CardSection>
    </>
  );
}
/** Net, VAT and the total of the form as typed, and Check totals for a browser without the script. */
export function LineTotals({ totals }: { totals: TypedTotals }) {
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-right tabular-nums">
        <dt className="text-left">Net</dt>
        <dd>
          <output name="net" aria-live="off">{totals.net}</output>
        </dd>
        <dt className="text-left">VAT</dt>
        <dd>
          <output name="vat" aria-live="off">{totals.vat}</output>
        </dd>
        <dt className="text-left text-lg font-bold">Total</dt>
        <dd className="text-lg font-bold">
          <output name="total">{totals.total}</output>
        </dd>
      </dl>
      <p data-unread className="text-muted" hidden={totals.unread === 0}>
        {unreadText(totals.unread)}
      </p>
      <button type="submit" name="intent" value="totals" className="btn-secondary" formNoValidate>
        Check totals
      </button>
    </>
  );
}
