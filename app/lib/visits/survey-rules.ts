/**
 * The owner's rules for surveys the visitor books himself (issue 38 §1): whether it is on, the
 * days and hours a survey may start, its length, the time between visits, how soon and how far
 * ahead, and how many a day. Until the owner first saves them, the defaults: off, the opening
 * hours, 45 minutes, 15 between, from the next working day, 14 days ahead, 3 a day. Pure.
 */
import type { Business } from "../../content/schema.ts";
import type { Weekday } from "../time/uk-time.ts";

export const WEEKDAYS: readonly Weekday[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The hours of one day a survey may start in, minutes since midnight (UK), or null: none that day. */
export type SurveyDay = { from: number; to: number } | null;

export interface SurveyRules {
  /** Whether the site offers times at all. */
  on: boolean;
  days: Record<Weekday, SurveyDay>;
  /** How long a survey lasts, in minutes. */
  lengthMinutes: number;
  /** The time kept free between two visits, before the drive between them. */
  bufferMinutes: number;
  /** The first day offered, in working days after today: 1 is the next working day, 0 today. */
  earliestDays: number;
  /** The last day offered, in days after today. */
  aheadDays: number;
  /** A day with this many surveys booked offers no more. */
  maxPerDay: number;
}

/** What the owner may set, as the page says it. */
export const LIMITS = {
  lengthMinutes: { min: 15, max: 180 },
  bufferMinutes: { min: 0, max: 240 },
  earliestDays: { min: 0, max: 30 },
  aheadDays: { min: 1, max: 90 },
  maxPerDay: { min: 1, max: 20 },
} as const;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The opening hours as survey days: a survey may start any time the business is open. */
export function daysFromHours(hours: Business["openingHours"]): Record<Weekday, SurveyDay> {
  const days = {} as Record<Weekday, SurveyDay>;
  for (const weekday of WEEKDAYS) {
    const row = hours.find((entry) => (entry.days as string[]).includes(weekday));
    days[weekday] = row?.opens && row.closes ? { from: toMinutes(row.opens), to: toMinutes(row.closes) } : null;
  }
  return days;
}

/** The rules before the owner has saved any. */
export function defaultRules(hours: Business["openingHours"]): SurveyRules {
  return { on: false, days: daysFromHours(hours), lengthMinutes: 45, bufferMinutes: 15, earliestDays: 1, aheadDays: 14, maxPerDay: 3 };
}
