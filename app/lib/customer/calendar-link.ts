/**
 * Add to calendar's link to Google Calendar (issue 35 §6): its "new event" page with the visit
 * filled in, the same event as the visit's calendar file (lib/visits/ics.server.ts customerEvent).
 * Other calendars take that file; Google's phone app opens this link.
 */

/** An instant as Google's `dates` writes it: 20261208T090000Z. */
function googleInstant(at: Date): string {
  return at.toISOString().replace(/[-:]|\.\d{3}/g, "");
}

export interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location: string;
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const query = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${googleInstant(event.start)}/${googleInstant(event.end)}`,
    details: event.details,
    location: event.location.replace(/\s*\n\s*/g, ", "),
  });
  return `https://calendar.google.com/calendar/render?${query}`;
}
