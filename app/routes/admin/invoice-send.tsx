/**
 * "Send this invoice to …?": the page between Send invoice and the customer's inbox (GOV.UK's
 * confirmation pattern, as a quote's). It shows whom it goes to, the address, the amount and the
 * due date; nothing is numbered or e-mailed before Yes. Yes carries the draft's version: a draft
 * changed since the page was shown is not sent. Without the bank details the invoice asks to be
 * paid into, the page asks for them itself (Account name, Sort code, Account number): saving them
 * publishes them at once, alone (`bank-details.publish`), and the same question comes back with
 * its Yes. No Yes is offered without them; nor for an
 * invoice that comes to nothing, or one that would take its quote past the quote's total (both
 * are refused again when Yes is posted anyway, the quote's inside the sending transaction).
 */
import { ButtonRow } from "~/components/owner/ButtonRow.tsx";
import { Field } from "~/components/forms/Field.tsx";
import type { BankDetailsAnswer } from "~/lib/site/bank-details.server.ts";
import { BANK_DETAILS_INTENT } from "~/lib/site/invoicing-form.ts";
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
import { recordOr404 } from "~/lib/forms/record-id.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services/services.ts";
import { NoSignalSend } from "~/components/owner/NoSignalSend.tsx";
import { outboxAttributes } from "~/lib/offline/words.ts";
import type { Route } from "./+types/invoice-send";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Send the invoice to ${loaderData.name}?` : "No such invoice");

export function loader({ params, request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const invoice = recordOr404(store, params.id, invoiceById);
  const lead = leadById(store, invoice.leadId)!;
  const content = contentOf(context);
  const seller = sellerOf(content.business, content.invoicing);
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
    saved: new URL(request.url).searchParams.get("saved") === "bank-details",
    /** What Account name starts as. */
    business: contentOf(context).business.name,
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<BankDetailsAnswer>(args, ["bank-details.publish", "invoice.send"]);

/** The bank details' form: the three facts an invoice asks to be paid into, published at once when saved. */
function BankDetails({ answer, business }: { answer?: BankDetailsAnswer["bank"]; business: string }) {
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  return (
    <PostForm aria-labelledby="bank-heading" noValidate className="card space-y-4">
      <input type="hidden" name="intent" value={BANK_DETAILS_INTENT} />
      <h2 id="bank-heading" className="text-xl">
        Your bank details
      </h2>
      <p className="font-semibold text-danger">{BANK_MISSING}</p>
      <p>
        Add them here: every invoice asks to be paid into this account, with its number as the reference. They are never shown on your site. Change them later
        under Your site,{" "}
        <a href="/admin/site/invoicing" className="link">
          Invoices and bank details
        </a>
        .
      </p>
      <Field form="bank" name="account-name" label="Account name" hint="The name the account is in, as your bank has it: your business's name to start with." autoComplete="off" defaultValue={values["account-name"] ?? business} error={errors["account-name"]} />
      <Field form="bank" name="sort-code" label="Sort code" hint="6 digits, e.g. 12-34-56." inputMode="numeric" autoComplete="off" className="field max-w-48" defaultValue={values["sort-code"] ?? ""} error={errors["sort-code"]} />
      <Field form="bank" name="account-number" label="Account number" hint="8 digits." inputMode="numeric" autoComplete="off" className="field max-w-48" defaultValue={values["account-number"] ?? ""} error={errors["account-number"]} />
      <button type="submit" className="btn-primary">
        Save bank details
      </button>
    </PostForm>
  );
}

export default function ConfirmSend({ loaderData, actionData }: Route.ComponentProps) {
  const { id, name, email, address, total, dueOn, bankDetails, mail, cannotSend } = loaderData;
  const stopped = !bankDetails || !mail || Boolean(cannotSend);
  return (
    <>
      <TopBar title="Send invoice" back={{ href: `/admin/invoices/${id}`, label: "Draft invoice" }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <h1 className="text-2xl break-words">Send the invoice to {name}?</h1>
        <Notices
          notice={loaderData.saved && bankDetails && !actionData && "Bank details saved. They are on every invoice from now on, and never on your site."}
          error={actionData?.error ?? cannotSend ?? (!mail && "E-mail is not set up on this server, so the invoice cannot be sent yet.")}
        />
        {!bankDetails && <BankDetails answer={actionData?.bank} business={loaderData.business} />}
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
          <PostForm className="space-y-3" {...outboxAttributes(`Send the invoice of ${total} to ${name}`, true)}>
            <input type="hidden" name="version" value={loaderData.version} />
            <p>{name} gets an e-mail with the invoice as a PDF and a link to their page. Once sent, it is never changed: a credit note corrects it.</p>
            <NoSignalSend what="The invoice" name={name} />
            <ButtonRow submit="Yes, send the invoice" back={{ href: `/admin/invoices/${id}`, label: "No, change the invoice" }} gap="gap-4" />
          </PostForm>
        )}
      </div>
    </>
  );
}
