/**
 * The visit forms (Book a visit, Move visit): what they post, read into UK instants with a message
 * at each wrong field. A date is read by Europe/London rules whatever the server's zone; a time the
 * spring clock change skips is refused at its field, never moved by an hour without a word. Any
 * day may be booked, closed days included, from today on.
 */
import * as z from "zod/mini";
import { formObject, list, text, textOf } from "../forms/parse-form.ts";
import { addDays, ukClock, ukDate, ukInstant } from "../time/uk-time.ts";
import { minutesOf } from "./clash.ts";
import { clockWords, dayWords, MOVE_REASONS, VISIT_KINDS, type MoveReason, type VisitKind } from "./words.ts";

export const NOTES_MAX = 1000;
export const WORDS_MAX = 200;
/** How far ahead a visit may be booked. */
export const MAX_YEARS_AHEAD = 2;
/** Days one booking may hold (Add another day). */
export const MAX_DAYS = 14;

export interface DayValues {
  date: string;
  from: string;
  to: string;
}

/** The form as typed, so that a refused form comes back with everything still in it. */
export interface VisitValues {
  kind: string;
  days: DayValues[];
  notes: string;
  reason: string;
  words: string;
}

export interface VisitTimes {
  start: Date;
  end: Date;
}

export interface BookedInput {
  kind: VisitKind;
  days: VisitTimes[];
  notes: string;
}

export interface MovedInput {
  times: VisitTimes;
  reason: MoveReason;
  words: string;
}

/** The field of a day's date, start or end: `day-0-date`, also the end of its id on the page. */
export const dayField = (index: number, part: keyof DayValues) => `day-${index}-${part}`;

/** The form as typed: the days' repeated fields side by side, in page order; a day after the first left wholly empty is no day. */
const typed = z.pipe(
  z.object({ kind: text(), date: list(), from: list(), to: list(), notes: text(z.trim()), reason: text(), words: text(z.trim()) }),
  z.transform((form): VisitValues => ({
    kind: form.kind,
    days: Array.from({ length: Math.min(MAX_DAYS, Math.max(1, form.date.length, form.from.length, form.to.length)) }, (_, i) => ({
      date: form.date[i]?.trim() ?? "",
      from: form.from[i]?.trim() ?? "",
      to: form.to[i]?.trim() ?? "",
    })).filter((day, i) => i === 0 || day.date || day.from || day.to),
    notes: form.notes,
    reason: form.reason,
    words: form.words,
  })),
);

/** No day typed yet. */
export const EMPTY_DAY: DayValues = { date: "", from: "", to: "" };

export function readVisitValues(form: FormData): VisitValues {
  return typed.parse(formObject(form));
}

type Complain = (field: string, message: string) => void;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A day's instants, or undefined with a message at each wrong field. */
function dayTimes(day: DayValues, index: number, now: Date, complain: Complain): VisitTimes | undefined {
  const today = ukDate(now);
  const latest = addDays(today, MAX_YEARS_AHEAD * 365);
  let ok = true;
  const wrong = (part: keyof DayValues, message: string) => {
    complain(dayField(index, part), message);
    ok = false;
  };
  if (!day.date) wrong("date", "Enter the date of the visit.");
  else if (!isDate(day.date)) wrong("date", "Enter a real date, such as 26 November.");
  else if (day.date < today) wrong("date", "The date has passed: choose today or later.");
  else if (day.date > latest) wrong("date", `Choose a date within ${MAX_YEARS_AHEAD} years.`);
  const from = minutesOf(day.from);
  const to = minutesOf(day.to);
  if (!day.from) wrong("from", "Enter the time the visit starts.");
  else if (from === undefined) wrong("from", "Enter a time such as 9:00 or 13:30.");
  if (!day.to) wrong("to", "Enter the time the visit ends.");
  else if (to === undefined) wrong("to", "Enter a time such as 11:00 or 15:30.");
  else if (from !== undefined && to <= from) wrong("to", "The end time must be after the start time.");
  if (!ok || from === undefined || to === undefined) return undefined;
  const start = ukInstant(day.date, from);
  const end = ukInstant(day.date, to);
  for (const [part, minutes, at] of [["from", from, start], ["to", to, end]] as const) {
    if (ukDate(at) !== day.date || ukClock(at).minutes !== minutes) {
      wrong(part, `The clocks go forward on ${dayWords(day.date, now)}, so ${clockWords(minutes)} does not exist that day. Choose another time.`);
    }
  }
  return ok ? { start, end } : undefined;
}

/** A form read by `read` and checked by `check`, which names each wrong field by `complain`: refused when one was wrong. */
function checked<Read, Out>(read: z.ZodMiniType<Read>, check: (values: Read, complain: Complain) => Out | undefined) {
  return z.pipe(
    read,
    z.transform((values: Read, context): Out => {
      let ok = true;
      const out = check(values, (field, message) => {
        context.issues.push({ code: "custom", path: [field], message, input: values });
        ok = false;
      });
      return ok && out !== undefined ? out : z.NEVER;
    }),
  );
}

/** Book a visit: its kind, each day's times, and the owner's notes. `now` says which day is today. */
export function bookSchema(now: Date) {
  return checked(typed, (values, complain): BookedInput => {
    if (!(VISIT_KINDS as readonly string[]).includes(values.kind)) complain("kind", "Choose what kind of visit it is.");
    const days = values.days.map((day, i) => dayTimes(day, i, now, complain));
    if (values.notes.length > NOTES_MAX) complain("notes", `Notes can be at most ${NOTES_MAX} characters.`);
    return { kind: values.kind as VisitKind, days: days as VisitTimes[], notes: values.notes };
  });
}

export interface ScheduledInput {
  /** The first day's times: each later day has the same. */
  first: VisitTimes;
  date: string;
  from: number;
  to: number;
  count: number;
  notes: string;
}

/** Schedule job's form, told apart from Book a visit's on the same page. */
export const SCHEDULE_JOB = "schedule-job";

/** Schedule job's How many days, as typed, kept apart from the days' fields. */
export const HOW_MANY_FIELD = "how-many";

/** Schedule job: the first day and its times, How many days (1 to `max`), and the owner's notes. */
export function scheduleSchema(now: Date, max: number) {
  return checked(z.record(z.string(), z.unknown()), (raw, complain): ScheduledInput | undefined => {
    const values = typed.parse(raw);
    const days = textOf(raw[HOW_MANY_FIELD]).trim();
    const day = values.days[0]!;
    const first = dayTimes(day, 0, now, complain);
    const count = /^\d{1,2}$/.test(days) ? Number(days) : NaN;
    if (!(count >= 1 && count <= max)) complain(HOW_MANY_FIELD, `Enter how many days the job takes, from 1 to ${max}.`);
    if (values.notes.length > NOTES_MAX) complain("notes", `Notes can be at most ${NOTES_MAX} characters.`);
    return first && { first, date: day.date, from: minutesOf(day.from)!, to: minutesOf(day.to)!, count, notes: values.notes };
  });
}

/** Move visit: the new day and times, and why. `current` are the visit's times now: a move must change them. */
export function moveSchema(now: Date, current: VisitTimes) {
  return checked(typed, (values, complain): MovedInput | undefined => {
    const times = dayTimes(values.days[0]!, 0, now, complain);
    if (times && times.start.getTime() === current.start.getTime() && times.end.getTime() === current.end.getTime()) complain(dayField(0, "date"), "Choose a new date or new times: these are the visit's now.");
    if (!(MOVE_REASONS as readonly string[]).includes(values.reason)) complain("reason", "Choose why the visit is moving.");
    if (values.words.length > WORDS_MAX) complain("words", `At most ${WORDS_MAX} characters.`);
    return times && { times, reason: values.reason as MoveReason, words: values.reason === "other" ? values.words : "" };
  });
}
