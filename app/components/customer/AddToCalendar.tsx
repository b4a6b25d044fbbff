import { ChevronDownIcon } from "~/components/icons.tsx";
import { googleCalendarUrl } from "~/lib/customer/calendar-link.ts";
import type { CustomerVisit } from "~/lib/customer/shown.ts";
import { useSiteData } from "~/lib/public-site/site-data.ts";

/**
 * Add to calendar for one booked visit (issue 35 §6): it opens, without a script, on a link to
 * Google Calendar with the event filled in and the visit's calendar file for every other calendar
 * (the same event, under the UID of its e-mailed invitation), and says where the event then shows.
 */
export function AddToCalendar({ visit, path, location }: { visit: CustomerVisit; path: string; location: string }) {
  const { business, siteUrl } = useSiteData();
  const google = googleCalendarUrl({
    title: `${visit.what}: ${business.name}`,
    start: new Date(visit.startAt),
    end: new Date(visit.endAt),
    details: `${business.name}. Questions, or need another time? Call ${business.phone.display}. ${siteUrl}${path}`,
    location,
  });
  const which = <span className="sr-only">: {visit.what.toLowerCase()}, {visit.when}</span>;
  return (
    <details className="group">
      <summary className="btn-secondary cursor-pointer">
        Add to calendar{which}
        <ChevronDownIcon width="18" height="18" className="transition-transform group-open:rotate-180" />
      </summary>
      <ul className="mt-3 space-y-2">
        <li>
          <a href={google} className="link inline-flex min-h-11 items-center" rel="noreferrer">
            Google Calendar{which}
          </a>
        </li>
        <li>
          <a href={`${path}/visits/${visit.id}/calendar`} className="link inline-flex min-h-11 items-center" download="visit.ics">
            Apple, Outlook or another calendar (a calendar file){which}
          </a>
        </li>
      </ul>
      <p className="mt-2 text-muted">Added? It shows in your calendar app.</p>
    </details>
  );
}
