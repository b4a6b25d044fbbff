/**
 * Background work that waits for opening time: the owner's reminders, the quotes' follow-ups and
 * the invoices' reminders.
 * Each is queued with the time it falls due (`dueAt` in its payload) and planned for the next
 * opening by the hours published then, so the owner sees when it will go. The hours that decide
 * are read again when it runs, from the hours published now (a HoursNow service, never a copy
 * taken at start-up or at queueing); and when the owner publishes new hours, the jobs waiting
 * are planned again by them, earlier or later.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Business } from "../../content/schema.ts";
import type { Job } from "./jobs.server.ts";
import { withinOpeningHours } from "../time/opening-hours.ts";

type Hours = Business["openingHours"];

/** The kinds of job held to the opening hours. */
export const HELD_KINDS = ["reminder", "quote-follow-up", "invoice-reminder"] as const;

/** When a job due at `dueAt` may go, seen at `now`: its due time or now, whichever is later, held to the next opening. */
export function heldRunAt(hours: Hours, dueAt: Date, now: Date): Date {
  return withinOpeningHours(hours, dueAt.getTime() > now.getTime() ? dueAt : now);
}

/** A job's due time: `dueAt` in its payload (jobs queued before it was kept fall due when they run). */
function dueOf(job: Pick<Job, "payload">, now: Date): Date {
  const due = typeof job.payload.dueAt === "string" ? Date.parse(job.payload.dueAt) : Number.NaN;
  return Number.isNaN(due) ? now : new Date(due);
}

/** For a handler: the time to hold the job until by the hours now, or undefined when it may go now. */
export function holdUntilOpen(hours: Hours, job: Pick<Job, "payload">, now: Date): Date | undefined {
  const at = heldRunAt(hours, dueOf(job, now), now);
  return at.getTime() > now.getTime() ? at : undefined;
}

/**
 * Plans again, by `hours` (just published), every waiting reminder and follow-up that has not
 * been tried yet (one waiting for a retry keeps its time). Returns how many moved.
 */
export function replanHeldJobs(db: DatabaseSync, hours: Hours, now: Date = new Date()): number {
  const waiting = db
    .prepare(
      `SELECT id, payload, run_at AS runAt FROM jobs
       WHERE done_at IS NULL AND attempts = 0 AND kind IN (${HELD_KINDS.map(() => "?").join(", ")}) AND json_extract(payload, '$.dueAt') IS NOT NULL`,
    )
    .all(...HELD_KINDS) as { id: number; payload: string; runAt: string }[];
  let moved = 0;
  const update = db.prepare("UPDATE jobs SET run_at = ? WHERE id = ? AND done_at IS NULL");
  for (const job of waiting) {
    const runAt = heldRunAt(hours, dueOf({ payload: JSON.parse(job.payload) as Record<string, unknown> }, now), now).toISOString();
    if (runAt === job.runAt) continue;
    update.run(runAt, job.id);
    moved++;
  }
  return moved;
}
