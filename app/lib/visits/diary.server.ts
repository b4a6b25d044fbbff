/**
 * The owner's diary (/admin/diary): today and the next 13 days, each visit booked under its own
 * UK day with its times, kind, customer, address, a map and a call link, and the booked visits it
 * overlaps. Cancelled visits are not in it.
 */
import { internationalNumber } from "../../content/rules/phone.ts";
import type { Db } from "../db/connection.server.ts";
import { asRow } from "../db/connection.server.ts";
import { addDays, ukDate, ukDayEnd, ukDayStart, ukToday } from "../time/uk-time.ts";
import { overlapsOf } from "./visits.server.ts";
import { askedSince } from "./rearrange.server.ts";
import { dayWords, KIND_NAMES, timesWords, type VisitKind } from "./words.ts";

/** The days the diary shows: today and the next 13. */
export const DIARY_DAYS = 14;

export interface DiaryVisit {
  id: number;
  leadId: number;
  /** "9:00–11:00". */
  times: string;
  kind: string;
  name: string;
  location: string;
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

export function diaryDays(store: Db, now: Date = new Date()): DiaryDay[] {
  const today = ukToday(now);
  const dates = Array.from({ length: DIARY_DAYS }, (_, i) => addDays(today, i));
  const rows = store.db
    .prepare(
      `SELECT v.id, v.lead_id AS leadId, v.kind, v.start_at AS startAt, v.end_at AS endAt, v.changed_at AS changedAt, l.name, l.phone, l.location
         FROM visits v JOIN leads l ON l.id = v.lead_id
        WHERE v.status = 'booked' AND v.start_at >= ? AND v.start_at < ? ORDER BY v.start_at, v.id`,
    )
    .all(ukDayStart(today).toISOString(), ukDayEnd(dates.at(-1)!).toISOString())
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
        map: row.location.trim() ? mapLink(row.location.trim()) : undefined,
        phone: row.phone,
        call: `tel:${internationalNumber(row.phone)}`,
        overlaps: overlapsOf(store, row).map((other) => `Overlaps ${KIND_NAMES[other.kind]}, ${other.name}, ${timesWords(new Date(other.startAt), new Date(other.endAt))}`),
        asked: askedSince(store, row),
      })),
  }));
}
