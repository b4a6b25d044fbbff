/**
 * What the owner's pages show of visits, from the store: a request's visits with their overlaps,
 * the booked times the forms check a clash against, the words a Delete names them in, and the
 * change a form's post makes (who, the hours published now, whether e-mail is set up).
 */
import type { Db } from "../db/connection.server.ts";
import { ukClock, ukDate } from "../time/uk-time.ts";
import type { BookedTimes } from "./clash.ts";
import type { DayValues } from "./visit-form.ts";
import { askedSince } from "./rearrange.server.ts";
import { overlapsOf, upcomingBooked, upcomingOfLead, visitsOfLead, type Told, type Visit } from "./visits.server.ts";
import { clockWords, KIND_NAMES, shortDay, timesWords, whenFromNow, whenWords, upperFirst } from "./words.ts";

/** A visit as the request's page lists it. */
export interface VisitItem {
  id: number;
  kind: string;
  jobDay: boolean;
  /** "Tomorrow, Thursday 26 November, 9:00–11:00". */
  when: string;
  /** "survey, Thursday 26 November": what Move and Cancel visit name, after their words. */
  short: string;
  notes: string;
  cancelled: boolean;
  /** Over by now: nothing left to move or cancel. */
  over: boolean;
  told: Told;
  /** "Overlaps Survey, Sarah Jones, 9:00–11:00", one for each booked visit it overlaps. */
  overlaps: string[];
  /** The customer's words asking to rearrange it, until it moves. */
  asked?: string;
}


/** "Survey, Sarah Jones, 9:00–11:00". */
const labelOf = (visit: Visit & { name: string }) => `${KIND_NAMES[visit.kind]}, ${visit.name}, ${timesWords(new Date(visit.startAt), new Date(visit.endAt))}`;

export function visitItems(store: Db, leadId: number, now: Date): VisitItem[] {
  return visitsOfLead(store, leadId).map((visit) => {
    const start = new Date(visit.startAt);
    const end = new Date(visit.endAt);
    const cancelled = visit.status === "cancelled";
    return {
      id: visit.id,
      kind: KIND_NAMES[visit.kind],
      jobDay: visit.kind === "job-day",
      when: upperFirst(whenFromNow(start, end, now)),
      short: `${KIND_NAMES[visit.kind].toLowerCase()}, ${whenWords(start, end, now).split(",")[0]}`,
      notes: visit.notes,
      cancelled,
      over: visit.endAt <= now.toISOString(),
      told: visit.told,
      overlaps: cancelled ? [] : overlapsOf(store, visit).map((other) => `Overlaps ${labelOf(other)}`),
      asked: cancelled ? undefined : askedSince(store, visit),
    };
  });
}

/** A request's visits still to come, in words, for the question Delete asks. */
export function upcomingWords(store: Db, leadId: number, now: Date): string[] {
  return upcomingOfLead(store, leadId, now).map((visit) => `${KIND_NAMES[visit.kind]}, ${whenWords(new Date(visit.startAt), new Date(visit.endAt), now)}`);
}

/** The booked visits still to come (but `except`), as the forms check a clash against them. */
export function bookedTimes(store: Db, now: Date, except = 0): BookedTimes[] {
  return upcomingBooked(store, now, except).map((visit) => ({
    date: ukDate(new Date(visit.startAt)),
    from: ukClock(new Date(visit.startAt)).minutes,
    to: ukClock(new Date(visit.endAt)).minutes,
    label: labelOf(visit),
  }));
}

/** A visit's times as its form shows them: the UK date, "9:00", "11:00". */
export function dayValuesOf(visit: Pick<Visit, "startAt" | "endAt">): DayValues {
  const start = new Date(visit.startAt);
  const clock = (at: Date) => clockWords(ukClock(at).minutes).padStart(5, "0");
  return { date: ukDate(start), from: clock(start), to: clock(new Date(visit.endAt)) };
}

/** A job's next visit, as its card and the first screen of its page name it. */
export interface NextVisit {
  startAt: string;
  /** "Job day Tue 8 Dec". */
  short: string;
  /** "Job day: tomorrow, Tuesday 8 December, 8:00–16:00". */
  when: string;
}

/** The next booked visit of a request not yet over, if any. */
export function nextVisitOf(store: Db, leadId: number, now: Date): NextVisit | null {
  const visit = upcomingOfLead(store, leadId, now).toSorted((a, b) => (a.startAt < b.startAt ? -1 : 1))[0];
  if (!visit) return null;
  const start = new Date(visit.startAt);
  return { startAt: visit.startAt, short: `${KIND_NAMES[visit.kind]} ${shortDay(start)}`, when: `${KIND_NAMES[visit.kind]}: ${whenFromNow(start, new Date(visit.endAt), now)}` };
}
