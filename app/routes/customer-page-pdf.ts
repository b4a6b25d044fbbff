/** A quote on the customer's page as a PDF, through the page's link; anything else gets nothing. */
import { quotesSentTo } from "~/lib/quotes/answer.server.ts";
import { checkCustomerLink } from "~/lib/links/page-links.server.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { pdfResponse } from "~/lib/quotes/pdf.server.ts";
import { reportForPdf } from "~/lib/quotes/report-pages.server.ts";
import { siteUrl } from "~/lib/public-site/seo.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-page-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkCustomerLink(store, params.token);
  const quote = link.state === "open" ? quotesSentTo(store, link.leadId).find((sent) => String(sent.id) === params.quoteId) : undefined;
  const lead = quote && leadById(store, quote.leadId);
  if (!quote || !lead) {
    return new Response("This link does not work any more.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" } });
  }
  const response = await pdfResponse({ quote, business: contentOf(context).business, siteUrl: siteUrl(), customer: lead, report: await reportForPdf(store, quote.id) });
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}
