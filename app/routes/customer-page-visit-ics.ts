/**
 * Add to calendar on the customer's page: one booked visit as a calendar file (METHOD:PUBLISH),
 * with the same UID as its e-mailed invitation, so a calendar that has it already keeps one event.
 * Only through the page's live link, and only a booked visit of that request; anything else gets nothing.
 */
import { checkCustomerLink, customerPageUrl } from "~/lib/links/page-links.server.ts";
import { customerEvent, visitCalendar } from "~/lib/visits/ics.server.ts";
import { visitById } from "~/lib/visits/visits.server.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { siteUrl } from "~/lib/public-site/seo.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-page-visit-ics";

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkCustomerLink(store, params.token);
  const visit = link.state === "open" && /^\d{1,12}$/.test(params.visitId) ? visitById(store, Number(params.visitId)) : undefined;
  const lead = visit && link.state === "open" && visit.leadId === link.leadId && visit.status === "booked" ? leadById(store, visit.leadId) : undefined;
  if (!visit || !lead) {
    return new Response("This link does not work any more.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" } });
  }
  const business = contentOf(context).business;
  const event = customerEvent({ ...visit, start: new Date(visit.startAt), end: new Date(visit.endAt) }, lead, business, customerPageUrl(store, siteUrl(), lead.id));
  return new Response(visitCalendar(event, "PUBLISH", new Date()), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="visit.ics"',
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
