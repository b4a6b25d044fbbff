/**
 * A visit as a calendar file (RFC 5545), made with ical-generator: one VEVENT whose UID is the
 * visit's for its whole life, whose SEQUENCE rises with each change, with its times in UTC (never
 * floating: a phone in New York shows 9:00 London as 4:00). An invitation or a move is
 * METHOD:REQUEST, a cancellation METHOD:CANCEL with STATUS:CANCELLED (RFC 5546), so the customer's
 * calendar adds, moves or removes the one event. The owner's notes never go in it.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { oneLine } from "../mail/mailer.server.ts";
import { CUSTOMER_KIND_NAMES, upperFirst, type VisitKind } from "./words.ts";

export interface CalendarVisit {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** "Roof survey: Kestrel Roofing". */
  summary: string;
  /** The address of the work; empty when none was given. */
  location: string;
  /** What the customer reads under it: how to reach the business. */
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** REQUEST and CANCEL for the e-mails (RFC 5546); PUBLISH for Add to calendar on the customer's page. */
export type CalendarMethod = "REQUEST" | "CANCEL" | "PUBLISH";

const METHODS = { REQUEST: ICalCalendarMethod.REQUEST, CANCEL: ICalCalendarMethod.CANCEL, PUBLISH: ICalCalendarMethod.PUBLISH } as const;

/** The event as the customer's calendar shows it: what, the firm, the address, how to reach them; never the owner's notes. */
export function customerEvent(
  visit: { uid: string; sequence: number; kind: VisitKind; start: Date; end: Date },
  customer: { name: string; email: string; location: string },
  business: { name: string; email: string; phone: { display: string } },
  pageLink?: string,
): CalendarVisit {
  return {
    uid: visit.uid,
    sequence: visit.sequence,
    start: visit.start,
    end: visit.end,
    summary: `${upperFirst(CUSTOMER_KIND_NAMES[visit.kind])}: ${business.name}`,
    location: oneLine(customer.location),
    description: `${business.name}. Questions, or need another time? Call ${business.phone.display}.${pageLink ? ` ${pageLink}` : ""}`,
    organizer: { name: business.name, email: business.email },
    attendee: { name: oneLine(customer.name), email: oneLine(customer.email) },
  };
}

/**
 * The calendar file of one message about a visit, or about several booked together (Schedule
 * job's days: one VEVENT each, each with its own UID); `stamp` is when it was made (DTSTAMP).
 */
export function visitCalendar(visits: CalendarVisit | readonly CalendarVisit[], method: CalendarMethod, stamp: Date): string {
  const all = [visits].flat();
  const calendar = ical({
    prodId: { company: all[0]!.organizer.name, product: "Visits", language: "EN" },
    method: METHODS[method],
  });
  for (const visit of all) addEvent(calendar, visit, method, stamp);
  return calendar.toString();
}

function addEvent(calendar: ReturnType<typeof ical>, visit: CalendarVisit, method: CalendarMethod, stamp: Date) {
  calendar.createEvent({
    id: visit.uid,
    sequence: visit.sequence,
    stamp,
    start: visit.start,
    end: visit.end,
    summary: visit.summary,
    location: visit.location || null,
    description: visit.description,
    organizer: visit.organizer,
    attendees: [{ name: visit.attendee.name, email: visit.attendee.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.NEEDSACTION, rsvp: false }],
    status: method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}
