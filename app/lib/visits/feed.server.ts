/**
 * The owner's calendar feed, /calendar/{token}.ics: every booked visit from twelve months back,
 * for the phone's calendar to subscribe to. Its link follows the one rule of the house
 * (docs/decisions/0026-one-link-rule.md, tokens.server.ts): the token is derived from a random id
 * kept in the database with the key kept outside it, for the purpose "calendar-feed", so the
 * database alone opens nothing. Reset calendar link puts a new id in the old one's place, and the
 * old link answers 404 at once. The feed has no METHOD (it is a published calendar, not a
 * message); each event keeps the UID and SEQUENCE of the customer's invitation, and carries what
 * the owner needs on the day: the customer's name, phone and address, and his own notes.
 */
import ical from "ical-generator";
import type { KeyedDb } from "../db/connection.server.ts";
import { asRow } from "../db/connection.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { derivedToken, linkIdOf, newLinkId } from "../links/tokens.server.ts";
import { statement } from "../db/statements.ts";
import type { VisitKind } from "./words.ts";
import { KIND_NAMES } from "./words.ts";

const PURPOSE = "calendar-feed";

export function calendarFeedPath(token: string): string {
  return `/calendar/${token}.ics`;
}

function currentLinkId(store: KeyedDb): string {
  const row = statement(store.db, "SELECT link_id AS linkId FROM calendar_feed_link WHERE one = 1").get() as { linkId: string } | undefined;
  if (row) return row.linkId;
  // The migration makes the row; should it be gone, a new one takes its place.
  const linkId = newLinkId();
  store.db.prepare("INSERT INTO calendar_feed_link (one, link_id, made_at) VALUES (1, ?, ?)").run(linkId, new Date().toISOString());
  return linkId;
}

/** The feed's token as it is now. */
export function calendarFeedToken(store: KeyedDb): string {
  return derivedToken(store.linkKey, PURPOSE, currentLinkId(store));
}

/** Whether `token` opens the feed now: a forged, a reset or a customer's page token does not. */
export function opensCalendarFeed(store: KeyedDb, token: string): boolean {
  const linkId = linkIdOf(store.linkKey, PURPOSE, token);
  return linkId !== undefined && linkId === currentLinkId(store);
}

/** Reset calendar link: a new link, the old one refused at once; returns the new token. */
export function resetCalendarLink(store: KeyedDb, actor: string, now: Date = new Date()): string {
  return store.inTransaction(() => {
    currentLinkId(store);
    store.db.prepare("UPDATE calendar_feed_link SET link_id = ?, made_at = ? WHERE one = 1").run(newLinkId(), now.toISOString());
    recordAudit(store, { actor, action: "reset the calendar link: the old one no longer opens the diary", now });
    return calendarFeedToken(store);
  });
}

interface FeedVisit {
  uid: string;
  sequence: number;
  kind: VisitKind;
  startAt: string;
  endAt: string;
  changedAt: string;
  notes: string;
  name: string;
  phone: string;
  location: string;
}

/** Twelve months before `now`: the feed's first day. */
export function feedStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  return start;
}

/** The booked visits the feed holds at `now`: from twelve months back, soonest first. */
export function feedVisits(store: KeyedDb, now: Date): FeedVisit[] {
  return statement(
    store.db,
    `SELECT v.uid, v.sequence, v.kind, v.start_at AS startAt, v.end_at AS endAt, v.changed_at AS changedAt, v.notes, l.name, l.phone, l.location
       FROM visits v JOIN leads l ON l.id = v.lead_id
      WHERE v.status = 'booked' AND v.end_at > ? ORDER BY v.start_at, v.id`,
  )
    .all(feedStart(now).toISOString())
    .map((row) => asRow<FeedVisit>(row));
}

/** The feed itself: one VEVENT a visit, in UTC, with no METHOD. */
export function calendarFeed(store: KeyedDb, business: { name: string }, now: Date = new Date()): string {
  const calendar = ical({ prodId: { company: business.name, product: "Diary", language: "EN" }, name: `${business.name} visits` });
  for (const visit of feedVisits(store, now)) {
    calendar.createEvent({
      id: visit.uid,
      sequence: visit.sequence,
      stamp: new Date(visit.changedAt),
      start: new Date(visit.startAt),
      end: new Date(visit.endAt),
      summary: `${KIND_NAMES[visit.kind]}: ${visit.name}`,
      location: visit.location.trim() || null,
      description: [`Customer: ${visit.name}`, `Phone: ${visit.phone}`, visit.location.trim() && `Address: ${visit.location.trim()}`, visit.notes.trim() && `Notes: ${visit.notes.trim()}`]
        .filter(Boolean)
        .join("\n"),
    });
  }
  return calendar.toString();
}
