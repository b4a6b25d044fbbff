/**
 * A photo of the survey report, through the customer's own link: /q/{token}/report/{id}/{size}
 * for the quote it was sent with, /c/{token}/report/{id}/{size} for the latest quote of the
 * request sent with one. Only a photo of that report, only the server's own copy (no metadata);
 * a forged, reset or closed link, or any other photo, gets 404. Never cached or indexed.
 */
import { privatePhoto } from "~/lib/photos/private-photo.server.ts";
import { checkCustomerLink } from "~/lib/links/page-links.server.ts";
import { jobPhotoPath } from "~/lib/photos/job-photos.server.ts";
import { latestReportOf, photoInReport, reportOfQuote, type SentReport } from "~/lib/photos/survey-report.server.ts";
import { quotesSentTo } from "~/lib/quotes/answer.server.ts";
import { checkQuoteLink } from "~/lib/quotes/quotes.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-report-photo";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const store = storeOf(context);
  let report: SentReport | undefined;
  if (new URL(request.url).pathname.startsWith("/q/")) {
    const link = checkQuoteLink(store, params.token);
    report = link.state === "open" ? reportOfQuote(store, link.quote.id) : undefined;
  } else {
    const link = checkCustomerLink(store, params.token);
    report = link.state === "open" ? latestReportOf(store, quotesSentTo(store, link.leadId).map((quote) => quote.id))?.report : undefined;
  }
  const photo = photoInReport(report, params.photo);
  const file = photo && jobPhotoPath(store, store.photosDir, photo.id, params.size);
  return privatePhoto(file);
}
