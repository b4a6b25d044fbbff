/**
 * A visit in words, as the owner's pages and the customer's e-mails say it: "Survey", "your roof
 * survey", "tomorrow, Thursday 26 November, 9:00–11:00", "because of the weather forecast". UK
 * wall-clock time (Europe/London), whatever the server's zone. Pure: the browser's clash check
 * shares the times.
 */
import { addDays, ukClock, ukDate } from "../time/uk-time.ts";
import { clockWords } from "../time/clock-words.ts";

export const VISIT_KINDS = ["survey", "job-day", "other"] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** The kinds as the owner's pages name them. */
export const KIND_NAMES: Record<VisitKind, string> = { survey: "Survey", "job-day": "Job day", other: "Other" };

/** The kinds as a customer reads them, after "your". */
export const CUSTOMER_KIND_NAMES: Record<VisitKind, string> = { survey: "roof survey", "job-day": "roofing work", other: "visit" };

/** Why a visit moved: the owner's choice, and how the customer's e-mail says it. */
export const MOVE_REASONS = ["weather", "materials", "other"] as const;
export type MoveReason = (typeof MOVE_REASONS)[number];

export const REASON_NAMES: Record<MoveReason, string> = { weather: "Weather", materials: "Materials", other: "Other" };

/** "because of the weather forecast"; Other says the owner's own words, or nothing. */
export function reasonWords(reason: MoveReason, words = ""): string | undefined {
  if (reason === "weather") return "because of the weather forecast";
  if (reason === "materials") return "because the materials will not be ready in time";
  return words.trim() ? `for this reason: ${words.trim().replace(/[.!]+$/, "")}` : undefined;
}

/** "9:00", "13:30": the app's one way of writing a time (app/lib/time/clock-words.ts). */
export { clockWords };

const DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });

/** "Thursday 26 November" for a UK date (YYYY-MM-DD), with its year when not `now`'s. */
export function dayWords(date: string, now: Date = new Date()): string {
  const words = DAY.format(new Date(`${date}T12:00:00Z`)).replace(/^(\p{L}+),/u, "$1");
  return date.slice(0, 4) === ukDate(now).slice(0, 4) ? words : `${words} ${date.slice(0, 4)}`;
}

/** "9:00–11:00" for a visit's instants. */
export function timesWords(start: Date, end: Date): string {
  return `${clockWords(ukClock(start).minutes)}–${clockWords(ukClock(end).minutes)}`;
}

/** "Thursday 26 November, 9:00–11:00". */
export function whenWords(start: Date, end: Date, now: Date = new Date()): string {
  return `${dayWords(ukDate(start), now)}, ${timesWords(start, end)}`;
}

/** "tomorrow, Thursday 26 November, 9:00–11:00"; "today, …" and plain "Friday 27 November, …" otherwise. */
export function whenFromNow(start: Date, end: Date, now: Date = new Date()): string {
  const date = ukDate(start);
  const today = ukDate(now);
  const prefix = date === today ? "today, " : date === addDays(today, 1) ? "tomorrow, " : "";
  return `${prefix}${whenWords(start, end, now)}`;
}

/** The words with a capital first letter: "roof survey" → "Roof survey". */
export function upperFirst(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const SHORT_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short", day: "numeric", month: "short" });

/** "Tue 8 Dec": an instant's UK day, short, as a job's card and its questions name it. */
export function shortDay(at: Date): string {
  return SHORT_DAY.format(at).replace(",", "");
}
