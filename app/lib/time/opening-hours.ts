/**
 * The business's opening hours as instants: whether it is open at a moment, and when it next
 * opens. Hours are read in UK time (Europe/London, with its summer time), whatever the server's
 * own time zone, so a reminder held "until 8:00" goes at 8:00 in Stevenage in March and in July.
 */
import type { Business } from "../../content/schema.ts";
import { addDays, ukClock, ukDate, ukInstant, weekdayOf } from "./uk-time.ts";

type Hours = Business["openingHours"];

/**
 * The opening hours published now, asked for each time they are needed: a reminder or a follow-up
 * falling due reads the hours the owner has published by then, not those of the server's start
 * or of the moment it was queued.
 */
export type HoursNow = () => Hours;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The opening and closing minutes of a weekday, or undefined when closed all day. */
function dayHours(hours: Hours, weekday: string): { opens: number; closes: number } | undefined {
  const row = hours.find((entry) => (entry.days as string[]).includes(weekday));
  if (!row?.opens || !row.closes) return undefined;
  return { opens: toMinutes(row.opens), closes: toMinutes(row.closes) };
}

export function isOpenAt(hours: Hours, at: Date): boolean {
  const clock = ukClock(at);
  const day = dayHours(hours, clock.weekday);
  return Boolean(day && clock.minutes >= day.opens && clock.minutes < day.closes);
}

/**
 * `at` itself when the business is open then, else the next opening time. Undefined only when
 * the hours have no open day at all (then nothing is ever held).
 */
export function nextOpening(hours: Hours, at: Date): Date | undefined {
  if (isOpenAt(hours, at)) return at;
  const today = ukDate(at);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = addDays(today, ahead);
    const day = dayHours(hours, weekdayOf(date));
    if (!day) continue;
    const opens = ukInstant(date, day.opens);
    if (opens.getTime() > at.getTime()) return opens;
  }
  return undefined;
}

/** A UK date's opening and closing times in minutes since midnight, or undefined when it is closed all day. */
export function openMinutesOn(hours: Hours, date: string): { opens: number; closes: number } | undefined {
  return dayHours(hours, weekdayOf(date));
}

/** The instants a UK date opens and closes, or undefined when it is closed all day. */
export function openingOn(hours: Hours, date: string): { opens: Date; closes: Date } | undefined {
  const day = dayHours(hours, weekdayOf(date));
  return day && { opens: ukInstant(date, day.opens), closes: ukInstant(date, day.closes) };
}

/** When something due at `due` may go out: then, if open, else at the next opening. */
export function withinOpeningHours(hours: Hours, due: Date): Date {
  return nextOpening(hours, due) ?? due;
}
