/**
 * One invoice. A Draft is a plain form (the quote's line editor; Check totals without a script)
 * with its due date and note: Save draft, Delete (asked first), and Send invoice, which saves and
 * asks first (invoice-send.tsx). A sent invoice is read-only: an edit posted to it anyway is
 * answered 409 and changes nothing; payments are recorded against it, a credit note corrects it
 * (credit-note.tsx) and its reminders are turned on or off.
 */
import { data, redirect } from "react-router";
import * as z from "zod/mini";
import { CardSection } from "~/components/CardSection.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { AskFirst, SecondYes } from "~/components/owner/SecondYes.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { DraftInvoice } from "~/components/owner/invoices/DraftInvoice.tsx";
import { InvoiceChip } from "~/components/owner/invoices/InvoiceChip.tsx";
import type { PaymentField } from "~/components/owner/invoices/PaymentForm.tsx";
import { SentInvoice } from "~/components/owner/invoices/SentInvoice.tsx";
import { formValues } from "~/lib/forms/fields.ts";
import { invoiceDraftSchema, moreThanDue, NOTHING_DUE, paymentSchema, readInvoiceDraftValues, type InvoiceDraftValues } from "~/lib/invoices/form.ts";
import { lineButton } from "~/lib/quotes/lines.ts";
import { formObject, parseForm, text } from "~/lib/forms/parse-form.ts";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { queueReceipt } from "~/lib/invoices/events.server.ts";
import { deleteInvoiceDraft, invoiceById, saveInvoiceDraft, setInvoiceReminders } from "~/lib/invoices/invoices.server.ts";
import { pricedLines, totalsOf, type InvoiceLine } from "~/lib/invoices/money.ts";
import { invoicePage } from "~/lib/invoices/pages.server.ts";
import { PAYMENT_METHODS, recordPayment, type PaymentMethod } from "~/lib/invoices/payments.server.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { MAX_LINES } from "~/lib/quotes/quotes.server.ts";
import type { QuoteLine } from "~/lib/quotes/money.ts";
import { recordIdOr404 } from "~/lib/forms/record-id.ts";
import { servicesOf, storeOf } from "~/lib/services/services.ts";
import { ukToday } from "~/lib/time/uk-time.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/invoice";

export const handle: RouteHandle = { scripts: ["line-totals"] };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `${loaderData.number} for ${loaderData.lead.name}` : "No such invoice");

export function loader({ params, request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const invoice = invoiceById(store, recordIdOr404(params.id));
  if (!invoice) throw data(null, { status: 404 });
  const url = new URL(request.url);
  return { ...invoicePage(store, invoice), saved: url.searchParams.get("saved"), confirmDelete: url.searchParams.get("confirm") === "delete" };
}

type ActionAnswer = {
  error?: string;
  values?: InvoiceDraftValues;
  errors?: Partial<Record<string, string>>;
  payment?: { values: Partial<Record<PaymentField, string>>; errors: Partial<Record<PaymentField, string>> };
};
const answer = (body: ActionAnswer, status = 200) => data(body, { status });
const LOCKED = "This invoice has been sent and is locked: nothing on it changes. To correct it, issue a credit note.";
const remindersForm = z.object({ on: z.pipe(text(), z.transform((on) => on === "1")) });

/** The typed lines priced; a line left as it was keeps its own net and VAT (a deposit's rounding is never redone). */
function priced(stored: InvoiceLine[], typed: QuoteLine[], vat: boolean): InvoiceLine[] {
  const fresh = pricedLines(typed, vat);
  return typed.map((line, i) => stored.find((kept) => kept.description === line.description && kept.quantity === line.quantity && kept.unitPence === line.unitPence) ?? fresh[i]!);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const store = storeOf(context);
  const id = recordIdOr404(params.id);
  const invoice = invoiceById(store, id);
  if (!invoice) throw data(null, { status: 404 });
  const actor = context.get(ownerContext).name;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");

  if (invoice.status === "sent") {
    if (intent === "reminders") {
      const parsed = parseForm(remindersForm, form);
      setInvoiceReminders(store, id, parsed.ok && parsed.value.on, actor);
      return redirect(`/admin/invoices/${id}?saved=reminders`, 303);
    }
    if (intent !== "payment") return answer({ error: LOCKED }, 409);
    const services = servicesOf(context);
    const values = formValues(form, ["receivedOn", "amount", "method", "note"] as const);
    const now = new Date();
    const parsed = parseForm(paymentSchema(ukToday(now), Object.keys(PAYMENT_METHODS) as PaymentMethod[]), form);
    const refuse = (errors: Partial<Record<PaymentField, string>>, status = 400) => answer({ payment: { values, errors }, error: "Nothing was recorded: see the message below." }, status);
    if (!parsed.ok) return refuse(parsed.errors);
    const { receivedOn, amount, method, note } = parsed.value;
    const recorded = recordPayment(store, id, {
      receivedOn,
      amountPence: amount,
      method,
      note,
      actor,
      now,
      alongside: (payment) => {
        if (services.mail) queueReceipt(store.db, payment.id, now);
      },
    });
    if ("field" in recorded) {
      if (recorded.field === "amount") return refuse({ amount: moreThanDue(recorded.duePence) });
      if (recorded.field === "receivedOn") return refuse({ receivedOn: "That day is still to come: enter the day the money arrived." });
      return answer({ error: "Nothing is owed on this invoice: it is paid in full or void." }, 409);
    }
    services.wake();
    return redirect(`/admin/invoices/${id}?saved=${services.mail ? "payment" : "payment-no-mail"}`, 303);
  }

  if (intent === "payment" || intent === "reminders") return answer({ error: "This invoice is still a draft: send it first." }, 409);
  if (intent === "delete") {
    // Only the question's own button deletes: a bare or replayed Delete asks again.
    if (form.get("confirmed") !== "yes") return redirect(`/admin/invoices/${id}?confirm=delete#delete-heading`, 303);
    if (!deleteInvoiceDraft(store, id, actor)) return answer({ error: LOCKED }, 409);
    return redirect(`/admin/requests/${invoice.leadId}?saved=invoice-deleted`, 303);
  }
  const values = readInvoiceDraftValues(formObject(form));
  const buttoned = lineButton(intent, values.lines, { max: MAX_LINES, noun: "An invoice" });
  if (buttoned) return "error" in buttoned ? answer({ values, error: buttoned.error }, 400) : answer({ values: { ...values, lines: buttoned.lines } });
  // Check totals (JavaScript off): the figures as typed, nothing saved.
  if (intent === "totals") return answer({ values });
  if (intent !== "save" && intent !== "send") return answer({ values, error: "That did not work. Reload the page and try again." }, 400);
  const parsed = parseForm(invoiceDraftSchema(ukToday()), form);
  if (!parsed.ok) return answer({ values, errors: parsed.errors, error: "Some fields need a change: see the messages below." }, 400);
  const draft = parsed.value;
  if (draft.lines.length > MAX_LINES) return answer({ values, error: `An invoice can have at most ${MAX_LINES} lines.` }, 400);
  if (intent === "send" && draft.lines.length === 0) return answer({ values, error: "Add at least one line first." }, 400);
  const lines = priced(invoice.lines, draft.lines, invoice.vat);
  if (intent === "send" && totalsOf(lines).totalPence <= 0) return answer({ values, error: NOTHING_DUE }, 400);
  if (!saveInvoiceDraft(store, id, { lines, dueOn: draft.dueOn, note: draft.note })) return answer({ error: LOCKED }, 409);
  return redirect(intent === "save" ? `/admin/invoices/${id}?saved=draft` : `/admin/invoices/${id}/send`, 303);
}

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
