/**
 * Booking, moving and cancelling a visit, each in one transaction with what it sets going: the
 * audit line in the request's History, the customer's e-mail with its calendar file (when they
 * have an address and e-mail is set up; else the visit is kept and says they were not told), the
 * reminder planned again, and the owner's morning push for its day. And a Delete's part: the
 * customer is e-mailed the cancellation of every visit still to come before the request goes.
 */
import type { Business } from "../../content/schema.ts";
import type { Db } from "../db/connection.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { leadById, type Lead } from "../requests/lead.ts";
import { ukDate } from "../time/uk-time.ts";
import type { BookedInput, MovedInput } from "./visit-form.ts";
import { mailOf, planReminder, queueMorningPush, queueVisitMail, queueVisitsMail } from "./jobs.server.ts";
import { insertVisit, markCancelled, rescheduleVisit, upcomingOfLead, visitById, type Told, type Visit } from "./visits.server.ts";
import { KIND_NAMES, reasonWords, REASON_NAMES, whenWords } from "./words.ts";

/** Who makes the change, and what decides what it sets going. */
export interface VisitChange {
  actor: string;
  /** The opening hours published now: they plan the reminder. */
  hours: Business["openingHours"];
  /** Whether e-mail is set up on this server. */
  mail: boolean;
  now?: Date;
  /** Who booked it: the owner (the default), or the customer online (issue 38 §3), which its History line says. */
  bookedBy?: Visit["bookedBy"];
}

function toldOf(lead: Pick<Lead, "email">, mail: boolean): Told {
  if (!lead.email.trim()) return "no-address";
  return mail ? "e-mail" : "no-mail";
}

const NOT_TOLD: Record<Told, string> = { "e-mail": "", "no-address": "; the customer was not told: no e-mail address", "no-mail": "; the customer was not told: e-mail is not set up" };

const when = (visit: Pick<Visit, "startAt" | "endAt">, now: Date) => whenWords(new Date(visit.startAt), new Date(visit.endAt), now);

/**
 * Books one visit a day; undefined when there is no such request. Each is its own invitation, or
 * with `together` (Schedule job's days) all go in one e-mail whose calendar file holds each day.
 */
export function bookVisits(store: Db, leadId: number, input: BookedInput, change: VisitChange, together = false): Visit[] | undefined {
  const now = change.now ?? new Date();
  return store.inTransaction(() => {
    const lead = leadById(store, leadId);
    if (!lead) return undefined;
    const told = toldOf(lead, change.mail);
    const visits = input.days.map((times) => {
      const visit = insertVisit(store.db, { leadId, kind: input.kind, start: times.start, end: times.end, notes: input.notes, told, now, bookedBy: change.bookedBy });
      const online = change.bookedBy === "customer" ? "; Booked online by the customer" : "";
      recordAudit(store, { actor: change.actor, action: "booked a visit", leadId, detail: `${KIND_NAMES[visit.kind]}, ${when(visit, now)}${online}${NOT_TOLD[told]}`, now });
      if (told === "e-mail" && !together) queueVisitMail(store.db, { news: "booked", ...mailOf(visit), leadId }, now);
      planReminder(store.db, visit, change.hours, now);
      queueMorningPush(store.db, ukDate(times.start), now);
      return visit;
    });
    if (told === "e-mail" && together) queueVisitsMail(store.db, { leadId, visits: visits.map(mailOf) }, now);
    return visits;
  });
}

/** A move: the new times, and the owner's reason (none when the customer moves his own survey). */
type Move = Pick<MovedInput, "times"> & Partial<Pick<MovedInput, "reason" | "words">>;

/** Moves a booked visit (same UID, SEQUENCE one higher); undefined when there is no such booked visit. */
export function moveVisit(store: Db, visitId: number, input: Move, change: VisitChange): Visit | undefined {
  const now = change.now ?? new Date();
  return store.inTransaction(() => {
    const before = visitById(store, visitId);
    const lead = before && leadById(store, before.leadId);
    if (!before || !lead || before.status !== "booked") return undefined;
    const told = toldOf(lead, change.mail);
    const visit = rescheduleVisit(store.db, visitId, input.times, told, now)!;
    const because = input.reason && reasonWords(input.reason, input.words);
    const reason = input.reason ? `; reason: ${REASON_NAMES[input.reason]}${input.words ? `: ${input.words}` : ""}` : "";
    recordAudit(store, { actor: change.actor, action: "moved a visit", leadId: lead.id, detail: `${KIND_NAMES[visit.kind]}, ${when(before, now)} → ${when(visit, now)}${reason}${NOT_TOLD[told]}`, now });
    if (told === "e-mail") queueVisitMail(store.db, { news: "moved", ...mailOf(visit), leadId: lead.id, before: { startAt: before.startAt, endAt: before.endAt }, ...(because ? { because } : {}) }, now);
    planReminder(store.db, visit, change.hours, now);
    queueMorningPush(store.db, ukDate(input.times.start), now);
    return visit;
  });
}

/** Cancels a booked visit (same UID, SEQUENCE one higher, METHOD:CANCEL); undefined when there is no such booked visit. */
export function cancelVisit(store: Db, visitId: number, change: VisitChange): Visit | undefined {
  const now = change.now ?? new Date();
  return store.inTransaction(() => {
    const before = visitById(store, visitId);
    const lead = before && leadById(store, before.leadId);
    if (!before || !lead || before.status !== "booked") return undefined;
    // A visit already over is only marked: there is nothing to take out of anyone's diary.
    const told = before.endAt > now.toISOString() ? toldOf(lead, change.mail) : "e-mail";
    const visit = markCancelled(store.db, visitId, told, now)!;
    recordAudit(store, { actor: change.actor, action: "cancelled a visit", leadId: lead.id, detail: `${KIND_NAMES[visit.kind]}, ${when(visit, now)}${NOT_TOLD[told]}`, now });
    if (told === "e-mail" && before.endAt > now.toISOString()) queueVisitMail(store.db, { news: "cancelled", ...mailOf(visit), leadId: lead.id }, now);
    planReminder(store.db, visit, change.hours, now);
    return visit;
  });
}

/**
 * A Delete's first step, inside its transaction: the customer is e-mailed the cancellation of each
 * visit still to come. The request is gone when they go, so each carries the customer's name,
 * address and place, and forgets them once sent. Returns how many.
 */
export function cancelBeforeErase(store: Db, leadId: number, change: Pick<VisitChange, "mail" | "now">): number {
  const now = change.now ?? new Date();
  const lead = leadById(store, leadId);
  if (!lead || toldOf(lead, change.mail) !== "e-mail") return 0;
  const upcoming = upcomingOfLead(store, leadId, now);
  for (const visit of upcoming) {
    queueVisitMail(store.db, { news: "cancelled", ...mailOf({ ...visit, sequence: visit.sequence + 1 }), customer: { name: lead.name, email: lead.email, location: lead.location } }, now);
  }
  return upcoming.length;
}
