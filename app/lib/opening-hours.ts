/**
 * The business's opening hours as instants: whether it is open at a moment, and when it next
 * opens. Hours are read in UK time (Europe/London, with its summer time), whatever the server's
 * own time zone, so a reminder held "until 8:00" goes at 8:00 in Stevenage in March and in July.
 */
import type { Business } from "../content/schema.ts";

type Hours = Business["openingHours"];

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

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

interface UkClock {
  year: number;
  month: number;
  day: number;
  /** Minutes since midnight, UK time. */
  minutes: number;
  weekday: (typeof WEEKDAYS)[number];
}

const HOUR_MS = 60 * 60 * 1000;

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

/** The UK calendar day and wall-clock time of an instant. */
export function ukClock(at: Date): UkClock {
  const wall = new Date(at.getTime() + offsetOfHour(Math.floor(at.getTime() / HOUR_MS)) * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    weekday: WEEKDAYS[wall.getUTCDay()]!,
  };
}

/** Minutes the UK is ahead of UTC at an instant: 0 in winter, 60 in summer. */
function ukOffsetMinutes(at: Date): number {
  return offsetOfHour(Math.floor(at.getTime() / HOUR_MS));
}

/** The instant of a UK wall-clock time on a UK calendar day. */
export function ukInstant(year: number, month: number, day: number, minutes: number): Date {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  const first = new Date(guess - ukOffsetMinutes(new Date(guess)) * 60_000);
  // Near a clock change the offset at the guess can differ from the offset at the answer.
  return new Date(guess - ukOffsetMinutes(first) * 60_000);
}

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
  const today = ukClock(at);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + ahead));
    const day = dayHours(hours, WEEKDAYS[date.getUTCDay()]!);
    if (!day) continue;
    const opens = ukInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), day.opens);
    if (opens.getTime() > at.getTime()) return opens;
  }
  return undefined;
}

/** When something due at `due` may go out: then, if open, else at the next opening. */
export function withinOpeningHours(hours: Hours, due: Date): Date {
  return nextOpening(hours, due) ?? due;
}
