import { Unbroken } from "../Unbroken.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import type { CustomerInvoiceView } from "~/lib/customer/invoices-shown.server.ts";
import { isOwed } from "~/lib/invoices/money.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { ReferenceAndCard } from "./ReferenceAndCard.tsx";

/**
 * A label and its value, the value plain text that one tap selects whole, to copy into a banking
 * app: a figure on one line, an account name wrapped only at its spaces.
 */
function Copyable({ label, value, words = false }: { label: string; value: string; words?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt>{label}</dt>
      <dd className={`font-mono text-lg font-bold select-all ${words ? "break-normal" : "whitespace-nowrap"}`}>
        <Unbroken text={value} />
      </dd>
    </div>
  );
}

function Sum({ label, pence, strong = false }: { label: string; pence: number; strong?: boolean }) {
  return (
    <div className={`flex flex-wrap items-baseline justify-between gap-x-3 ${strong ? "text-lg font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{formatPounds(pence)}</dd>
    </div>
  );
}

/**
 * One invoice on the customer's page: what is due and by when, how to pay it (the bank details and
 * the reference as text to copy, and Pay by card where the business takes it), what is paid, its
 * PDF and its credit notes. Paid in full and Void say so instead of asking for money. The one the
 * page asks her to pay in What to do now (`payAbove`) points there for how to pay.
 */
export function CustomerInvoice({ invoice, path, payAbove = false }: { invoice: CustomerInvoiceView; path: string; payAbove?: boolean }) {
  const { standing } = invoice;
  const owed = isOwed(standing);
  const number = <span className="whitespace-nowrap">{invoice.number}</span>;
  return (
    <CardSection id={`invoice-${invoice.id}-heading`} title={<>Invoice {number}</>}>
      <p>Dated {invoice.issuedOn}.</p>
      {standing.state === "void" && <p className="font-semibold">This invoice is void: a credit note cancelled it, and nothing is owed on it.</p>}
      {standing.state === "paid" && <p className="font-semibold text-ok">{invoice.paidInFullOn ? `Paid in full on ${invoice.paidInFullOn}.` : "Paid in full."} Thank you.</p>}
      <dl className="space-y-1">
        <Sum label="Invoice total" pence={invoice.totalPence} />
        {standing.creditedPence > 0 && <Sum label="Less credit notes" pence={standing.creditedPence} />}
        {standing.paidPence > 0 && <Sum label="Paid so far" pence={standing.paidPence} />}
        {owed && <Sum label={standing.paidPence > 0 || standing.creditedPence > 0 ? "Still due" : "Amount due"} pence={standing.duePence} strong />}
        {owed && (
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt>Due by</dt>
            <dd className={standing.overdue ? "font-bold text-danger" : ""}>
              {invoice.dueOn}
              {standing.overdue && " (now overdue)"}
            </dd>
          </div>
        )}
      </dl>
      {owed && payAbove && (
        <p>
          How to pay: see{" "}
          <a href="#now-heading" className="link">
            What to do now
          </a>
          , at the top of this page.
        </p>
      )}
      {owed && !payAbove && (
        <div className="space-y-3">
          <h3 id={`invoice-${invoice.id}-pay`} className="text-lg">
            Pay by bank transfer
          </h3>
          <dl aria-labelledby={`invoice-${invoice.id}-pay`} className="space-y-2 rounded-lg bg-paper p-3">
            <Copyable label="Account name" value={invoice.bank.accountName} words />
            <Copyable label="Sort code" value={invoice.bank.sortCode} />
            <Copyable label="Account number" value={invoice.bank.accountNumber} />
            <Copyable label="Reference" value={invoice.number} />
          </dl>
          <ReferenceAndCard invoice={invoice} />
        </div>
      )}
      <a href={`${path}/invoices/${invoice.id}/pdf`} className="btn-secondary" download>
        Download PDF<span className="sr-only"> of invoice {invoice.number}</span>
      </a>
      {invoice.creditNotes.length > 0 && (
        <ul className="space-y-2">
          {invoice.creditNotes.map((note) => (
            <li key={note.id}>
              Credit note <span className="whitespace-nowrap">{note.number}</span>, {formatPounds(note.totalPence)}, dated {note.issuedOn}:{" "}
              <a href={`${path}/credit-notes/${note.id}/pdf`} className="link" download>
                Download PDF<span className="sr-only"> of credit note {note.number}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
