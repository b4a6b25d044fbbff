/**
 * Record payment, folded under its name on a sent invoice: the day the money arrived (today by
 * default), the amount, how it was paid and a note. A refused payment comes back unfolded, each
 * message at its field and what was typed kept.
 */
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { Radios } from "~/components/owner/Radios.tsx";
import { PAYMENT_NOTE_MAX } from "~/lib/invoices/form.ts";

export type PaymentField = "receivedOn" | "amount" | "method" | "note";

export interface PaymentFormProps {
  today: string;
  due: string;
  methods: { value: string; label: string }[];
  values?: Partial<Record<PaymentField, string>>;
  errors?: Partial<Record<PaymentField, string>>;
}

export function PaymentForm({ today, due, methods, values, errors }: PaymentFormProps) {
  return (
    <details open={Boolean(errors)} className="rounded-lg border border-slate-300 px-3 py-2">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">Record payment</summary>
      <OwnerForm intent="payment" className="space-y-4 pb-2">
        <p className="text-muted">Still due: {due}. The customer is e-mailed a receipt.</p>
        <Field form="payment" name="receivedOn" label="Date received" type="date" max={today} defaultValue={values?.receivedOn ?? today} error={errors?.receivedOn} />
        <Field form="payment" name="amount" label="Amount (£)" inputMode="decimal" defaultValue={values?.amount ?? ""} error={errors?.amount} />
        <Radios form="payment" name="method" legend="Method" options={methods} checked={values?.method ?? "bank-transfer"} error={errors?.method} />
        <TextArea form="payment" name="note" label="Note (optional)" rows={2} maxLength={PAYMENT_NOTE_MAX} defaultValue={values?.note ?? ""} error={errors?.note} />
        <button type="submit" className="btn-primary">
          Record payment
        </button>
      </OwnerForm>
    </details>
  );
}
