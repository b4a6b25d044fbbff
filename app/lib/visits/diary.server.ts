/**
 * The owner's diary (/admin/diary) as an agenda: a fortnight from a day (today unless he moved
 * Earlier or Later), only the days that hold a booked visit, each visit under its own UK day with
 * its times, kind, customer, town, a map and a call link, and the booked visits it overlaps; then
 * the day the fortnight ends ("Nothing else booked until Tue 15 Dec"). Cancelled visits are not in it.
 */
import { placeOf } from "../jobs/push.server.ts";
import { internationalNumber } from "../../content/rules/phone.ts";
import type { Db } from "../db/connection.server.ts";
import { asRow } from "../db/connection.server.ts";
import { addDays, ukDate, ukDayEnd, ukDayStart, ukToday } from "../time/uk-time.ts";
import { overlapsOf } from "./visits.server.ts";
import { askedSince } from "./rearrange.server.ts";
import { dayWords, KIND_NAMES, timesWords, type VisitKind } from "./words.ts";

/** The days the agenda spans: today and the next 13, or the fortnight before or after. */
export const DIARY_DAYS = 14;

export interface DiaryVisit {
  id: number;
  leadId: number;
  /** "9:00–11:00". */
  times: string;
  kind: string;
  name: string;
  location: string;
  /** The town named in the address (or its postcode's district), else undefined. */
  town?: string;
  /** A search for the address on Google Maps; undefined when none was given. */
  map?: string;
  phone: string;
  /** tel:+44…, the number in international form. */
  call: string;
  /** "Overlaps Survey, Sarah Jones, 9:00–11:00", one for each booked visit it overlaps. */
  overlaps: string[];
  /** The customer's words asking to rearrange it, until it moves. */
  asked?: string;
}

export interface DiaryDay {
  date: string;
  /** "Today, Wednesday 25 November", "Tomorrow, …", "Friday 27 November". */
  heading: string;
  visits: DiaryVisit[];
}

interface Row {
  id: number;
  leadId: number;
  changedAt: string;
  kind: VisitKind;
  startAt: string;
  endAt: string;
  name: string;
  phone: string;
  location: string;
}

export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

function headingOf(date: string, today: string, now: Date): string {
  const words = dayWords(date, now);
  if (date === today) return `Today, ${words}`;
  if (date === addDays(today, 1)) return `Tomorrow, ${words}`;
  return words;
}

export interface DiaryAgenda {
  /** The fortnight's first day, and the day after its last. */
  from: string;
  until: string;
  today: string;
  /** Only the days that hold a booked visit, in order. */
  days: DiaryDay[];
  /** "Nothing else booked until Tue 15 Dec" ("Nothing booked …" when no day holds a visit). */
  nothingElse: string;
  /** The first days of the fortnights before and after. */
  earlier: string;
  later: string;
}

const SHORT_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });

/** "Tue 15 Dec" for a UK date, with its year when not `now`'s. */
export function shortDayWords(date: string, now: Date = new Date()): string {
  const words = SHORT_DAY.format(new Date(`${date}T12:00:00Z`)).replace(/^(\p{L}+),/u, "$1");
  return date.slice(0, 4) === ukDate(now).slice(0, 4) ? words : `${words} ${date.slice(0, 4)}`;
}

/** The agenda's first day from the address's `from` (a real YYYY-MM-DD date), else today. */
export function agendaStart(from: string | null, today: string): string {
  if (!from || !/^\d{4}-\d{2}-\d{2}$/.test(from)) return today;
  const date = new Date(`${from}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== from ? today : from;
}

/** The fortnight from `from` (today by default): only its days with visits, and where it ends. */
export function diaryAgenda(store: Db, options: { from?: string | null; towns?: readonly string[] } = {}, now: Date = new Date()): DiaryAgenda {
  const today = ukToday(now);
  const from = agendaStart(options.from ?? null, today);
  const until = addDays(from, DIARY_DAYS);
  const days = diaryDays(store, now, from, options.towns).filter((day) => day.visits.length > 0);
  return {
    from,
    until,
    today,
    days,
    nothingElse: `${days.length ? "Nothing else booked" : "Nothing booked"} until ${shortDayWords(until, now)}`,
    earlier: addDays(from, -DIARY_DAYS),
    later: until,
  };
}

/** Every day of the fortnight from `from`, with or without visits. */
export function diaryDays(store: Db, now: Date = new Date(), from: string = ukToday(now), towns: readonly string[] = []): DiaryDay[] {
  const today = ukToday(now);
  const dates = Array.from({ length: DIARY_DAYS }, (_, i) => addDays(from, i));
  const rows = store.db
    .prepare(
      `SELECT v.id, v.lead_id AS leadId, v.kind, v.start_at AS startAt, v.end_at AS endAt, v.changed_at AS changedAt, l.name, l.phone, l.location
         FROM visits v JOIN leads l ON l.id = v.lead_id
        WHERE v.status = 'booked' AND v.start_at >= ? AND v.start_at < ? ORDER BY v.start_at, v.id`,
    )
    .all(ukDayStart(from).toISOString(), ukDayEnd(dates.at(-1)!).toISOString())
    .map((row) => asRow<Row>(row));
  return dates.map((date) => ({
    date,
    heading: headingOf(date, today, now),
    visits: rows
      .filter((row) => ukDate(new Date(row.startAt)) === date)
      .map((row) => ({
        id: row.id,
        leadId: row.leadId,
        times: timesWords(new Date(row.startAt), new Date(row.endAt)),
        kind: KIND_NAMES[row.kind],
        name: row.name,
        location: row.location.trim(),
        town: placeOf(row.location, towns),
        map: row.location.trim() ? mapLink(row.location.trim()) : undefined,
        phone: row.phone,
        call: `tel:${internationalNumber(row.phone)}`,
        overlaps: overlapsOf(store, row).map((other) => `Overlaps ${KIND_NAMES[other.kind]}, ${other.name}, ${timesWords(new Date(other.startAt), new Date(other.endAt))}`),
        asked: askedSince(store, row),
      })),
  }));
}
