/**
 * "Send this invoice to …?": the page between Send invoice and the customer's inbox (GOV.UK's
 * confirmation pattern, as a quote's). It shows whom it goes to, the address, the amount and the
 * due date; nothing is numbered or e-mailed before Yes. Yes carries the draft's version: a draft
 * changed since the page was shown is not sent. Without the bank details the invoice asks to be
 * paid into, the page says so and links to where they are set, and offers no Yes; nor for an
 * invoice that comes to nothing, or one that would take its quote past the quote's total (both
 * are refused again when Yes is posted anyway, the quote's inside the sending transaction).
 */
import { data, redirect } from "react-router";
import { Notices } from "~/components/owner/Notices.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { NOTHING_DUE } from "~/lib/invoices/form.ts";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { queueInvoiceSend } from "~/lib/invoices/events.server.ts";
import { INVOICE_KIND_NAMES, invoiceById, quoteRoomOf, quoteRoomWords, sendInvoice, type Invoice } from "~/lib/invoices/invoices.server.ts";
import type { Db } from "~/lib/db/connection.server.ts";
import { invoiceVersion } from "~/lib/invoices/pages.server.ts";
import { billedOf, sellerOf } from "~/lib/invoices/seller.ts";
import { MailNotSetUp } from "~/lib/mail/mailer.server.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { longDate } from "~/lib/time/words.ts";
import { recordIdOr404 } from "~/lib/forms/record-id.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/invoice-send";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Send the invoice to ${loaderData.name}?` : "No such invoice");

function invoiceOr404(context: Route.LoaderArgs["context"], id: string | undefined) {
  const store = storeOf(context);
  const invoice = invoiceById(store, recordIdOr404(id));
  if (!invoice) throw data(null, { status: 404 });
  const content = contentOf(context);
  return { store, invoice, lead: leadById(store, invoice.leadId)!, seller: sellerOf(content.business, content.invoicing) };
}

/** Why the invoice cannot go as it stands (nothing due, or past its quote's total), in words. */
function cannotSend(store: Db, invoice: Invoice): string | undefined {
  if (invoice.totalPence <= 0) return NOTHING_DUE;
  return pastQuoteWords(store, invoice);
}

/** "Quote Q-2026-0002 is £5,760.00; £5,760.00 is already invoiced. This invoice of £4,320.00 would go past it: …" */
function pastQuoteWords(store: Db, invoice: Invoice): string | undefined {
  const room = quoteRoomOf(store, invoice);
  if (!room || invoice.totalPence <= room.leftPence) return undefined;
  return `${quoteRoomWords(room)} This invoice of ${formatPounds(invoice.totalPence)} would go past it: change it, or put extra work on a Blank invoice.`;
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

const BANK_MISSING = "Your bank details are not set yet, so the invoice cannot be sent: it asks to be paid into your account.";

export async function action({ params, request, context }: Route.ActionArgs) {
  const { store, invoice, lead, seller } = invoiceOr404(context, params.id);
  const back = `/admin/invoices/${invoice.id}`;
  // A second tap, or a Back and Yes again: it went the first time.
  if (invoice.status !== "draft") return redirect(`${back}?saved=sent`, 303);
  const form = await readForm(request);
  if (form.get("version") !== invoiceVersion(invoice)) {
    return data({ error: "The invoice was changed after this page was shown, so it was not sent. Check it, then send it." }, { status: 409 });
  }
  if ("missing" in seller) return data({ error: `${BANK_MISSING} Nothing was sent.` }, { status: 409 });
  const services = servicesOf(context);
  const hours = contentOf(context).business.openingHours;
  let sent: ReturnType<typeof sendInvoice>;
  try {
    // The e-mail and its reminders are rows of the queue, committed with the number; without
    // e-mail set up the send is refused and nothing of it is kept (no number is taken).
    sent = sendInvoice(store, invoice.id, {
      seller,
      customer: billedOf(lead),
      actor: context.get(ownerContext).name,
      alongside: (sending) => {
        if (!services.mail) throw new MailNotSetUp();
        queueInvoiceSend(store.db, sending, hours, new Date(sending.sentAt!));
      },
    });
  } catch (error) {
    if (!(error instanceof MailNotSetUp)) throw error;
    return data({ error: "E-mail is not set up on this server, so the invoice cannot be sent. It is still a draft." }, { status: 502 });
  }
  if (typeof sent === "string") {
    if (sent === "not-draft") return redirect(`${back}?saved=sent`, 303);
    const why = {
      "no-lines": "Add at least one line first.",
      "nothing-due": NOTHING_DUE,
      "past-due-date": "The due date has passed: choose a later one.",
      "past-quote": pastQuoteWords(store, invoice) ?? "It would take its quote past the quote's total.",
    }[sent];
    return data({ error: `${why} Nothing was sent.` }, { status: 409 });
  }
  services.wake();
  return redirect(`${back}?saved=sent`, 303);
}

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
          <form method="post" className="space-y-3">
            <input type="hidden" name="version" value={loaderData.version} />
            <p>{name} gets an e-mail with the invoice as a PDF and a link to their page. Once sent, it is never changed: a credit note corrects it.</p>
            <div className="flex flex-wrap items-center gap-4">
              <button type="submit" className="btn-primary">
                Yes, send the invoice
              </button>
              <a href={`/admin/invoices/${id}`} className="link">
                No, change the invoice
              </a>
            </div>
          </form>
        )}
      </div>
    </>
  );
}
