/**
 * The visits store: a table's worth of queries (a visit's booking, move and cancellation, a
 * request's visits, a day's, the ones that overlap). What a change sets going (the customer's
 * e-mail, the reminder, the owner's morning push, the audit line) is app/lib/visits/book.server.ts's.
 */
import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { asRow, type Db } from "../db/connection.server.ts";
import { ukDayEnd, ukDayStart } from "../time/uk-time.ts";
import type { VisitKind } from "./words.ts";

/** Whether the customer could be told of the visit's last change: by e-mail, or not (no address, no e-mail set up). */
export type Told = "e-mail" | "no-address" | "no-mail";

export interface Visit {
  id: number;
  leadId: number;
  kind: VisitKind;
  startAt: string;
  endAt: string;
  /** The owner's own notes: never in an e-mail or a calendar file. */
  notes: string;
  /** The calendar invitation's UID, made once: every change and the cancellation carry it. */
  uid: string;
  /** The invitation's SEQUENCE: 0 when booked, one more with each move and the cancellation. */
  sequence: number;
  status: "booked" | "cancelled";
  told: Told;
  createdAt: string;
  /** When it was booked or last moved. */
  changedAt: string;
  cancelledAt: string | null;
  /** Who booked it: the owner, or the customer online (issue 38). */
  bookedBy: "owner" | "customer";
}

/** A visit with whose it is: the customer's name and the address of the work. */
export interface VisitWithCustomer extends Visit {
  name: string;
  location: string;
}

/** The columns as a Visit; `prefix` names the table where a query joins another. */
const columns = (prefix = "") =>
  ["id", "lead_id AS leadId", "kind", "start_at AS startAt", "end_at AS endAt", "notes", "uid", "sequence", "status", "told", "created_at AS createdAt", "changed_at AS changedAt", "cancelled_at AS cancelledAt", "booked_by AS bookedBy"]
    .map((column) => prefix + column)
    .join(", ");
const COLUMNS = columns("v.");
/** RETURNING takes no table's name. */
const RETURNED = columns();
const WITH_CUSTOMER = `SELECT ${COLUMNS}, l.name, l.location FROM visits v JOIN leads l ON l.id = v.lead_id`;

export function visitById(store: Db, id: number): VisitWithCustomer | undefined {
  const row = store.db.prepare(`${WITH_CUSTOMER} WHERE v.id = ?`).get(id);
  return row ? asRow<VisitWithCustomer>(row) : undefined;
}

/** A request's visits, soonest first, cancelled ones too. */
export function visitsOfLead(store: Db, leadId: number): Visit[] {
  return store.db.prepare(`SELECT ${COLUMNS} FROM visits v WHERE v.lead_id = ? ORDER BY v.start_at, v.id`).all(leadId).map((row) => asRow<Visit>(row));
}

/** A request's booked visits not yet over at `now` (the ones a Delete cancels). */
export function upcomingOfLead(store: Db, leadId: number, now: Date): Visit[] {
  return visitsOfLead(store, leadId).filter((visit) => visit.status === "booked" && visit.endAt > now.toISOString());
}

/** The booked visits of a UK day, soonest first. */
export function bookedOn(db: DatabaseSync, date: string): VisitWithCustomer[] {
  return db
    .prepare(`${WITH_CUSTOMER} WHERE v.status = 'booked' AND v.start_at >= ? AND v.start_at < ? ORDER BY v.start_at, v.id`)
    .all(ukDayStart(date).toISOString(), ukDayEnd(date).toISOString())
    .map((row) => asRow<VisitWithCustomer>(row));
}

/** Booked visits not over at `now`, soonest first (the form's clash check); `except` leaves out the visit being moved. */
export function upcomingBooked(store: Db, now: Date, except = 0, limit = 500): VisitWithCustomer[] {
  return store.db
    .prepare(`${WITH_CUSTOMER} WHERE v.status = 'booked' AND v.end_at > ? AND v.id <> ? ORDER BY v.start_at, v.id LIMIT ?`)
    .all(now.toISOString(), except, limit)
    .map((row) => asRow<VisitWithCustomer>(row));
}

/** The other booked visits whose times overlap the visit's (back to back is not an overlap). */
export function overlapsOf(store: Db, visit: Pick<Visit, "id" | "startAt" | "endAt">): VisitWithCustomer[] {
  return store.db
    .prepare(`${WITH_CUSTOMER} WHERE v.status = 'booked' AND v.id <> ? AND v.start_at < ? AND v.end_at > ? ORDER BY v.start_at, v.id`)
    .all(visit.id, visit.endAt, visit.startAt)
    .map((row) => asRow<VisitWithCustomer>(row));
}

export interface NewVisit {
  leadId: number;
  kind: VisitKind;
  start: Date;
  end: Date;
  notes: string;
  told: Told;
  now: Date;
  /** The owner unless said: the customer when he booked it online. */
  bookedBy?: Visit["bookedBy"];
}

/** Stores a booked visit with a UID of its own, SEQUENCE 0. */
export function insertVisit(db: DatabaseSync, visit: NewVisit): Visit {
  const now = visit.now.toISOString();
  return asRow<Visit>(
    db
      .prepare(
        `INSERT INTO visits (lead_id, kind, start_at, end_at, notes, uid, told, created_at, changed_at, booked_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         RETURNING ${RETURNED}`,
      )
      .get(visit.leadId, visit.kind, visit.start.toISOString(), visit.end.toISOString(), visit.notes, randomUUID(), visit.told, now, now, visit.bookedBy ?? "owner"),
  );
}

/** New times for a booked visit, one SEQUENCE higher; undefined when there is no such booked visit. */
export function rescheduleVisit(db: DatabaseSync, id: number, times: { start: Date; end: Date }, told: Told, now: Date): Visit | undefined {
  const row = db
    .prepare(`UPDATE visits SET start_at = ?, end_at = ?, sequence = sequence + 1, told = ?, changed_at = ? WHERE id = ? AND status = 'booked' RETURNING ${RETURNED}`)
    .get(times.start.toISOString(), times.end.toISOString(), told, now.toISOString(), id);
  return row ? asRow<Visit>(row) : undefined;
}

/** Marks a booked visit cancelled, one SEQUENCE higher; undefined when there is no such booked visit. */
export function markCancelled(db: DatabaseSync, id: number, told: Told, now: Date): Visit | undefined {
  const row = db
    .prepare(`UPDATE visits SET status = 'cancelled', sequence = sequence + 1, told = ?, cancelled_at = ? WHERE id = ? AND status = 'booked' RETURNING ${RETURNED}`)
    .get(told, now.toISOString(), id);
  return row ? asRow<Visit>(row) : undefined;
}
