/** The customer's quote as a PDF, through the same link; a link that is not open gets nothing. */
import { contentOf, storeOf } from "~/lib/services/services.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { checkQuoteLink } from "~/lib/quotes/quotes.server.ts";
import { pdfResponse } from "~/lib/quotes/pdf.server.ts";
import { reportForPdf } from "~/lib/quotes/report-pages.server.ts";
import { siteUrl } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/customer-quote-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkQuoteLink(store, params.token);
  const lead = link.state === "open" ? leadById(store, link.quote.leadId) : undefined;
  if (link.state !== "open" || !lead) {
    return new Response("This quote link does not work any more.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" } });
  }
  const response = await pdfResponse({ quote: link.quote, business: contentOf(context).business, siteUrl: siteUrl(), customer: lead, report: await reportForPdf(store, link.quote.id) });
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}
