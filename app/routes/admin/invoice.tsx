/**
 * One invoice. A Draft is a plain form (the quote's line editor; Check totals without a script)
 * with its due date and note: Save draft, Delete (asked first), and Send invoice, which saves and
 * asks first (invoice-send.tsx). A sent invoice is read-only: an edit posted to it anyway is
 * answered 409 and changes nothing; payments are recorded against it, a credit note corrects it
 * (credit-note.tsx) and its reminders are turned on or off.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { AskFirst, SecondYes } from "~/components/owner/SecondYes.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { DraftInvoice } from "~/components/owner/invoices/DraftInvoice.tsx";
import { InvoiceChip } from "~/components/owner/invoices/InvoiceChip.tsx";
import type { PaymentField } from "~/components/owner/invoices/PaymentForm.tsx";
import { SentInvoice } from "~/components/owner/invoices/SentInvoice.tsx";
import { type InvoiceDraftValues } from "~/lib/invoices/form.ts";
import { invoiceById } from "~/lib/invoices/invoices.server.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { invoicePage } from "~/lib/invoices/pages.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/invoice";

export const handle: RouteHandle = { scripts: ["line-totals", "line-editor"] };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `${loaderData.number} for ${loaderData.lead.name}` : "No such invoice");

export function loader({ params, request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const invoice = foundOr404(invoiceById(store, recordIdOr404(params.id)));
  const url = new URL(request.url);
  return { ...invoicePage(store, invoice), saved: url.searchParams.get("saved"), confirmDelete: url.searchParams.get("confirm") === "delete" };
}

type ActionAnswer = {
  error?: string;
  values?: InvoiceDraftValues;
  errors?: Partial<Record<string, string>>;
  payment?: { values: Partial<Record<PaymentField, string>>; errors: Partial<Record<PaymentField, string>> };
};
export const action = (args: Route.ActionArgs) => ownerPost<ActionAnswer>(args, ["invoice.reminders", "payment.record", "invoice.delete", "invoice.save"]);

const SAVED: Record<string, string> = {
  draft: "Draft saved.",
  sent: "Invoice sent. The customer has it by e-mail, with the PDF and their link.",
  payment: "Payment recorded. The customer is e-mailed a receipt.",
  "payment-no-mail": "Payment recorded. E-mail is not set up on this server, so no receipt was sent.",
  "payment-removed": "Payment removed.",
  "credit-note": "Credit note issued. The customer is e-mailed its PDF.",
  "credit-note-no-mail": "Credit note issued. E-mail is not set up on this server, so it was not e-mailed.",
  reminders: "Reminders saved.",
};

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, number, status, lead, saved } = loaderData;
  return (
    <>
      <TopBar title={number} back={{ href: `/admin/requests/${lead.id}`, label: lead.name }} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <p className="flex flex-wrap items-center gap-2">
          <InvoiceChip standing={loaderData} />
          <span>
            {loaderData.kind} for {lead.name}, {loaderData.total}
          </span>
        </p>
        <Notices notice={saved && !actionData && SAVED[saved]} error={actionData?.error} />
        {status === "draft" ? (
          <>
            <DraftInvoice values={actionData?.values ?? loaderData.draft} vat={loaderData.vat} errors={actionData?.errors} />
            <CardSection id="delete-heading" title="Delete">
              {loaderData.confirmDelete ? (
                <SecondYes intent="delete" hidden={{ confirmed: "yes" }} question={<p>Delete this draft invoice? It has no number yet, so none is lost.</p>} yes="Yes, delete the draft" keep={{ href: `/admin/invoices/${id}`, label: "No, keep it" }} />
              ) : (
                <AskFirst action={`/admin/invoices/${id}`} name="confirm" value="delete" button="Delete draft" />
              )}
            </CardSection>
          </>
        ) : (
          <SentInvoice invoice={loaderData} payment={actionData?.payment} />
        )}
      </div>
    </>
  );
}
