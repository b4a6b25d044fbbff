/**
 * A request's invoices, by number with their chips (drafts last), and Create invoice once the job
 * is Won or its quote accepted.
 */
import { CardSection, type Fold } from "~/components/CardSection.tsx";
import { Unbroken } from "~/components/Unbroken.tsx";
import type { InvoiceState } from "~/lib/invoices/money.ts";
import { CreateInvoice } from "./CreateInvoice.tsx";
import { InvoiceChip } from "./InvoiceChip.tsx";

export interface ListedInvoice {
  id: number;
  number: string;
  kind: string;
  total: string;
  /** What it is for: `whole`, `deposit`, `balance`, `blank`. */
  kindCode: string;
  state: InvoiceState;
  overdue: boolean;
}

export function RequestInvoices({ leadId, invoices, quote, canCreate, fold }: { leadId: number; invoices: ListedInvoice[]; quote: string | null; canCreate: boolean; fold?: Fold }) {
  if (invoices.length === 0 && !canCreate) return null;
  return (
    <CardSection title="Invoices" id="invoices-heading" fold={fold}>
      {invoices.length > 0 && (
        <ul aria-label="Invoices by number" className="space-y-2">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center gap-2">
              <a href={`/admin/invoices/${invoice.id}`} className="link">
                <Unbroken text={invoice.number} />
              </a>
              <InvoiceChip standing={invoice} />
              <span>
                {invoice.kind}, {invoice.total}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canCreate && <CreateInvoice leadId={leadId} quote={quote} drafts={invoices.filter((invoice) => invoice.state === "draft").map((invoice) => ({ id: invoice.id, kind: invoice.kindCode }))} />}
    </CardSection>
  );
}
