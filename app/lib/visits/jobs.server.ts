/**
 * The queue's work for visits (app/lib/jobs/jobs.server.ts): the customer's e-mail of each booking,
 * move and cancellation with its calendar file; the day-before reminder; the owner's morning push.
 *
 * - An e-mail carries the visit as it was when the change was made (its times, its SEQUENCE), so
 *   each calendar file says what that change said; a Delete's cancellations carry the customer's
 *   address too (the request is gone by the time they go), blanked once sent.
 * - The reminder is one job keyed to the visit and its day: due at the opening of the last open day
 *   before the visit, held to that day's hours as published when it runs; one missed (the server
 *   was down) goes once it is back within them, and never outside them. A move plans it again, a
 *   cancel or an erase drops it, and a visit booked or moved on that day gets none (its e-mail
 *   said "tomorrow").
 * - The morning push is one job per day with visits, at 07:00 UK time, read when it runs; missed,
 *   it may still go until 10:00.
 */
import type { DatabaseSync } from "node:sqlite";
import { fileContent } from "../../content/index.ts";
import type { Business } from "../../content/schema.ts";
import type { KeyedDb } from "../db/connection.server.ts";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import type { LetterBusiness } from "../mail/letter.ts";
import { sendToCustomer, type OutgoingMail } from "../mail/mailer.server.ts";
import { openingOn, type HoursNow } from "../time/opening-hours.ts";
import { recordAudit } from "../db/audit.server.ts";
import { leadById } from "../requests/lead.ts";
import { placeOf, queuePush, shortName, type PushMessage } from "../jobs/push.server.ts";
import { addDays, ukClock, ukDate, ukInstant } from "../time/uk-time.ts";
import { customerPageUrl } from "../links/page-links.server.ts";
import { customerEvent, visitCalendar } from "./ics.server.ts";
import { cancelledLetter, invitationLetter, jobDaysLetter, movedLetter, reminderLetter, type VisitLetterInput } from "./letters.server.ts";
import { bookedOn, visitById, type Visit } from "./visits.server.ts";
import { clockWords, KIND_NAMES, whenWords, type VisitKind } from "./words.ts";

type Hours = Business["openingHours"];

/** What a visit's e-mail tells: it is booked, it moved, it is cancelled. */
export type VisitNews = "booked" | "moved" | "cancelled";

/** A visit's e-mail as queued: the visit as the change left it. */
export interface VisitMail {
  news: VisitNews;
  visitId: number;
  uid: string;
  sequence: number;
  kind: VisitKind;
  startAt: string;
  endAt: string;
  /** The request's; absent for a Delete's cancellations, which carry `customer` instead. */
  leadId?: number;
  customer?: { name: string; email: string; location: string };
  /** A move's times before. */
  before?: { startAt: string; endAt: string };
  /** A move's reason in words ("because of the weather forecast"). */
  because?: string;
}

/** The visit's part of its e-mail. */
export const mailOf = (visit: Visit) => ({ visitId: visit.id, uid: visit.uid, sequence: visit.sequence, kind: visit.kind, startAt: visit.startAt, endAt: visit.endAt });

const HOUR = 60 * 60 * 1000;

/** Queues a visit's e-mail in the caller's transaction; tried until the visit is over (an hour at least). */
export function queueVisitMail(db: DatabaseSync, mail: VisitMail, now: Date) {
  const giveUpAt = new Date(Math.max(Date.parse(mail.endAt), now.getTime() + HOUR));
  enqueue(db, { kind: "visit-mail", payload: { ...mail }, runAt: now, giveUpAt, now });
}

/** Schedule job's days, booked together: one e-mail whose calendar file holds each day as it was booked. */
export interface VisitsMail {
  leadId: number;
  visits: ReturnType<typeof mailOf>[];
}

/** Queues the one e-mail of days booked together, in the caller's transaction; tried until the last day is over. */
export function queueVisitsMail(db: DatabaseSync, mail: VisitsMail, now: Date) {
  const last = Math.max(...mail.visits.map((visit) => Date.parse(visit.endAt)));
  enqueue(db, { kind: "visits-mail", payload: { ...mail }, runAt: now, giveUpAt: new Date(Math.max(last, now.getTime() + HOUR)), now });
}

/** The last open day before a visit's UK date (within a week), with its opening and closing instants. */
export function reminderDay(hours: Hours, visitDate: string): { date: string; opens: Date; closes: Date } | undefined {
  for (let back = 1; back <= 7; back++) {
    const date = addDays(visitDate, -back);
    const open = openingOn(hours, date);
    if (open) return { date, ...open };
  }
  return undefined;
}

/**
 * Plans the visit's reminder again (in the caller's transaction): the one waiting goes, and a
 * booked visit gets one keyed to it and its day, unless it is booked or moved (`now`) on the day
 * the reminder would go or later. Returns whether one was queued.
 */
export function planReminder(db: DatabaseSync, visit: Pick<Visit, "id" | "leadId" | "startAt" | "status">, hours: Hours, now: Date): boolean {
  db.prepare("DELETE FROM jobs WHERE kind = 'visit-reminder' AND done_at IS NULL AND json_extract(payload, '$.visitId') = ?").run(visit.id);
  if (visit.status !== "booked") return false;
  const visitDay = ukDate(new Date(visit.startAt));
  const plan = reminderDay(hours, visitDay);
  if (!plan || ukDate(now) >= plan.date) return false;
  return enqueue(db, { kind: "visit-reminder", payload: { visitId: visit.id, leadId: visit.leadId, visitDay }, runAt: plan.opens, onceKey: `visit-reminder:${visit.id}:${visitDay}`, now });
}

/** Plans every waiting reminder by `hours` (just published); returns how many moved. */
export function replanVisitReminders(db: DatabaseSync, hours: Hours): number {
  const waiting = db.prepare("SELECT id, run_at AS runAt, json_extract(payload, '$.visitDay') AS visitDay FROM jobs WHERE kind = 'visit-reminder' AND done_at IS NULL AND attempts = 0").all() as {
    id: number;
    runAt: string;
    visitDay: string;
  }[];
  let moved = 0;
  for (const job of waiting) {
    const plan = reminderDay(hours, job.visitDay);
    if (!plan || plan.opens.toISOString() === job.runAt) continue;
    db.prepare("UPDATE jobs SET run_at = ? WHERE id = ?").run(plan.opens.toISOString(), job.id);
    moved++;
  }
  return moved;
}

const MORNING = 7 * 60;
const MORNING_LATEST = 10 * 60;

/** Queues the owner's morning push of a UK day with visits, once ever for the day, unless its 07:00 has passed. */
export function queueMorningPush(db: DatabaseSync, date: string, now: Date): boolean {
  const at = ukInstant(date, MORNING);
  if (at.getTime() <= now.getTime()) return false;
  return enqueue(db, { kind: "visit-morning", payload: { day: date }, runAt: at, onceKey: `visit-morning:${date}`, now });
}

/** The towns a visit's address is matched against. */
const towns = fileContent.areas.map((area) => area.name);

/** "Today: 2 visits", "9:00 Survey · Sarah J. · Hitchin; 13:00 Job day · Tom B.": names and towns only. */
export function morningPush(visits: { kind: VisitKind; startAt: string; name: string; location: string }[], date: string): PushMessage {
  const lines = visits.map((visit) => [`${clockWords(ukClock(new Date(visit.startAt)).minutes)} ${KIND_NAMES[visit.kind]}`, shortName(visit.name), placeOf(visit.location, towns)].filter(Boolean).join(" · "));
  return { title: `Today: ${visits.length} ${visits.length === 1 ? "visit" : "visits"}`, body: lines.join("; "), url: "/admin/diary", tag: `diary-${date}` };
}

const SENT: Record<VisitNews, string> = { booked: "e-mailed the invitation to the visit", moved: "e-mailed the visit's new time", cancelled: "e-mailed the cancellation of the visit" };
const NOT_SENT: Record<VisitNews, string> = { booked: "could not e-mail the invitation to the visit", moved: "could not e-mail the visit's new time", cancelled: "could not e-mail the cancellation of the visit" };

/**
 * `businessNow`: the business facts published when an e-mail goes; `hoursNow`: the opening hours
 * published now, which hold a reminder; `mail`: the mail set up on this server (none: nothing is
 * sent, and each job says so).
 */
export function visitHandlers(store: KeyedDb, businessNow: () => LetterBusiness, siteUrl: string, hoursNow: HoursNow, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  /** A Delete's cancellation keeps the customer's address only until it has gone. */
  const forget = (id: number, payload: Record<string, unknown>) => () => {
    if (payload.customer) store.db.prepare("UPDATE jobs SET payload = '{}' WHERE id = ?").run(id);
  };
  const detail = (visit: { kind: VisitKind; startAt: string; endAt: string }, now: Date) => `${KIND_NAMES[visit.kind]}, ${whenWords(new Date(visit.startAt), new Date(visit.endAt), now)}`;
  return {
    "visit-mail": async (job, now) => {
      const news = job.payload as unknown as VisitMail;
      const lead = news.leadId === undefined ? undefined : leadById(store, news.leadId);
      const customer = news.customer ?? (lead && { name: lead.name, email: lead.email, location: lead.location });
      const done = forget(job.id, job.payload);
      if (!customer) return { outcome: "not sent: request deleted" };
      if (!customer.email.trim()) return { outcome: "not sent: no e-mail address", commit: done };
      if (!mail) return { outcome: "not sent: e-mail is not set up", commit: done };
      const business = businessNow();
      const input: VisitLetterInput = {
        business,
        siteUrl,
        customer,
        visit: { kind: news.kind, start: new Date(news.startAt), end: new Date(news.endAt) },
        now,
        pageLink: lead && customerPageUrl(store, siteUrl, lead.id),
      };
      const letter =
        news.news === "booked"
          ? invitationLetter(input)
          : news.news === "moved"
            ? movedLetter(input, { start: new Date(news.before?.startAt ?? news.startAt), end: new Date(news.before?.endAt ?? news.endAt) }, news.because)
            : cancelledLetter(input);
      const method = news.news === "cancelled" ? "CANCEL" : "REQUEST";
      const calendar = visitCalendar(customerEvent({ ...news, start: input.visit.start, end: input.visit.end }, customer, business, input.pageLink), method, now);
      await sendToCustomer(mail, business, {
        ...letter,
        to: { name: customer.name, address: customer.email },
        attachments: [{ filename: "invite.ics", content: Buffer.from(calendar), contentType: `text/calendar; charset=utf-8; method=${method}` }],
      });
      return {
        outcome: "sent",
        commit: () => {
          done();
          if (lead) recordAudit(store, { actor: "the site", action: SENT[news.news], leadId: lead.id, detail: detail(news, now), now });
        },
      };
    },
    "visit-mail:gave-up": (job, now) => {
      const news = job.payload as unknown as VisitMail;
      return {
        commit: () => {
          forget(job.id, job.payload)();
          if (news.leadId !== undefined && leadById(store, news.leadId)) recordAudit(store, { actor: "the site", action: NOT_SENT[news.news], leadId: news.leadId, detail: `${detail(news, now)}: ${job.lastError ?? "refused"}`, now });
        },
      };
    },
    "visits-mail": async (job, now) => {
      const news = job.payload as unknown as VisitsMail;
      const lead = leadById(store, news.leadId);
      if (!lead) return { outcome: "not sent: request deleted" };
      if (!lead.email.trim()) return { outcome: "not sent: no e-mail address" };
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      const business = businessNow();
      const days = news.visits.map((visit) => ({ start: new Date(visit.startAt), end: new Date(visit.endAt) }));
      const pageLink = customerPageUrl(store, siteUrl, lead.id);
      const letter = jobDaysLetter({ business, siteUrl, customer: lead, visit: { kind: news.visits[0]!.kind, ...days[0]! }, now, pageLink }, days);
      const calendar = visitCalendar(news.visits.map((visit, i) => customerEvent({ ...visit, ...days[i]! }, lead, business, pageLink)), "REQUEST", now);
      await sendToCustomer(mail, business, {
        ...letter,
        to: { name: lead.name, address: lead.email },
        attachments: [{ filename: "invite.ics", content: Buffer.from(calendar), contentType: "text/calendar; charset=utf-8; method=REQUEST" }],
      });
      return { outcome: "sent", commit: () => recordAudit(store, { actor: "the site", action: "e-mailed the invitation to the job's days", leadId: lead.id, detail: news.visits.map((visit) => detail(visit, now)).join("; "), now }) };
    },
    "visits-mail:gave-up": (job, now) => {
      const news = job.payload as unknown as VisitsMail;
      return {
        commit: () => {
          if (leadById(store, news.leadId)) recordAudit(store, { actor: "the site", action: "could not e-mail the invitation to the job's days", leadId: news.leadId, detail: `${news.visits.length} days: ${job.lastError ?? "refused"}`, now });
        },
      };
    },
    "visit-reminder": async (job, now) => {
      const visit = visitById(store, Number(job.payload.visitId));
      if (!visit || visit.status !== "booked") return { outcome: "not needed: the visit was cancelled" };
      const visitDay = ukDate(new Date(visit.startAt));
      if (visitDay !== job.payload.visitDay) return { outcome: "not needed: the visit moved" };
      const plan = reminderDay(hoursNow(), visitDay);
      if (!plan) return { outcome: "not needed: no open day before the visit" };
      if (ukDate(new Date(visit.changedAt)) >= plan.date) return { outcome: "not needed: booked or moved on the day before" };
      if (now.getTime() < plan.opens.getTime()) return { holdUntil: plan.opens };
      if (now.getTime() >= plan.closes.getTime()) return { outcome: "not sent: the opening hours of the day before had passed" };
      const lead = leadById(store, visit.leadId);
      if (!lead?.email.trim()) return { outcome: "not sent: no e-mail address" };
      if (!mail) return { outcome: "not sent: e-mail is not set up" };
      const business = businessNow();
      const letter = reminderLetter({
        business,
        siteUrl,
        customer: lead,
        visit: { kind: visit.kind, start: new Date(visit.startAt), end: new Date(visit.endAt) },
        now,
        pageLink: customerPageUrl(store, siteUrl, lead.id),
      });
      await sendToCustomer(mail, business, { ...letter, to: { name: lead.name, address: lead.email } });
      return { outcome: "sent", commit: () => recordAudit(store, { actor: "the site", action: "e-mailed the reminder of the visit", leadId: lead.id, detail: detail(visit, now), now }) };
    },
    "visit-morning": (job, now) => {
      const day = String(job.payload.day);
      const opens = ukInstant(day, MORNING);
      if (now.getTime() < opens.getTime()) return { holdUntil: opens };
      if (now.getTime() >= ukInstant(day, MORNING_LATEST).getTime()) return { outcome: "not sent: missed, and it was past 10:00" };
      const visits = bookedOn(store.db, day);
      if (!visits.length) return { outcome: "not needed: no visits" };
      return { outcome: "sent", commit: () => void queuePush(store.db, morningPush(visits, day), now) };
    },
  };
}
