/**
 * The visitor books his own free survey (issue 38 §3–§4, decision 36): what is offered to a
 * request, and the booking itself, inside the one transaction the action runs in. The time is
 * asked again of the same pure function under the rules now (`stillFree`), never trusted from the
 * page, so two posts of one time are taken one after the other and the second finds it gone. The
 * survey is then booked as the owner books one (invitation, reminder, diary, feed), and the owner
 * is told by push and e-mail through the one queue.
 */
import type { Content } from "../../content/load.ts";
import type { Db, KeyedDb } from "../db/connection.server.ts";
import { closeBookingToken } from "../links/booking-tokens.server.ts";
import { oneLine } from "../mail/mailer.server.ts";
import { leadById } from "../requests/lead.ts";
import { bookVisits } from "./book.server.ts";
import { offeredTimes, stillFree } from "./offered-times.server.ts";
import { surveyStart, tellOwner } from "./owner-told.server.ts";
import type { SurveyTime } from "./survey-times.ts";
import { visitById, type Visit } from "./visits.server.ts";
import { clockWords, dayWords, whenWords } from "./words.ts";

/** How many of the best times the offer shows; See more times lists every one. */
export const OFFERED_FIRST = 6;

/** Whether the request has a survey booked now (by anyone): then no times are offered and none can be booked online. */
function surveyBooked(store: Db, leadId: number): boolean {
  return store.db.prepare("SELECT 1 FROM visits WHERE lead_id = ? AND kind = 'survey' AND status = 'booked'").get(leadId) !== undefined;
}

/** Whether the customer has booked a survey online on this request already: one per request, a second is the owner's. */
function bookedOnline(store: Db, leadId: number): boolean {
  return store.db.prepare("SELECT 1 FROM visits WHERE lead_id = ? AND kind = 'survey' AND booked_by = 'customer'").get(leadId) !== undefined;
}

/** The times a request is offered now, best first; or why none: bookings are off, or it has its survey. */
export function surveyOffer(store: Db, content: Content, leadId: number, now: Date): SurveyTime[] | "off" | "booked" {
  const lead = leadById(store, leadId);
  if (!lead || surveyBooked(store, leadId) || bookedOnline(store, leadId)) return "booked";
  const offered = offeredTimes(store, content, lead, now);
  return offered.on ? offered.times : "off";
}

/** A time as the page shows it: its start as posted back, and "Tuesday 2 December, 10:00–10:45". */
export interface ShownTime {
  value: string;
  label: string;
}

/** One day of See more times: "Tuesday 2 December" and its times ("10:00–10:45"). */
export interface ShownDay {
  day: string;
  times: ShownTime[];
}

export const shownTime = (time: SurveyTime, now: Date): ShownTime => ({ value: time.start.toISOString(), label: whenWords(time.start, time.end, now) });

/** Every time by day, in the day's order. */
export function shownDays(times: readonly SurveyTime[], now: Date): ShownDay[] {
  const days = new Map<string, ShownTime[]>();
  for (const time of [...times].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const day = days.get(time.date) ?? [];
    day.push({ value: time.start.toISOString(), label: `${clockWords(time.from)}–${clockWords(time.to)}` });
    days.set(time.date, day);
  }
  return [...days].map(([date, list]) => ({ day: dayWords(date, now), times: list }));
}

/** What a booking gave: the visit; the time gone (with the next best); or why none can be booked. */
export type Booking = { kind: "booked"; visit: Visit } | { kind: "gone"; times: SurveyTime[] } | { kind: "refused"; why: "off" | "second" };

/** The town's name a request is in, as the owner's notice says it. */
/**
 * Books the survey starting at `start` for the request, inside the caller's transaction (the
 * action's `BEGIN IMMEDIATE`): the time is checked again now, the request's booking link closed.
 */
export function bookSurveyOnline(store: KeyedDb, content: Content, leadId: number, start: Date, change: { mail: boolean; now: Date }): Booking {
  const { now } = change;
  const lead = leadById(store, leadId)!;
  if (bookedOnline(store, leadId) || surveyBooked(store, leadId)) return { kind: "refused", why: "second" };
  const offered = offeredTimes(store, content, lead, now);
  if (!offered.on) return { kind: "refused", why: "off" };
  const time = stillFree(store, content, lead, start, now);
  if (!time) return { kind: "gone", times: offered.times };
  const [visit] = bookVisits(store, leadId, { kind: "survey", days: [{ start: time.start, end: time.end }], notes: "" }, { actor: "the customer", hours: content.business.openingHours, mail: change.mail, now, bookedBy: "customer" })!;
  closeBookingToken(store.db, leadId, now);
  tellOwner(store, content, lead, visit!, "Survey booked", `${oneLine(lead.name)} booked a survey online for ${surveyStart(visit!, now)}. It is in your diary, and they have its invitation.`, now);
  return { kind: "booked", visit: visit! };
}

/** The survey the customer booked online on this request and still booked, if any. */
export function onlineSurvey(store: Db, leadId: number): Visit | undefined {
  const row = store.db.prepare("SELECT id FROM visits WHERE lead_id = ? AND kind = 'survey' AND booked_by = 'customer' AND status = 'booked' ORDER BY id DESC LIMIT 1").get(leadId) as { id: number } | undefined;
  return row && visitById(store, row.id);
}

/** The offer a page shows for the request: its best times, posting to `action` (See more times there too); undefined when none. */
export function offerOnPage(store: Db, content: Content, leadId: number, action: string, now: Date): { action: string; more: string; times: ShownTime[] } | undefined {
  const times = surveyOffer(store, content, leadId, now);
  if (typeof times === "string" || times.length === 0) return undefined;
  return { action, more: action, times: times.slice(0, OFFERED_FIRST).map((time) => shownTime(time, now)) };
}
