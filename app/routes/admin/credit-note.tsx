/**
 * Credit note on a sent invoice, asked first: the folded form on the invoice's page posts here;
 * a refusal comes back on this page, at its field with what was typed kept; a good one is put as
 * a question ("Issue a credit note of £440.00 against INV-2026-0001?") whose own Yes, carrying the
 * same answers, issues it, numbers it and queues its e-mail. A bare or replayed Yes only asks.
 */
import { redirect } from "react-router";
import { Notices } from "~/components/owner/Notices.tsx";
import { SecondYes } from "~/components/owner/SecondYes.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { CreditNoteFields, type CreditField } from "~/components/owner/invoices/CreditNoteForm.tsx";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { invoiceById, invoiceNumber } from "~/lib/invoices/invoices.server.ts";
import { standingOfInvoice } from "~/lib/invoices/payments.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { recordOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/credit-note";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Credit note on ${loaderData.number}` : "No such invoice");

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const invoice = recordOr404(store, params.id, invoiceById);
  const standing = standingOfInvoice(store, invoice);
  if (invoice.status !== "sent") throw redirect(`/admin/invoices/${invoice.id}`, 303);
  return { id: invoice.id, number: invoiceNumber(invoice), due: formatPounds(Math.max(0, standing.duePence)) };
}

type Answer = { values: Partial<Record<CreditField, string>>; errors?: Partial<Record<CreditField, string>>; ask?: { amount: string }; error?: string };

export const action = (args: Route.ActionArgs) => ownerPost<Answer>(args, ["credit-note.issue"]);

export default function CreditNotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, number, due } = loaderData;
  const ask = actionData?.ask;
  return (
    <>
      <TopBar title="Credit note" back={{ href: `/admin/invoices/${id}`, label: number }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        {ask ? (
          <SecondYes
            intent="credit-note"
            hidden={{ confirmed: "yes", scope: actionData.values.scope ?? "", amount: actionData.values.amount ?? "", reason: actionData.values.reason ?? "" }}
            className="card space-y-3"
            question={
              <>
                <h1 className="text-2xl break-words">
                  Issue a credit note of {ask.amount} against {number}?
                </h1>
                <p className="break-words">Reason: {actionData.values.reason}</p>
                <p>It is numbered and e-mailed to the customer as a PDF, and cannot be taken back.</p>
              </>
            }
            yes="Yes, issue the credit note"
            yesClass="btn-primary"
            keep={{ href: `/admin/invoices/${id}`, label: "No, go back" }}
          />
        ) : (
          <>
            <h1 className="text-2xl">Credit note on {number}</h1>
            <Notices error={actionData?.error} />
            <div className="card">
              <CreditNoteFields invoiceId={id} due={due} values={actionData?.values} errors={actionData?.errors} />
            </div>
          </>
        )}
      </div>
    </>
  );
}
