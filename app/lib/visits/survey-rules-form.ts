/**
 * The Survey bookings page's form (issue 38 §1): the rules as its fields show them, and the fields
 * read back into rules, or a message at each wrong field (a length under 15 minutes or over 3
 * hours, a day whose To is not after its From), with what was typed kept. Pure.
 */
import { clockWords } from "../time/clock-words.ts";
import { minutesOf } from "./clash.ts";
import { LIMITS, WEEKDAYS, type SurveyDay, type SurveyRules } from "./survey-rules.ts";

/** The fields of the numbers, with the rule each sets. */
export const NUMBER_FIELDS = {
  length: "lengthMinutes",
  between: "bufferMinutes",
  earliest: "earliestDays",
  ahead: "aheadDays",
  most: "maxPerDay",
} as const satisfies Record<string, keyof typeof LIMITS>;
type NumberField = keyof typeof NUMBER_FIELDS;

const NUMBER_MESSAGES: Record<NumberField, string> = {
  length: "Give a length from 15 minutes to 3 hours (180 minutes)",
  between: "Give the minutes between visits, from 0 to 240",
  earliest: "Give a number of working days from 0 (today) to 30",
  ahead: "Give a number of days from 1 to 90",
  most: "Give a number from 1 to 20",
};

/** The field names of a weekday: "monday-from", "monday-to", "monday-none". */
export const dayField = (weekday: string, part: "from" | "to" | "none") => `${weekday.toLowerCase()}-${part}`;

const hhmm = (minutes: number) => clockWords(minutes).padStart(5, "0");

export type RulesValues = Record<string, string>;

/** The rules as the fields show them; before the first save, Let customers book is ticked, so saving the page turns it on. */
export function rulesValues(rules: SurveyRules, saved: boolean): RulesValues {
  const values: RulesValues = { on: rules.on || !saved ? "on" : "" };
  for (const weekday of WEEKDAYS) {
    const day = rules.days[weekday];
    values[dayField(weekday, "from")] = day ? hhmm(day.from) : "";
    values[dayField(weekday, "to")] = day ? hhmm(day.to) : "";
    values[dayField(weekday, "none")] = day ? "" : "on";
  }
  for (const [field, rule] of Object.entries(NUMBER_FIELDS)) values[field] = String(rules[rule]);
  return values;
}

export type RulesRead = { ok: true; rules: SurveyRules } | { ok: false; errors: Record<string, string>; values: RulesValues };

/** The posted fields as rules, or what is wrong with them. */
export function readRules(form: FormData): RulesRead {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const values: RulesValues = { on: get("on") === "on" ? "on" : "" };
  const errors: Record<string, string> = {};
  const days = {} as SurveyRules["days"];
  for (const weekday of WEEKDAYS) {
    const [fromField, toField, noneField] = [dayField(weekday, "from"), dayField(weekday, "to"), dayField(weekday, "none")];
    values[fromField] = get(fromField);
    values[toField] = get(toField);
    values[noneField] = get(noneField) === "on" ? "on" : "";
    let day: SurveyDay = null;
    if (!values[noneField]) {
      const from = minutesOf(values[fromField]);
      const to = minutesOf(values[toField]);
      if (from === undefined) errors[fromField] = "Give a time such as 08:00, or tick No surveys";
      else if (to === undefined) errors[toField] = "Give a time such as 17:00, or tick No surveys";
      else if (to <= from) errors[toField] = `To must be after From (${clockWords(from)})`;
      else day = { from, to };
    }
    days[weekday] = day;
  }
  const numbers = {} as Record<NumberField, number>;
  for (const field of Object.keys(NUMBER_FIELDS) as NumberField[]) {
    values[field] = get(field);
    const { min, max } = LIMITS[NUMBER_FIELDS[field]];
    const number = /^\d{1,4}$/.test(values[field]) ? Number(values[field]) : NaN;
    if (!(number >= min && number <= max)) errors[field] = NUMBER_MESSAGES[field];
    numbers[field] = number;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return {
    ok: true,
    rules: {
      on: values.on === "on",
      days,
      lengthMinutes: numbers.length,
      bufferMinutes: numbers.between,
      earliestDays: numbers.earliest,
      aheadDays: numbers.ahead,
      maxPerDay: numbers.most,
    },
  };
}
