/** An invoice on the customer's page as a PDF, through the page's link; anything else gets nothing. */
import { customerInvoice, noDocument } from "~/lib/invoices/customer-documents.server.ts";
import { invoicePdfResponse, partiesOf } from "~/lib/invoices/pdf.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-page-invoice-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const invoice = customerInvoice(storeOf(context), params.token, params.invoiceId);
  if (!invoice) return noDocument();
  const response = await invoicePdfResponse(invoice, partiesOf(invoice));
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}
