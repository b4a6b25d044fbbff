/**
 * The survey times a request is offered now (issue 38 §2), read from the store: the owner's rules,
 * the hours and closure published, the booked visits from today to the last day offered with the
 * town of each one's request, and the request's own town. And whether one time is still free,
 * asked again inside the booking's transaction (decision 36), never trusted from the page.
 */
import type { Content } from "../../content/load.ts";
import type { Db } from "../db/connection.server.ts";
import { addDays, ukDate, ukDayStart } from "../time/uk-time.ts";
import { surveyRules } from "./survey-rules.server.ts";
import { surveyTimes, type BookedVisit, type SurveyTime } from "./survey-times.ts";
import { visitorTown } from "./visitor-town.ts";
import type { VisitKind } from "./words.ts";

/** What a request says of where it is: the page it was sent from, and the address or postcode typed. */
export interface RequestPlace {
  page: string;
  location: string;
}

interface VisitRow {
  startAt: string;
  endAt: string;
  kind: VisitKind;
  page: string;
  location: string;
}

/** The booked visits that touch the UK days from `from` to `to`, each with its request's town; `except` a visit being moved, whose own slot is free to it. */
function bookedBetween(store: Db, content: Content, from: string, to: string, except: number): BookedVisit[] {
  const rows = store.db
    .prepare(
      `SELECT v.start_at AS startAt, v.end_at AS endAt, v.kind, l.page, l.location FROM visits v JOIN leads l ON l.id = v.lead_id
       WHERE v.status = 'booked' AND v.id != ? AND v.end_at > ? AND v.start_at < ? ORDER BY v.start_at`,
    )
    .all(except, ukDayStart(from).toISOString(), ukDayStart(addDays(to, 1)).toISOString()) as unknown as VisitRow[];
  return rows.map((row) => ({ start: new Date(row.startAt), end: new Date(row.endAt), kind: row.kind, town: visitorTown(row, content.areas) }));
}

/** The free times for a request now, best first; none while the owner has bookings off. Moving a visit, `except` is its id. */
export function offeredTimes(store: Db, content: Content, request: RequestPlace, now: Date, except = 0): { on: boolean; times: SurveyTime[] } {
  const { business, areas } = content;
  const { rules } = surveyRules(store, business.openingHours);
  if (!rules.on) return { on: false, times: [] };
  const today = ukDate(now);
  const visits = bookedBetween(store, content, today, addDays(today, rules.aheadDays), except);
  const times = surveyTimes({ rules, week: { hours: business.openingHours, closure: business.closure }, visits, towns: areas, town: visitorTown(request, areas), now });
  return { on: true, times };
}

/** The offered time starting at `start`, when it is still free now; undefined when taken, outside the rules, or bookings are off. */
export function stillFree(store: Db, content: Content, request: RequestPlace, start: Date, now: Date, except = 0): SurveyTime | undefined {
  return offeredTimes(store, content, request, now, except).times.find((time) => time.start.getTime() === start.getTime());
}
