/**
 * What the visit forms are filled with (issue 35 §3): the kind the request's stage calls for (a
 * Survey before a quote, a Job day once Won), the next working day with nothing booked, and its
 * opening time plus the usual length (2 hours for a survey, the whole working day for a job day).
 * And Schedule job's days: one a working day from the first, closed days skipped. A working day
 * is one the published opening hours open and no closure notice covers (a notice closes every day
 * up to its last day). Pure: the hours, the notice, the booked days and `now` are given.
 */
import type { Business } from "../../content/schema.ts";
import { openMinutesOn } from "../time/opening-hours.ts";
import { addDays, ukDate } from "../time/uk-time.ts";
import type { DayValues } from "./visit-form.ts";
import { clockWords, type VisitKind } from "./words.ts";

type Hours = Business["openingHours"];

/** What decides which days are worked: the opening hours and the closure notice, as published. */
export interface WorkingWeek {
  hours: Hours;
  closure?: Business["closure"];
}

/** How long a visit of each kind usually lasts, in minutes; a job day lasts the whole working day. */
export const USUAL_MINUTES = { survey: 120, other: 60 } as const;

/** How far ahead the next free working day is looked for. */
const LOOK_AHEAD_DAYS = 90;

/** Schedule job's How many days: at least one, at most this. */
export const MAX_JOB_DAYS = 10;

/** The opening and closing minutes of a UK date when it is worked; undefined when it is closed (no hours, or under a closure notice). */
export function workingHoursOn(week: WorkingWeek, date: string): { opens: number; closes: number } | undefined {
  if (week.closure && date <= week.closure.until) return undefined;
  return openMinutesOn(week.hours, date);
}

/** The kind a new visit starts as: Job day once the job is Won, Survey before a quote, else none chosen. */
export function defaultKind(status: string): VisitKind | "" {
  if (status === "new" || status === "contacted") return "survey";
  if (status === "won" || status === "paid") return "job-day";
  return "";
}

const time = (minutes: number) => clockWords(minutes).padStart(5, "0");

/**
 * The day and times a new visit of `kind` starts with: the first working day after `now`'s with no
 * visit booked (`bookedDates`: the UK dates that have one), from its opening time for the usual
 * length, never past its closing time. With every day ahead full, the first working day; with no
 * working day at all, nothing typed.
 */
export function defaultDay(kind: VisitKind | "", week: WorkingWeek, bookedDates: ReadonlySet<string>, now: Date): DayValues {
  const today = ukDate(now);
  let first: string | undefined;
  for (let ahead = 1; ahead <= LOOK_AHEAD_DAYS; ahead++) {
    const date = addDays(today, ahead);
    const open = workingHoursOn(week, date);
    if (!open) continue;
    first ??= date;
    if (!bookedDates.has(date)) return timesOn(kind, date, open);
  }
  const open = first && workingHoursOn(week, first);
  return first && open ? timesOn(kind, first, open) : { date: "", from: "", to: "" };
}

function timesOn(kind: VisitKind | "", date: string, open: { opens: number; closes: number }): DayValues {
  const to = kind === "job-day" ? open.closes : Math.min(open.closes, open.opens + (kind === "other" ? USUAL_MINUTES.other : USUAL_MINUTES.survey));
  return { date, from: time(open.opens), to: time(to) };
}

/**
 * Schedule job's days: `first` as chosen (any day may be booked), then the next working days
 * after it until there are `count`, closed days and closures skipped. Undefined when the hours
 * open no day at all and more than one is asked for.
 */
export function jobDays(first: string, count: number, week: WorkingWeek): string[] | undefined {
  const days = [first];
  let date = first;
  for (let looked = 0; days.length < count; looked++) {
    if (looked > LOOK_AHEAD_DAYS * 4) return undefined;
    date = addDays(date, 1);
    if (workingHoursOn(week, date)) days.push(date);
  }
  return days;
}
