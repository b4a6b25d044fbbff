/**
 * Create invoice: what the draft starts from, as radios (Whole quote, Deposit with its per cent
 * beside it, Balance, Blank invoice), posted to the request's new-invoice page. Without an
 * accepted quote only Blank invoice is offered.
 */
import { Field } from "~/components/forms/Field.tsx";
import { Radios } from "~/components/owner/Radios.tsx";
import { DEFAULT_DEPOSIT_PERCENT } from "~/lib/invoices/form.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

export interface CreateInvoiceProps {
  leadId: number;
  /** The accepted quote's number, when there is one. */
  quote: string | null;
  values?: { kind: string; depositPercent: string };
  errors?: Partial<Record<"kind" | "depositPercent", string>>;
}

export function CreateInvoice({ leadId, quote, values, errors }: CreateInvoiceProps) {
  const options = [
    ...(quote
      ? [
          { value: "whole", label: "Whole quote", hint: `Every line of quote ${quote}.` },
          { value: "deposit", label: "Deposit", hint: `A share of quote ${quote}, net and VAT alike.` },
          { value: "balance", label: "Balance", hint: `What is left of quote ${quote} after the invoices already sent.` },
        ]
      : []),
    { value: "blank", label: "Blank invoice", hint: "Lines you type, such as extras found on the roof." },
  ];
  return (
    <PostForm action={`/admin/requests/${leadId}/invoices/new`} className="space-y-4">
      <Radios
        form="invoice"
        name="kind"
        legend="What is the invoice for?"
        options={options}
        checked={values?.kind ?? (quote ? "deposit" : "blank")}
        error={errors?.kind}
        after={{
          deposit: (
            <Field form="invoice" name="depositPercent" label="Deposit (%)" inputMode="numeric" className="field max-w-32" defaultValue={values?.depositPercent ?? String(DEFAULT_DEPOSIT_PERCENT)} error={errors?.depositPercent} />
          ),
        }}
      />
      <button type="submit" className="btn-primary">
        Create invoice
      </button>
    </PostForm>
  );
}
