/**
 * Create invoice for a request: the request's page and its accepted quote's page post here; the
 * draft is made (from the whole quote, a deposit, the balance, or blank) and its own page opens.
 * A refused choice comes back here, said at its field with what was chosen kept.
 */
import { data, redirect } from "react-router";
import { Notices } from "~/components/owner/Notices.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { CreateInvoice, type CreateInvoiceProps } from "~/components/owner/invoices/CreateInvoice.tsx";
import { newInvoiceForm } from "~/lib/invoices/form.ts";
import { formValues } from "~/lib/forms/fields.ts";
import { parseForm } from "~/lib/forms/parse-form.ts";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { acceptedQuoteOf, createInvoice, quoteRoom, quoteRoomWords } from "~/lib/invoices/invoices.server.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { quoteNumber } from "~/lib/quotes/quotes.server.ts";
import { recordIdOr404 } from "~/lib/forms/record-id.ts";
import { nameOf } from "~/lib/requests/name.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/invoice-new";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Create invoice for ${loaderData.name}` : "No such request");

function leadOr404(context: Route.LoaderArgs["context"], id: string | undefined) {
  const store = storeOf(context);
  const lead = leadById(store, recordIdOr404(id));
  if (!lead) throw data(null, { status: 404 });
  const quote = acceptedQuoteOf(store, lead.id);
  return { store, lead, quote: quote ? quoteNumber(quote) : null };
}

export function loader({ params, context }: Route.LoaderArgs) {
  const { lead, quote } = leadOr404(context, params.id);
  return { leadId: lead.id, name: nameOf(lead), quote };
}

type Answer = { values: CreateInvoiceProps["values"]; errors: CreateInvoiceProps["errors"] };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { store, lead, quote } = leadOr404(context, params.id);
  const form = await readForm(request);
  const values = formValues(form, ["kind", "depositPercent"] as const);
  const refuse = (errors: Answer["errors"], status = 400) => data<Answer>({ values, errors }, { status });
  const parsed = parseForm(newInvoiceForm, form);
  if (!parsed.ok) return refuse(parsed.errors);
  if (parsed.value.kind !== "blank" && !quote) return refuse({ kind: "This request has no accepted quote: choose Blank invoice." }, 409);
  const content = contentOf(context);
  const made = createInvoice(store, {
    leadId: lead.id,
    kind: parsed.value.kind,
    depositPercent: parsed.value.depositPercent,
    vat: Boolean(content.business.vatNumber),
    termsDays: content.invoicing.paymentTermsDays,
    actor: context.get(ownerContext).name,
  });
  if (made === "no-request") throw data(null, { status: 404 });
  if (made === "no-accepted-quote") return refuse({ kind: "This request has no accepted quote: choose Blank invoice." }, 409);
  if (made === "nothing-left") return refuse({ kind: `Nothing is left of quote ${quote} to invoice: the invoices sent already make its total.` }, 409);
  if (made === "past-quote") {
    const room = quoteRoom(store, acceptedQuoteOf(store, lead.id)!);
    const what = parsed.value.kind === "deposit" ? `A deposit of ${parsed.value.depositPercent}%` : "A Whole quote invoice";
    const instead = room.leftPence > 0 ? `${what} would go past it: choose Balance.` : "Nothing is left of it to invoice.";
    return refuse({ kind: `${quoteRoomWords(room)} ${instead}` }, 409);
  }
  return redirect(`/admin/invoices/${made.id}`, 303);
}

export default function NewInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { leadId, name, quote } = loaderData;
  return (
    <>
      <TopBar title="Create invoice" back={{ href: `/admin/requests/${leadId}`, label: name }} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <Notices error={actionData && "Nothing was created: see the message below."} />
        <div className="card">
          <CreateInvoice leadId={leadId} quote={quote} values={actionData?.values} errors={actionData?.errors} />
        </div>
      </div>
    </>
  );
}
