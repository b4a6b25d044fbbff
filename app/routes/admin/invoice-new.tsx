/**
 * Create invoice for a request: the request's page and its accepted quote's page post here; the
 * draft is made (from the whole quote, a deposit, the balance, or blank) and its own page opens.
 * A refused choice comes back here, said at its field with what was chosen kept.
 */
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { Notices } from "~/components/owner/Notices.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { CreateInvoice, type CreateInvoiceProps } from "~/components/owner/invoices/CreateInvoice.tsx";
import { acceptedQuoteOf } from "~/lib/invoices/invoices.server.ts";
import { draftsOfLead } from "~/lib/invoices/pages.server.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { quoteNumber } from "~/lib/quotes/quotes.server.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { nameOf } from "~/lib/requests/name.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/invoice-new";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Create invoice for ${loaderData.name}` : "No such request");

function leadOr404(context: Route.LoaderArgs["context"], id: string | undefined) {
  const store = storeOf(context);
  const lead = foundOr404(leadById(store, recordIdOr404(id)));
  const quote = acceptedQuoteOf(store, lead.id);
  return { store, lead, quote: quote ? quoteNumber(quote) : null };
}

export function loader({ params, context }: Route.LoaderArgs) {
  const { store, lead, quote } = leadOr404(context, params.id);
  return { leadId: lead.id, name: nameOf(lead), quote, drafts: draftsOfLead(store, lead.id) };
}

type Answer = { values: CreateInvoiceProps["values"]; errors: CreateInvoiceProps["errors"] };

export const action = (args: Route.ActionArgs) => ownerPost<Answer>(args, ["invoice.create"]);

export default function NewInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { leadId, name, quote } = loaderData;
  return (
    <>
      <TopBar title="Create invoice" back={{ href: `/admin/requests/${leadId}`, label: name }} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <Notices error={actionData && "Nothing was created: see the message below."} />
        <div className="card">
          <CreateInvoice leadId={leadId} quote={quote} values={actionData?.values} errors={actionData?.errors} drafts={loaderData.drafts} />
        </div>
      </div>
    </>
  );
}
