/** Invoices for Xero (CSV): the invoices sent and credit notes issued in the period the Money page shows. */
import { invoicesCsv } from "~/lib/invoices/accountant-csv.ts";
import { documentsOfPeriod } from "~/lib/invoices/money-figures.server.ts";
import { csvDownload } from "~/lib/invoices/money-download.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/money-invoices-csv";

export function loader({ request, context }: Route.LoaderArgs) {
  return csvDownload(request, "invoices", (period) => {
    const { invoices, creditNotes } = documentsOfPeriod(storeOf(context), period);
    return invoicesCsv(invoices, creditNotes);
  });
}
