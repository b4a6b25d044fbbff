/**
 * The survey rules' store: the owner's rules as saved, or the defaults (off, the opening hours)
 * until he first saves them; and the save, the rules and the hours of each day replaced whole.
 */
import type { Business } from "../../content/schema.ts";
import type { Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";
import { defaultRules, WEEKDAYS, type SurveyRules } from "./survey-rules.ts";

interface RulesRow {
  bookable: number;
  length_minutes: number;
  buffer_minutes: number;
  earliest_days: number;
  ahead_days: number;
  max_per_day: number;
}

/** The rules now, and whether the owner has saved them (the page is first saved with bookings on). */
export function surveyRules(store: Db, hours: Business["openingHours"]): { rules: SurveyRules; saved: boolean } {
  const row = statement(store.db, "SELECT bookable, length_minutes, buffer_minutes, earliest_days, ahead_days, max_per_day FROM survey_rules WHERE id = 1").get() as RulesRow | undefined;
  if (!row) return { rules: defaultRules(hours), saved: false };
  const days = Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, null])) as SurveyRules["days"];
  for (const day of statement(store.db, "SELECT weekday, starts, ends FROM survey_hours").all() as { weekday: keyof SurveyRules["days"]; starts: number; ends: number }[]) {
    days[day.weekday] = { from: day.starts, to: day.ends };
  }
  return {
    rules: { on: row.bookable === 1, days, lengthMinutes: row.length_minutes, bufferMinutes: row.buffer_minutes, earliestDays: row.earliest_days, aheadDays: row.ahead_days, maxPerDay: row.max_per_day },
    saved: true,
  };
}

/** Keeps the rules whole, in place of any before. */
export function saveSurveyRules(store: Db, rules: SurveyRules, now: Date) {
  store.inTransaction(() => {
    statement(
      store.db,
      `INSERT INTO survey_rules (id, bookable, length_minutes, buffer_minutes, earliest_days, ahead_days, max_per_day, changed_at) VALUES (1, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET bookable = excluded.bookable, length_minutes = excluded.length_minutes, buffer_minutes = excluded.buffer_minutes,
         earliest_days = excluded.earliest_days, ahead_days = excluded.ahead_days, max_per_day = excluded.max_per_day, changed_at = excluded.changed_at`,
    ).run(rules.on ? 1 : 0, rules.lengthMinutes, rules.bufferMinutes, rules.earliestDays, rules.aheadDays, rules.maxPerDay, now.toISOString());
    statement(store.db, "DELETE FROM survey_hours").run();
    const insert = statement(store.db, "INSERT INTO survey_hours (weekday, starts, ends) VALUES (?, ?, ?)");
    for (const weekday of WEEKDAYS) {
      const day = rules.days[weekday];
      if (day) insert.run(weekday, day.from, day.to);
    }
  });
}
