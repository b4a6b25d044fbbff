/**
 * An invoice's draft: its lines (the quote's line editor), the totals as typed, the due date and a
 * note, then Save draft and Send invoice (which saves and asks first). It has no number yet.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { LineEditor, LineTotals } from "~/components/owner/LineEditor.tsx";
import { INVOICE_NOTE_MAX, type InvoiceDraftValues } from "~/lib/forms/invoice.ts";
import { VAT_RATE_PERCENT } from "~/lib/quotes/money.ts";
import { typedTotals } from "~/lib/quotes/typed-totals.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

export function DraftInvoice({ values, vat, errors }: { values: InvoiceDraftValues; vat: boolean; errors?: Partial<Record<string, string>> }) {
  return (
    <PostForm className="space-y-5" noValidate data-line-totals>
      <LineEditor lines={values.lines} errors={errors} />
      <CardSection id="totals-heading" title="Totals">
        <input type="hidden" name="vat" value={vat ? "on" : "off"} />
        <p className="text-muted">{vat ? `VAT at ${VAT_RATE_PERCENT} % is added to each line.` : "No VAT is added."}</p>
        <LineTotals totals={typedTotals(values.lines, vat)} />
      </CardSection>
      <CardSection id="terms-heading" title="Due date and note">
        <Field form="invoice" name="dueOn" label="Due date" type="date" defaultValue={values.dueOn} error={errors?.dueOn} />
        <TextArea form="invoice" name="note" label="Note (optional)" rows={3} maxLength={INVOICE_NOTE_MAX} defaultValue={values.note} error={errors?.note} />
      </CardSection>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-secondary">
          Save draft
        </button>
        <button type="submit" name="intent" value="send" className="btn-primary">
          Send invoice
        </button>
      </div>
    </PostForm>
  );
}
