/**
 * An invoice's draft: its lines (the quote's line editor), the totals as typed, the due date and a
 * note, then Save draft and Send invoice (which saves and asks first). It has no number yet. While
 * it comes to nothing it offers no Send, and says why (the page's script follows the typing).
 */
import { CardSection } from "~/components/CardSection.tsx";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { LineEditor, LineTotals } from "~/components/owner/LineEditor.tsx";
import { INVOICE_NOTE_MAX, type InvoiceDraftValues } from "~/lib/invoices/form.ts";
import { VAT_RATE_PERCENT } from "~/lib/quotes/money.ts";
import { comesToNothing, typedTotals } from "~/lib/quotes/typed-totals.ts";

const SEND_HINT = "Send invoice is offered once the invoice comes to more than £0.00: add what is owed.";
import { PostForm } from "~/components/forms/PostForm.tsx";

export function DraftInvoice({ values, vat, errors }: { values: InvoiceDraftValues; vat: boolean; errors?: Partial<Record<string, string>> }) {
  const totals = typedTotals(values.lines, vat);
  const nothing = comesToNothing(totals);
  return (
    <PostForm className="space-y-5" noValidate data-line-totals>
      <LineEditor lines={values.lines} errors={errors} />
      <CardSection id="totals-heading" title="Totals">
        <input type="hidden" name="vat" value={vat ? "on" : "off"} />
        <p className="text-muted">{vat ? `VAT at ${VAT_RATE_PERCENT} % is added to each line.` : "No VAT is added."}</p>
        <LineTotals totals={totals} />
      </CardSection>
      <CardSection id="terms-heading" title="Due date and note">
        <Field form="invoice" name="dueOn" label="Due date" type="date" defaultValue={values.dueOn} error={errors?.dueOn} />
        <TextArea form="invoice" name="note" label="Note (optional)" rows={3} maxLength={INVOICE_NOTE_MAX} defaultValue={values.note} error={errors?.note} />
      </CardSection>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-secondary">
          Save draft
        </button>
        <button type="submit" name="intent" value="send" className="btn-primary" hidden={nothing} data-send>
          Send invoice
        </button>
      </div>
      <p className="text-muted" hidden={!nothing} data-send-hint>
        {SEND_HINT}
      </p>
    </PostForm>
  );
}
