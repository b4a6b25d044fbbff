import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { fileContent, servicePath } from "./content/index.ts";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  // Each service has two paths showing one page: /{slug}-in-stevenage (canonical, one route per
  // service because a segment cannot be half static) and /services/{slug}.
  ...fileContent.services.map((service) =>
    route(servicePath(service).slice(1), "routes/service.tsx", { id: `service-${service.slug}` }),
  ),
  route("services/:slug", "routes/service.tsx", { id: "service-alias" }),
  route("gallery", "routes/gallery.tsx"),
  route("sitemap", "routes/sitemap.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("api/contact", "routes/api-contact.ts"),
  // The owner's area, rendered per request (never prerendered). Sign-in, invites and the passkey
  // ceremonies are open; everything else sits under the one guard (routes/admin/guard.tsx).
  ...prefix("admin", [
    // The owner's app: its service worker (scope /admin/) and its manifest, open like any asset.
    route("sw.js", "routes/admin/service-worker.ts"),
    route("manifest.webmanifest", "routes/admin/manifest.ts"),
    layout("routes/admin/area.tsx", [
      route("sign-in", "routes/admin/sign-in.tsx"),
      route("invite/:token", "routes/admin/invite.tsx"),
      route("webauthn/registration", "routes/admin/webauthn-registration.ts"),
      route("webauthn/authentication", "routes/admin/webauthn-authentication.ts"),
      layout("routes/admin/guard.tsx", [
        index("routes/admin/inbox.tsx"),
        route("requests/:id", "routes/admin/request.tsx"),
        route("requests/:id/answered", "routes/admin/answered.ts"),
        route("requests/:id/job-done", "routes/admin/job-done.tsx"),
        route("requests/:id/customer-link", "routes/admin/customer-link.tsx"),
        route("requests/:id/report", "routes/admin/request-report.tsx"),
        // Visits: booked from a request, then moved or cancelled on their own pages.
        route("requests/:id/visits/new", "routes/admin/visit-book.tsx"),
        route("visits/:id/move", "routes/admin/visit-move.tsx"),
        route("visits/:id/cancel", "routes/admin/visit-cancel.tsx"),
        route("diary", "routes/admin/diary.tsx"),
        route("diary/reset-link", "routes/admin/diary-reset.tsx"),
        route("quotes/:id", "routes/admin/quote.tsx"),
        route("quotes/:id/send", "routes/admin/quote-send.tsx"),
        route("quotes/:id/pdf", "routes/admin/quote-pdf.ts"),
        route("price-list", "routes/admin/price-list.tsx"),
        // Invoices' and credit notes' PDFs, as the customer gets them (a draft's is a preview).
        route("invoices/:id/pdf", "routes/admin/invoice-pdf.ts"),
        route("credit-notes/:id/pdf", "routes/admin/credit-note-pdf.ts"),
        // Invoices: made from a request, then edited as drafts, sent once, paid and corrected.
        route("requests/:id/invoices/new", "routes/admin/invoice-new.tsx"),
        route("invoices/:id", "routes/admin/invoice.tsx"),
        route("invoices/:id/send", "routes/admin/invoice-send.tsx"),
        route("invoices/:id/credit-note", "routes/admin/credit-note.tsx"),
        route("payments/:id/remove", "routes/admin/payment-remove.tsx"),
        route("requests.csv", "routes/admin/requests-csv.ts"),
        route("photos/:id", "routes/admin/photo.ts"),
        route("job-photos/:id/:size", "routes/admin/job-photo.ts"),
        route("sources", "routes/admin/sources.tsx"),
        route("insights", "routes/admin/insights.tsx"),
        // Money at a glance, and the accountant's two files for the period it shows.
        route("money", "routes/admin/money.tsx"),
        route("money/invoices.csv", "routes/admin/money-invoices-csv.ts"),
        route("money/payments.csv", "routes/admin/money-payments-csv.ts"),
        route("help", "routes/admin/help.tsx"),
        // With no signal: the app's page for a page not kept, and the list of pages the phone keeps.
        route("offline", "routes/admin/offline.tsx"),
        route("offline/pages.json", "routes/admin/offline-pages.ts"),
        route("waiting", "routes/admin/waiting.tsx"),
        route("more", "routes/admin/more.tsx"),
        route("passkeys", "routes/admin/passkeys.tsx"),
        route("notifications", "routes/admin/notifications.tsx"),
        route("survey-bookings", "routes/admin/survey-bookings.tsx"),
        // Your site: the overview publishes the one draft; each short page saves its part into it.
        route("site", "routes/admin/site.tsx"),
        route("site/contact", "routes/admin/site-contact.tsx"),
        route("site/hours", "routes/admin/site-hours.tsx"),
        route("site/promises", "routes/admin/site-promises.tsx"),
        route("site/social", "routes/admin/site-social.tsx"),
        route("site/invoicing", "routes/admin/site-invoicing.tsx"),
        route("site/versions", "routes/admin/site-versions.tsx"),
        route("site/testimonials", "routes/admin/site-testimonials.tsx"),
        route("site/gallery", "routes/admin/site-gallery.tsx"),
        route("site/texts", "routes/admin/site-texts.tsx"),
        route("reviews", "routes/admin/reviews.tsx"),
        route("site/preview/*", "routes/admin/site-preview.ts"),
        route("sign-out", "routes/admin/sign-out.ts"),
        route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
      ]),
    ]),
  ]),
  // A customer's quote: the token is the key, so it is rendered per request (server/app.ts).
  route("q/:token", "routes/customer-quote.tsx"),
  route("q/:token/pdf", "routes/customer-quote-pdf.ts"),
  // The survey report's photos, through the customer's own link (the quote's, or their page's).
  route("q/:token/report/:photo/:size", "routes/customer-report-photo.ts", { id: "quote-report-photo" }),
  // A customer's review of a finished job: one-time link, rendered per request like the quote.
  route("review/:token", "routes/customer-review.tsx"),
  // The customer's own page: every request has one, and every e-mail to the customer links to it.
  // Its link is derived, not stored (docs/decisions/0026-one-link-rule.md); rendered per request.
  route("c/:token", "routes/customer-page.tsx"),
  route("c/:token/quotes/:quoteId/pdf", "routes/customer-page-pdf.ts"),
  route("c/:token/invoices/:invoiceId/pdf", "routes/customer-page-invoice-pdf.ts"),
  route("c/:token/credit-notes/:creditNoteId/pdf", "routes/customer-page-credit-note-pdf.ts"),
  route("c/:token/review", "routes/customer-page-review.tsx"),
  route("c/:token/photos/:photoId/:size", "routes/customer-page-photo.ts"),
  route("c/:token/report/:photo/:size", "routes/customer-report-photo.ts", { id: "page-report-photo" }),
  route("c/:token/visits/:visitId/calendar", "routes/customer-page-visit-ics.ts"),
  // A survey the customer booked online, moved or cancelled by him up to 24 hours before.
  route("c/:token/visits/:visitId/move", "routes/customer-page-visit-move.tsx"),
  route("c/:token/visits/:visitId/cancel", "routes/customer-page-visit-cancel.tsx"),
  // Book your free survey: every time free (See more times) and Book this time, from the customer's
  // page or from the thank-you page's one-time link (/book/{token}); then the booked answer.
  route("c/:token/survey", "routes/survey-times.tsx", { id: "customer-survey-times" }),
  route("c/:token/survey/booked", "routes/customer-survey-booked.tsx"),
  route("book/:token", "routes/survey-times.tsx", { id: "booking-link-times" }),
  // The owner's calendar feed, /calendar/{token}.ics: its token is the key (no sign-in), derived
  // like the customer's page; rendered per request (server/app.ts).
  route("calendar/:file", "routes/calendar-feed.ts"),
  // Area pages are /areas/roofers-in-{slug}/ with a trailing slash. The "roofers-in-" prefix is
  // checked by the loader: a segment cannot be half static.
  route("areas/:slug", "routes/area.tsx"),
  // Region hubs sit at the top level (/hertfordshire); the loader answers 404 for anything else.
  route(":region", "routes/region.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
