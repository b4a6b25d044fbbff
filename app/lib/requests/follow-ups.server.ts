/**
 * What a stored request sets going, committed in the request's own transaction: the visitor's
 * acknowledgement, a push to each of the owner's devices, and two reminders (one hour and twenty
 * hours on, each held to the opening hours published when it falls due) that go only if the
 * request is still unanswered.
 */
import type { DatabaseSync } from "node:sqlite";
import { fileContent } from "../../content/index.ts";
import type { Business } from "../../content/schema.ts";
import { queueAcknowledgement } from "./acknowledge.server.ts";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import type { Lead } from "./lead.ts";
import { heldRunAt, holdUntilOpen } from "../jobs/held-to-opening.server.ts";
import type { HoursNow } from "../time/opening-hours.ts";
import { pageOrigin } from "../public-site/page-origin.server.ts";
import { placeOf, queuePush, shortName, type PushMessage } from "../jobs/push.server.ts";
import type { Db } from "../db/connection.server.ts";

/** The push for a new request: "New quote request", "Sarah M. · Hitchin · Roof Repairs page". */
export function leadPush(lead: Pick<Lead, "id" | "form" | "name" | "location" | "page">, context: { towns: readonly string[]; pageName: string }): PushMessage {
  const place = placeOf(lead.location, context.towns);
  return {
    title: lead.form === "quote" ? "New quote request" : "New message",
    body: [shortName(lead.name), place, context.pageName].filter(Boolean).join(" · "),
    url: `/admin/requests/${lead.id}`,
    tag: `request-${lead.id}`,
  };
}

const HOUR = 60 * 60 * 1000;
/** The promise on every page: a reply within a day. */
export const REPLY_DUE_HOURS = 24;
/** The reminders: a second push at one hour, and "due in 4 h" at twenty. */
export const REMINDERS = [
  { stage: "1h", afterHours: 1 },
  { stage: "20h", afterHours: 20 },
] as const;

/** What decides whether a request's acknowledgement may go. */
export interface AckSettings {
  /** E-mail is set up on this server. */
  mail: boolean;
  /** Acknowledgements the whole site may send in an hour (ACK_HOURLY_CAP). */
  hourlyCap: number;
}

/** The towns a request's place is matched against: which towns there are is the files' to say. */
const towns = fileContent.areas.map((area) => area.name);

/** The push that tells the owner of a request. */
export function pushForLead(lead: Pick<Lead, "id" | "form" | "name" | "location" | "page">) {
  return leadPush(lead, { towns, pageName: pageOrigin(lead.page).name });
}

/**
 * Queues everything a new request sets going; runs inside the request's transaction. `hours`
 * (published now) plan the reminders; the hours published when they fall due decide.
 */
export function queueLeadFollowUps(db: DatabaseSync, lead: Lead, hours: Business["openingHours"], ack: AckSettings, now = new Date(lead.createdAt)) {
  queueAcknowledgement(db, lead, { ...ack, now });
  queuePush(db, pushForLead(lead), now);
  for (const { stage, afterHours } of REMINDERS) {
    const dueAt = new Date(Date.parse(lead.createdAt) + afterHours * HOUR);
    enqueue(db, {
      kind: "reminder",
      payload: { leadId: lead.id, stage, dueAt: dueAt.toISOString() },
      runAt: heldRunAt(hours, dueAt, now),
      onceKey: `reminder-${stage}:${lead.id}`,
      now,
    });
  }
}

/** Whole hours a request has waited. */
export function hoursWaiting(createdAt: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / HOUR));
}

interface Waiting {
  id: number;
  form: Lead["form"];
  name: string;
  location: string;
  page: string;
  createdAt: string;
  status: string;
  firstAnswerAt: string | null;
}

/** The reminder's title: "Still waiting: Sarah M. (1 h)", "Due in 4 h: Sarah M.", "Overdue: Sarah M. (26 h)". */
export function reminderTitle(stage: string, lead: Pick<Waiting, "name" | "createdAt">, now: Date): string {
  const waited = hoursWaiting(lead.createdAt, now);
  const who = shortName(lead.name);
  if (stage === "1h") return `Still waiting: ${who} (${waited} h)`;
  const left = REPLY_DUE_HOURS - waited;
  return left > 0 ? `Due in ${left} h: ${who}` : `Overdue: ${who} (${waited} h)`;
}

/**
 * The queue's handler for "reminder": a push to every device if the request is still unanswered,
 * held to the opening hours published when it falls due (`hoursNow`).
 */
export function reminderHandler(store: Db, hoursNow: HoursNow): Record<string, JobHandler> {
  return {
    reminder: (job, now) => {
      const lead = store.db
        .prepare(
          `SELECT id, form, name, location, page, created_at AS createdAt, status, first_answer_at AS firstAnswerAt
           FROM leads WHERE id = ?`,
        )
        .get(Number(job.payload.leadId)) as Waiting | undefined;
      if (!lead) return { outcome: "not needed: request deleted" };
      if (lead.status !== "new" || lead.firstAnswerAt) return { outcome: "not needed: answered" };
      // Run late (the server was off overnight), or the hours changed? It still waits for opening time.
      const holdUntil = holdUntilOpen(hoursNow(), job, now);
      if (holdUntil) return { holdUntil };
      const push = pushForLead(lead);
      return { outcome: "reminded", commit: () => void queuePush(store.db, { ...push, title: reminderTitle(String(job.payload.stage), lead, now) }, now) };
    },
  };
}
