/**
 * A sent invoice, read-only: its lines and totals, then where the money stands (paid, credited,
 * still due) with each payment and its Remove, Record payment and Credit note folded under their
 * names while something is still owed, the credit notes, and the reminders on or off.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { Unbroken } from "~/components/Unbroken.tsx";
import { OnOffForm } from "~/components/owner/OwnerForm.tsx";
import { PricedLines } from "~/components/quotes/PricedLines.tsx";
import type { InvoicePageData } from "~/lib/invoices/pages.server.ts";
import { CreditNoteForm } from "./CreditNoteForm.tsx";
import { PaymentForm, type PaymentFormProps } from "./PaymentForm.tsx";

export function SentInvoice({ invoice, payment }: { invoice: InvoicePageData; payment?: Pick<PaymentFormProps, "values" | "errors"> }) {
  const { id, number, payments, creditNotes } = invoice;
  return (
    <>
      <CardSection id="invoice-heading" title="The invoice">
        <p>
          Sent to {invoice.lead.email} on {invoice.issuedOnText}. Due by {invoice.dueOnText}.
        </p>
        <PricedLines lines={invoice.lines} totals={invoice.amounts} vat={invoice.vat} caption={`Invoice ${number}`} />
        {invoice.note && <p className="whitespace-pre-wrap break-words">{invoice.note}</p>}
        <a href={`/admin/invoices/${id}/pdf`} className="btn-secondary">
          Download PDF
        </a>
      </CardSection>

      <CardSection id="money-heading" title="Payments">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums">
          <dt>Total</dt>
          <dd className="text-right">{invoice.total}</dd>
          {creditNotes.length > 0 && (
            <>
              <dt>Credit notes</dt>
              <dd className="text-right">{invoice.credited}</dd>
            </>
          )}
          <dt>Paid</dt>
          <dd className="text-right">{invoice.paid}</dd>
          <dt className="text-lg font-bold">Still due</dt>
          <dd className="text-right text-lg font-bold">{invoice.due}</dd>
        </dl>
        {payments.length === 0 ? (
          <p className="text-muted">No payment recorded yet.</p>
        ) : (
          <ul aria-label="Payments received" className="space-y-2">
            {payments.map((paid) => (
              <li key={paid.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-paper p-3">
                <span className={paid.removed ? "text-muted line-through" : undefined}>
                  {paid.amount} by {paid.method.toLowerCase()}, received {paid.receivedOn}
                  {paid.note && `: ${paid.note}`}
                </span>
                {paid.removed ? (
                  <span className="text-muted">Removed</span>
                ) : (
                  <a href={`/admin/payments/${paid.id}/remove`} className="link">
                    Remove<span className="sr-only"> the payment of {paid.amount}</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
        {!invoice.settled && <PaymentForm today={invoice.today} number={invoice.number} due={invoice.due} dueTyped={invoice.dueTyped} lastMethod={invoice.lastMethod} methods={invoice.methods} {...payment} />}
      </CardSection>

      <CardSection id="credit-heading" title="Credit notes">
        {creditNotes.length === 0 ? (
          <p className="text-muted">None.</p>
        ) : (
          <ul aria-label="Credit notes issued" className="space-y-2">
            {creditNotes.map((note) => (
              <li key={note.id}>
                <a href={`/admin/credit-notes/${note.id}/pdf`} className="link">
                  <Unbroken text={note.number} />
                </a>
                , {note.issuedOn}: {note.amount}. {note.reason}
              </li>
            ))}
          </ul>
        )}
        {!invoice.settled && <CreditNoteForm invoiceId={id} due={invoice.due} />}
      </CardSection>

      <CardSection id="reminders-heading" title="Reminders">
        <OnOffForm
          intent="reminders"
          on={invoice.reminders}
          whileOn="While something is owed, the customer is e-mailed a reminder on the due date, 7 days after and 14 days after, within your opening hours."
          whileOff="Reminders are off for this invoice."
          turnOff="Turn reminders off"
          turnOn="Turn reminders on"
        />
      </CardSection>
    </>
  );
}
