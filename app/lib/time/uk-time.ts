/**
 * UK days, the one place that answers them: the UK date of a moment, the instants a UK day starts
 * and ends, "n days later", and the wall-clock time the opening hours are read in. Every answer
 * is built from the UK's offset at the instant asked about (at a day's midnight for its start),
 * never from a wall-clock reading worked back into an instant, so a clock-change day is exact:
 * Sunday 29 March 2026 lasts 23 hours, Sunday 25 October 2026 lasts 25.
 *
 * Pure: `now` is passed in (a Clock where something keeps asking), so tests set the time.
 */

/** Where the time comes from: the system's (`() => new Date()`), or a test's that it moves. */
export type Clock = () => Date;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const HOUR_MS = 60 * 60 * 1000;

const UK_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

/**
 * Minutes the UK is ahead of UTC, by UTC hour since 1970, as the time-zone data says. The UK
 * changes its clocks on the hour (01:00 UTC), so one answer holds for a whole hour; asking the
 * time-zone data every time cost more than the rest of storing a request.
 */
const offsetsByHour = new Map<number, number>();

function offsetOfHour(hour: number): number {
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    const parts = Object.fromEntries(UK_PARTS.formatToParts(new Date(hour * HOUR_MS)).map((part) => [part.type, part.value]));
    const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
    offset = Math.round((wall - hour * HOUR_MS) / 60_000);
    if (offsetsByHour.size >= 10_000) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

/** Minutes the UK is ahead of UTC at an instant: 0 in winter (GMT), 60 in summer (BST). */
function ukOffsetMinutes(at: Date | number): number {
  return offsetOfHour(Math.floor(Number(at) / HOUR_MS));
}

export interface UkClock {
  year: number;
  month: number;
  day: number;
  /** Minutes since midnight, UK time. */
  minutes: number;
  weekday: Weekday;
}

/** The UK calendar day and wall-clock time of an instant. */
export function ukClock(at: Date): UkClock {
  const wall = new Date(at.getTime() + ukOffsetMinutes(at) * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    weekday: WEEKDAYS[wall.getUTCDay()]!,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The UK calendar date of an instant, YYYY-MM-DD. */
export function ukDate(at: Date): string {
  const { year, month, day } = ukClock(at);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Today's UK date, YYYY-MM-DD. */
export function ukToday(now: Date = new Date()): string {
  return ukDate(now);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParts(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The calendar date `days` after `date` (before, when negative): days of the calendar, not of 24 hours. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = dateParts(date);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

/**
 * The instant of a UK wall-clock time (minutes since midnight) on a UK date. From the offset at
 * that moment: the guess made with the offset at the same UTC time is checked once against the
 * offset at the answer, which differs only near a change of the clocks. A time the spring change
 * skips (01:30 on its day) comes out an hour later, as a clock would show it.
 */
export function ukInstant(date: string, minutes: number): Date {
  const [year, month, day] = dateParts(date);
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  const first = guess - ukOffsetMinutes(guess) * 60_000;
  return new Date(guess - ukOffsetMinutes(first) * 60_000);
}

/** When a UK day starts: its midnight, at the offset then (00:00 UTC in winter, 23:00 UTC the day before in summer). */
export function ukDayStart(date: string): Date {
  return ukInstant(date, 0);
}

/** When a UK day ends: the next day's midnight. A day is 23, 24 or 25 hours long. */
export function ukDayEnd(date: string): Date {
  return ukDayStart(addDays(date, 1));
}

/** The start of the UK day an instant falls in ("today" from midnight, UK time). */
export function startOfUkDay(at: Date): Date {
  return ukDayStart(ukDate(at));
}

/**
 * The same UK wall-clock time `days` UK days after `at` (a follow-up "on day 3" goes at the time
 * of day it was sent, in summer and in winter alike).
 */
export function ukDaysLater(at: Date, days: number): Date {
  const later = ukInstant(addDays(ukDate(at), days), ukClock(at).minutes);
  // The seconds and milliseconds past the minute come along.
  return new Date(later.getTime() + (at.getTime() % 60_000));
}

/** Hours in a UK day: 24, or 23 and 25 on the days the clocks change. */
export function ukDayHours(date: string): number {
  return (ukDayEnd(date).getTime() - ukDayStart(date).getTime()) / HOUR_MS;
}
