/**
 * Words the e-mails, the pages and the PDFs share: a moment as people read it in the UK, a day in
 * words ("3 December 2026"), a month ("December 2026"), and a sentence that ends with a name
 * ("… Sarah M.") never given a second full stop.
 */
import { ukClock } from "./uk-time.ts";

const DAY_AND_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const WITH_YEAR = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * "Tue 25 Nov, 14:05" in UK time, summer and winter alike; "Tue 25 Nov 2025, 14:05" when the
 * moment is in another UK year than `now`.
 */
export function dayAndTime(at: string | Date, now: Date = new Date()): string {
  const moment = new Date(at);
  const format = ukClock(moment).year === ukClock(now).year ? DAY_AND_TIME : WITH_YEAR;
  // Some versions of the time-zone data put a comma after the weekday: it is not how the UK writes it.
  return format.format(moment).replace(/^(\p{L}+),/u, "$1");
}

/** The words as one sentence: a full stop added unless they end with one already (or ! or ?). */
export function sentence(words: string): string {
  const trimmed = words.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "December 2026" for a month (YYYY-MM). */
export function monthWords(month: string): string {
  return MONTH.format(new Date(`${month}-15T12:00:00Z`));
}

/** "3 December 2026" for a YYYY-MM-DD date. */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}
