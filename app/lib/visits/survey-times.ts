/**
 * The survey times a visitor may book (issue 38 §2), best first. A time is free when the survey,
 * with the time between visits and the drive to and from the visits either side of it, fits the
 * business's hours and the owner's survey hours that day, overlaps no booked visit, and the day
 * has fewer surveys than the most allowed. Best first: the times next to a visit the roofer
 * already has within 8 km of the visitor's town, then the earliest.
 *
 * Times start on the quarter hour of the UK wall clock (Europe/London). Each is worked out as an
 * instant, its end the survey's length later, so a clock-change day is exact: a wall-clock time
 * the spring change skips is never offered, and the autumn's repeated hour offers each time once.
 * Pure: the rules, the working week, the visits, the towns and `now` are given.
 */
import { addDays, ukClock, ukDate, ukInstant, weekdayOf } from "../time/uk-time.ts";
import { workingHoursOn, type WorkingWeek } from "./defaults.ts";
import { driveMinutes, isNear, type TownPoint } from "./drive.ts";
import type { SurveyRules } from "./survey-rules.ts";
import type { VisitKind } from "./words.ts";

/** A booked visit as the times need it: when, what kind, and the slug of its town (undefined when not known). */
export interface BookedVisit {
  start: Date;
  end: Date;
  kind: VisitKind;
  town: string | undefined;
}

export interface SurveyTime {
  start: Date;
  end: Date;
  /** Its UK date, YYYY-MM-DD. */
  date: string;
  /** UK wall-clock minutes since midnight, as the visitor reads them ("10:00–10:45"). */
  from: number;
  to: number;
  /** Next to a visit the roofer already has near the visitor's town. */
  near: boolean;
}

export interface TimesAsked {
  rules: SurveyRules;
  week: WorkingWeek;
  visits: readonly BookedVisit[];
  towns: readonly TownPoint[];
  /** The visitor's town's slug. */
  town: string;
  now: Date;
}

/** Offered times start on the quarter hour. */
const STEP = 15;
const MINUTE = 60_000;

/** Every free time, best first. */
export function surveyTimes(asked: TimesAsked): SurveyTime[] {
  const times = surveyDays(asked).flat();
  return [...times.filter((time) => time.near), ...times.filter((time) => !time.near)];
}

/** The free times of each day offered, earliest first, each day's near ones marked. */
function surveyDays(asked: TimesAsked): SurveyTime[][] {
  const { rules, week, now } = asked;
  const today = ukDate(now);
  const days: SurveyTime[][] = [];
  let workingDays = 0;
  for (let ahead = 0; ahead <= rules.aheadDays; ahead++) {
    const date = addDays(today, ahead);
    const open = workingHoursOn(week, date);
    if (!open) continue;
    if (ahead > 0) workingDays++;
    if (workingDays < rules.earliestDays) continue;
    const window = rules.days[weekdayOf(date)];
    if (!window) continue;
    days.push(dayTimes(asked, date, { from: Math.max(open.opens, window.from), to: window.to, closes: open.closes }));
  }
  return days;
}

interface Neighbours {
  before: BookedVisit | undefined;
  after: BookedVisit | undefined;
}

function dayTimes(asked: TimesAsked, date: string, window: { from: number; to: number; closes: number }): SurveyTime[] {
  const { rules, towns, now } = asked;
  const dayStart = ukInstant(date, 0);
  const dayEnd = ukInstant(addDays(date, 1), 0);
  const visits = asked.visits.filter((visit) => visit.start < dayEnd && visit.end > dayStart).sort((a, b) => a.start.getTime() - b.start.getTime());
  const surveys = visits.filter((visit) => visit.kind === "survey" && ukDate(visit.start) === date).length;
  if (surveys >= rules.maxPerDay) return [];

  const townOf = (slug: string | undefined) => towns.find((town) => town.slug === slug);
  const visitor = townOf(asked.town);
  const gap = (visit: BookedVisit) => (rules.bufferMinutes + driveMinutes(townOf(visit.town), visitor)) * MINUTE;
  const closes = ukInstant(date, window.closes);

  const free: (SurveyTime & Neighbours)[] = [];
  for (let minutes = Math.ceil(window.from / STEP) * STEP; minutes <= window.to; minutes += STEP) {
    const start = ukInstant(date, minutes);
    // A wall-clock time the spring change skips comes back an hour later: it is not this time.
    if (ukDate(start) !== date || ukClock(start).minutes !== minutes) continue;
    const end = new Date(start.getTime() + rules.lengthMinutes * MINUTE);
    if (start <= now || end > closes) continue;
    if (visits.some((visit) => visit.start < end && visit.end > start)) continue;
    const before = visits.filter((visit) => visit.end <= start).at(-1);
    const after = visits.find((visit) => visit.start >= end);
    if (before && before.end.getTime() + gap(before) > start.getTime()) continue;
    if (after && end.getTime() + gap(after) > after.start.getTime()) continue;
    free.push({ start, end, date, from: minutes, to: ukClock(end).minutes, near: false, before, after });
  }

  for (const visit of visits.filter((visit) => isNear(townOf(visit.town), visitor))) {
    const justAfter = free.find((time) => time.before === visit);
    const justBefore = free.filter((time) => time.after === visit).at(-1);
    if (justAfter) justAfter.near = true;
    if (justBefore) justBefore.near = true;
  }
  return free.map(({ before: _before, after: _after, ...time }) => time);
}
