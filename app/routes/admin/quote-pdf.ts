/** A quote's PDF for the owner, as the customer gets it. */
import { contentOf, storeOf } from "~/lib/services/services.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { quoteById } from "~/lib/quotes/quotes.server.ts";
import { pdfResponse } from "~/lib/quotes/pdf.server.ts";
import { reportForPdf } from "~/lib/quotes/report-pages.server.ts";
import { siteUrl } from "~/lib/public-site/seo.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import type { Route } from "./+types/quote-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const quote = foundOr404(quoteById(store, recordIdOr404(params.id)));
  const lead = leadById(store, quote.leadId)!;
  return pdfResponse({ quote, business: contentOf(context).business, siteUrl: siteUrl(), customer: lead, report: await reportForPdf(store, quote.id) });
}
