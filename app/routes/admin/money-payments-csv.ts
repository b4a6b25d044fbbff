/** Payments (CSV): the payments received in the period the Money page shows, none removed. */
import { paymentsCsv } from "~/lib/invoices/accountant-csv.ts";
import { paymentsOfPeriod } from "~/lib/invoices/money-figures.server.ts";
import { csvDownload } from "~/lib/invoices/money-download.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/money-payments-csv";

export function loader({ request, context }: Route.LoaderArgs) {
  return csvDownload(request, "payments", (period) => paymentsCsv(paymentsOfPeriod(storeOf(context), period)));
}
