/** An invoice's PDF for the owner, as the customer gets it; a draft's is a preview, marked as one. */
import { data } from "react-router";
import { draftParties } from "~/lib/invoices/draft-parties.ts";
import { invoiceById } from "~/lib/invoices/invoices.server.ts";
import { invoicePdfResponse, partiesOf } from "~/lib/invoices/pdf.server.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { recordIdOr404 } from "~/lib/forms/record-id.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/invoice-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const invoice = invoiceById(store, recordIdOr404(params.id));
  const lead = invoice && leadById(store, invoice.leadId);
  if (!invoice || !lead) throw data(null, { status: 404 });
  return invoicePdfResponse(invoice, partiesOf(invoice, () => draftParties(contentOf(context), lead)));
}
