/**
 * "Send this invoice to …?": the page between Send invoice and the customer's inbox (GOV.UK's
 * confirmation pattern, as a quote's). It shows whom it goes to, the address, the amount and the
 * due date; nothing is numbered or e-mailed before Yes. Yes carries the draft's version: a draft
 * changed since the page was shown is not sent. Without the bank details the invoice asks to be
 * paid into, the page says so and links to where they are set, and offers no Yes; nor for an
 * invoice that comes to nothing, or one that would take its quote past the quote's total (both
 * are refused again when Yes is posted anyway, the quote's inside the sending transaction).
 */
import { ButtonRow } from "~/components/owner/ButtonRow.tsx";
import { redirect } from "react-router";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { INVOICE_KIND_NAMES, invoiceById } from "~/lib/invoices/invoices.server.ts";
import { invoiceVersion } from "~/lib/invoices/pages.server.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { cannotSend } from "~/lib/invoices/actions.server.ts";
import { BANK_MISSING, sellerOf } from "~/lib/invoices/seller.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { longDate } from "~/lib/time/words.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/invoice-send";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Send the invoice to ${loaderData.name}?` : "No such invoice");

function invoiceOr404(context: Route.LoaderArgs["context"], id: string | undefined) {
  const store = storeOf(context);
  const invoice = foundOr404(invoiceById(store, recordIdOr404(id)));
  const content = contentOf(context);
  return { store, invoice, lead: leadById(store, invoice.leadId)!, seller: sellerOf(content.business, content.invoicing) };
}

export function loader({ params, context }: Route.LoaderArgs) {
  const { store, invoice, lead, seller } = invoiceOr404(context, params.id);
  // Sent already (a second tab, a Back): the invoice's own page says so.
  if (invoice.status !== "draft") throw redirect(`/admin/invoices/${invoice.id}`, 303);
  return {
    id: invoice.id,
    kind: INVOICE_KIND_NAMES[invoice.kind],
    name: lead.name,
    email: lead.email,
    address: lead.location,
    total: formatPounds(invoice.totalPence),
    dueOn: longDate(invoice.dueOn),
    version: invoiceVersion(invoice),
    bankDetails: !("missing" in seller),
    mail: Boolean(servicesOf(context).mail),
    cannotSend: cannotSend(store, invoice),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<{ error: string }>(args, ["invoice.send"]);

export default function ConfirmSend({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, email, address, total, dueOn, bankDetails, mail, cannotSend } = loaderData;
  const stopped = !bankDetails || !mail || Boolean(cannotSend);
  return (
    <>
      <TopBar title="Send invoice" back={{ href: `/admin/invoices/${id}`, label: "Draft invoice" }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <h1 className="text-2xl break-words">Send the invoice to {name}?</h1>
        <Notices error={actionData?.error ?? cannotSend ?? (!mail && "E-mail is not set up on this server, so the invoice cannot be sent yet.")} />
        {!bankDetails && (
          <div role="alert" className="card space-y-2 py-3">
            <p className="font-semibold text-danger">{BANK_MISSING}</p>
            <p>
              <a href="/admin/site/invoicing" className="link">
                Add your bank details
              </a>{" "}
              under Invoices and bank details, publish them, then send the invoice.
            </p>
          </div>
        )}
        <dl className="card grid gap-x-4 gap-y-2 p-4 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">Invoice</dt>
          <dd>{loaderData.kind}, numbered when sent</dd>
          <dt className="font-semibold">E-mailed to</dt>
          <dd className="break-all">{email}</dd>
          {address && (
            <>
              <dt className="font-semibold">Customer's address</dt>
              <dd className="break-words">{address}</dd>
            </>
          )}
          <dt className="font-semibold">Amount</dt>
          <dd className="text-2xl font-bold">{total}</dd>
          <dt className="font-semibold">Due by</dt>
          <dd>{dueOn}</dd>
        </dl>
        {!stopped && (
          <PostForm className="space-y-3">
            <input type="hidden" name="version" value={loaderData.version} />
            <p>{name} gets an e-mail with the invoice as a PDF and a link to their page. Once sent, it is never changed: a credit note corrects it.</p>
            <ButtonRow submit="Yes, send the invoice" back={{ href: `/admin/invoices/${id}`, label: "No, change the invoice" }} gap="gap-4" />
          </PostForm>
        )}
      </div>
    </>
  );
}
