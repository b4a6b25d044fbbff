/**
 * Create invoice: what the draft starts from, as radios (Whole quote, Deposit with its per cent
 * beside it, Balance, Blank invoice), posted to the request's new-invoice page. Without an
 * accepted quote only Blank invoice is offered. While a draft of the kind it would make waits, the
 * page says so and links to it as the main button; Create invoice is then a secondary one.
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
  /** The request's draft invoices, by what each is for (`whole`, `deposit`, `balance`, `blank`). */
  drafts?: readonly { id: number; kind: string }[];
}

/** "A deposit invoice is already drafted". */
const DRAFTED: Record<string, string> = { whole: "A whole-quote invoice", deposit: "A deposit invoice", balance: "A balance invoice", blank: "A blank invoice" };

export function CreateInvoice({ leadId, quote, values, errors, drafts = [] }: CreateInvoiceProps) {
  const chosen = values?.kind ?? (quote ? "deposit" : "blank");
  const waiting = drafts.find((draft) => draft.kind === chosen);
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
    <>
      {drafts.map((draft) => (
        <p key={draft.id} className="flex flex-wrap items-center gap-3">
          <span className="font-semibold">{DRAFTED[draft.kind] ?? "An invoice"} is already drafted.</span>
          <a href={`/admin/invoices/${draft.id}`} className={draft === waiting ? "btn-primary" : "btn-secondary"}>
            Open the draft<span className="sr-only"> {DRAFTED[draft.kind]?.replace(/^An? /, "").toLowerCase()}</span>
          </a>
        </p>
      ))}
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
        <button type="submit" className={waiting ? "btn-secondary" : "btn-primary"}>
          Create invoice
        </button>
      </PostForm>
    </>
  );
}
