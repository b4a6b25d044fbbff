/** A credit note on the customer's page as a PDF, through the page's link; anything else gets nothing. */
import { customerCreditNote, noDocument } from "~/lib/invoices/customer-documents.server.ts";
import { creditNotePdfResponse } from "~/lib/invoices/pdf.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-page-credit-note-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = customerCreditNote(storeOf(context), params.token, params.creditNoteId);
  if (!found) return noDocument();
  const response = await creditNotePdfResponse(found.note, found.invoice);
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}
