/**
 * The parts of the owner's Money page (app/routes/admin/money.tsx): the figures each beside its
 * label, the invoices' table and the accountant's files with their dates.
 */
import type { ListedInvoice } from "~/lib/invoices/money-figures.server.ts";
import { type MoneyPeriod, type PeriodField } from "~/lib/invoices/money-period.ts";
import { longDate } from "~/lib/time/words.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { Field } from "../forms/Field.tsx";
import { ErrorSummary } from "./ErrorSummary.tsx";
import { InvoiceChip } from "./invoices/InvoiceChip.tsx";
import { Unbroken } from "../Unbroken.tsx";
import { CardTable, Cell, Row, RowHead } from "./CardTable.tsx";
import { Frame, TD } from "./InsightsParts.tsx";

/** Figures, each beside its label: "Invoiced £1,440.00". */
export function Figures({ rows }: { rows: [string, number][] }) {
  return (
    <dl className="card divide-y divide-slate-200 p-0">
      {rows.map(([label, pence]) => (
        <div key={label} className="flex items-baseline justify-between gap-3 px-4 py-3">
          <dt>{label}</dt>
          <dd className="text-lg font-bold whitespace-nowrap">{formatPounds(pence)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The invoices: the owed ones first, the longest overdue on top; one card each on a phone. */
export function InvoicesTable({ invoices }: { invoices: ListedInvoice[] }) {
  return (
    <Frame name="The invoices, owed first">
      <CardTable caption="Invoices: owed first, then the others sent in this period" names={["Invoice", "Customer", "Due", "Amount due", "State"]} words={3}>
        {invoices.map((invoice) => (
          <Row key={invoice.id}>
            <RowHead label="Invoice">
              <a href={`/admin/invoices/${invoice.id}`} className="link">
                <Unbroken text={invoice.number} />
              </a>
            </RowHead>
            <Cell label="Customer" className="py-2 pr-3">
              <a href={`/admin/requests/${invoice.leadId}`} className="link break-words">
                {invoice.customerName}
              </a>
            </Cell>
            <Cell label="Due" className="py-2 pr-3 whitespace-nowrap">
              {longDate(invoice.dueOn)}
            </Cell>
            <Cell label="Amount due" className={`${TD} whitespace-nowrap`}>
              {formatPounds(Math.max(0, invoice.standing.duePence))}
            </Cell>
            <Cell label="State" className="py-2">
              <InvoiceChip standing={invoice.standing} />
            </Cell>
          </Row>
        ))}
      </CardTable>
    </Frame>
  );
}

/** The two files for the period shown, and From and To to choose other days (a VAT quarter). */
export function AccountantFiles({ period, errors, typed }: { period: MoneyPeriod; errors?: Partial<Record<PeriodField, string>>; typed?: { from: string; to: string } }) {
  const values = typed ?? (period.month ? { from: "", to: "" } : { from: period.from, to: period.to });
  return (
    <section aria-labelledby="files-heading" className="card space-y-4 p-4">
      <h2 id="files-heading" className="text-xl">
        For your accountant
      </h2>
      <p>Every invoice and credit note, and every payment, for {period.name}. Both files open in Xero, Excel or Google Sheets.</p>
      <ul className="space-y-2">
        <li>
          <a href={`/admin/money/invoices.csv?${period.query}`} download className="link inline-flex min-h-11 items-center font-semibold">
            Invoices for Xero (CSV)
          </a>
        </li>
        <li>
          <a href={`/admin/money/payments.csv?${period.query}`} download className="link inline-flex min-h-11 items-center font-semibold">
            Payments (CSV)
          </a>
        </li>
      </ul>
      <form method="get" action="/admin/money" className="space-y-3" aria-labelledby="dates-heading" noValidate>
        <h3 id="dates-heading" className="text-lg">
          Other dates, such as a VAT quarter
        </h3>
        {errors && <ErrorSummary errors={errors} idOf={(field) => `period-${field}`} />}
        <div className="grid gap-3 sm:grid-cols-2">
          <Field form="period" name="from" label="From" type="date" defaultValue={values.from} error={errors?.from} hint={`Such as ${longDate("2026-10-01")}`} />
          <Field form="period" name="to" label="To" type="date" defaultValue={values.to} error={errors?.to} hint={`Such as ${longDate("2026-12-31")}`} />
        </div>
        <button type="submit" className="btn-secondary">
          Show these dates
        </button>
      </form>
    </section>
  );
}
