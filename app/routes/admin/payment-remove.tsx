/**
 * "Remove the payment of £440.00?": a payment recorded by mistake is removed only by this page's
 * own Yes (it stays in the record, marked removed, for the audit); then the invoice's page.
 */
import { redirect } from "react-router";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { SecondYes } from "~/components/owner/SecondYes.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { invoiceById, invoiceNumber } from "~/lib/invoices/invoices.server.ts";
import { PAYMENT_METHODS, paymentById } from "~/lib/invoices/payments.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { longDate } from "~/lib/time/words.ts";
import { recordOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/payment-remove";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Remove the payment of ${loaderData.amount}?` : "No such payment");

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const payment = recordOr404(store, params.id, paymentById);
  const invoice = invoiceById(store, payment.invoiceId)!;
  if (payment.removedAt) throw redirect(`/admin/invoices/${invoice.id}`, 303);
  return {
    id: payment.id,
    invoiceId: invoice.id,
    number: invoiceNumber(invoice),
    amount: formatPounds(payment.amountPence),
    method: PAYMENT_METHODS[payment.method].toLowerCase(),
    receivedOn: longDate(payment.receivedOn),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost(args, ["payment.remove"]);

export default function RemovePayment({ loaderData }: Route.ComponentProps) {
  const { invoiceId, number, amount, method, receivedOn } = loaderData;
  return (
    <>
      <TopBar title="Remove payment" back={{ href: `/admin/invoices/${invoiceId}`, label: number }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <SecondYes
          intent="remove-payment"
          hidden={{ confirmed: "yes" }}
          className="card space-y-3"
          question={
            <>
              <h1 className="text-2xl break-words">
                Remove the payment of {amount} by {method}, received {receivedOn}?
              </h1>
              <p>Only if it was recorded by mistake: {number} then shows it as still owed. The record keeps that it was removed.</p>
            </>
          }
          yes="Yes, remove the payment"
          keep={{ href: `/admin/invoices/${invoiceId}`, label: "No, keep it" }}
        />
      </div>
    </>
  );
}
