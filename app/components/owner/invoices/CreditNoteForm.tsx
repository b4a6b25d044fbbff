/**
 * Credit note: the whole of what is left on the invoice or an amount of it, and the reason.
 * Issue credit note asks first (routes/admin/credit-note.tsx), where a refusal is said at its
 * field with what was typed kept. On the invoice's page it is folded under its name.
 */
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { Radios } from "~/components/owner/Radios.tsx";
import { CREDIT_REASON_MAX } from "~/lib/invoices/form.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

export type CreditField = "scope" | "amount" | "reason";

export interface CreditNoteFormProps {
  invoiceId: number;
  due: string;
  values?: Partial<Record<CreditField, string>>;
  errors?: Partial<Record<CreditField, string>>;
}

export function CreditNoteFields({ invoiceId, due, values, errors }: CreditNoteFormProps) {
  return (
    <PostForm action={`/admin/invoices/${invoiceId}/credit-note`} className="space-y-4">
      <p className="text-muted">A sent invoice is never changed: a credit note corrects it. Left to credit: {due}.</p>
      <Radios
        form="credit"
        name="scope"
        legend="How much?"
        options={[
          { value: "whole", label: "The whole invoice", hint: `All that is left, ${due}. Unpaid, the invoice becomes Void.` },
          { value: "amount", label: "Amount" },
        ]}
        checked={values?.scope ?? "whole"}
        error={errors?.scope}
        after={{ amount: <Field form="credit" name="amount" label="Amount (£)" inputMode="decimal" className="field max-w-40" defaultValue={values?.amount ?? ""} error={errors?.amount} /> }}
      />
      <TextArea form="credit" name="reason" label="Reason" rows={2} maxLength={CREDIT_REASON_MAX} defaultValue={values?.reason ?? ""} error={errors?.reason} />
      <button type="submit" className="btn-primary">
        Issue credit note
      </button>
    </PostForm>
  );
}

export function CreditNoteForm(props: CreditNoteFormProps) {
  return (
    <details className="rounded-lg border border-slate-300 px-3 py-2">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">Credit note</summary>
      <div className="pb-2">
        <CreditNoteFields {...props} />
      </div>
    </details>
  );
}
