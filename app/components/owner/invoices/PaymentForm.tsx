/**
 * Paid in full, one tap: the whole of what is still due, received today, by the method last used.
 * Then Record payment, folded under its name on a sent invoice, for a part or another day: the
 * day the money arrived (today by default), the amount (what is still due by default), how it was
 * paid (the method last used; Bank transfer the first time) and a note. A refused payment comes
 * back unfolded, each message at its field and what was typed kept. Both are `payment.record`.
 */
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { Radios } from "~/components/owner/Radios.tsx";
import { PAYMENT_NOTE_MAX } from "~/lib/invoices/form.ts";

export type PaymentField = "receivedOn" | "amount" | "method" | "note";

export interface PaymentFormProps {
  today: string;
  /** The invoice's number, for the words of a payment waiting on the phone. */
  number: string;
  due: string;
  /** What is still due as typed ("456.00"), and the method last used: what the form starts with. */
  dueTyped: string;
  lastMethod: string;
  methods: { value: string; label: string }[];
  values?: Partial<Record<PaymentField, string>>;
  errors?: Partial<Record<PaymentField, string>>;
}

export function PaymentForm({ today, number, due, dueTyped, lastMethod, methods, values, errors }: PaymentFormProps) {
  const method = methods.find((one) => one.value === lastMethod)?.label ?? "";
  return (
    <>
      <OwnerForm intent="payment" words={`Payment of {£amount} on ${number}`} hidden={{ receivedOn: today, amount: dueTyped, method: lastMethod, note: "" }} className="space-y-2">
        <button type="submit" className="btn-primary">
          Paid in full
        </button>
        <p className="text-muted">
          Records {due} received today by {method.toLowerCase()}. The customer is e-mailed a receipt.
        </p>
      </OwnerForm>
      <details open={Boolean(errors)} className="rounded-lg border border-slate-300 px-3 py-2">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">Record payment</summary>
        <OwnerForm intent="payment" words={`Payment of {£amount} on ${number}`} className="space-y-4 pb-2">
          <p className="text-muted">Still due: {due}. The customer is e-mailed a receipt.</p>
          <Field form="payment" name="receivedOn" label="Date received" type="date" max={today} defaultValue={values?.receivedOn ?? today} error={errors?.receivedOn} />
          <Field form="payment" name="amount" label="Amount (£)" inputMode="decimal" defaultValue={values?.amount ?? dueTyped} error={errors?.amount} />
          <Radios form="payment" name="method" legend="Method" options={methods} checked={values?.method ?? lastMethod} error={errors?.method} />
          <TextArea form="payment" name="note" label="Note (optional)" rows={2} maxLength={PAYMENT_NOTE_MAX} defaultValue={values?.note ?? ""} error={errors?.note} />
          <button type="submit" className="btn-primary">
            Record payment
          </button>
        </OwnerForm>
      </details>
    </>
  );
}
