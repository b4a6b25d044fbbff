/**
 * One queue of all background work in SQLite: every e-mail (the owner's new-request mail, the
 * visitor's acknowledgement, quotes, follow-ups, review requests), the pushes to the owner's
 * phone, the reminders. A job is committed with whatever caused it (a request, a quote sent, a
 * status change), so a crash or restart loses none; the runner takes due jobs in order, and a
 * job that fails is tried again with a growing pause until its give-up time.
 *
 * A job is marked done only in the commit after its handler finished: a process killed mid-send
 * leaves it due, and the next start runs it again (done once, or retried; never lost).
 *
 * Time comes from an injectable clock, so tests move it instead of sleeping.
 */
import type { DatabaseSync } from "node:sqlite";
import { asRow, type Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";
import { Passes, type Turns } from "./visitors-first.ts";

/** How long a done job is kept: the quote page lists its follow-ups from them. */
const KEEP_DONE_DAYS = 90;

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: string;
  runAt: string;
  giveUpAt: string | null;
  attempts: number;
  /** Why the last attempt failed; null when none has. */
  lastError: string | null;
}

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** Past this, a failing job stops being tried (a push is useless after its 24 h TTL). */
  giveUpAt?: Date;
  /** A job with a key is queued at most once, ever (each reminder is sent once). */
  onceKey?: string;
  now?: Date;
}

/** Queues a job in the caller's transaction (or on its own); false when its key was used before. */
export function enqueue(db: DatabaseSync, job: NewJob): boolean {
  const result = statement(db, "INSERT OR IGNORE INTO jobs (kind, payload, once_key, created_at, run_at, give_up_at) VALUES (?, ?, ?, ?, ?, ?)")
    .run(
      job.kind,
      JSON.stringify(job.payload ?? {}),
      job.onceKey ?? null,
      (job.now ?? new Date()).toISOString(),
      job.runAt.toISOString(),
      job.giveUpAt?.toISOString() ?? null,
    );
  return Number(result.changes) > 0;
}

/** The pause before the next attempt: `baseMs` after the first failure, doubling, up to an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * What a handler answers: nothing when the job is done; `{ outcome }` to record how it ended
 * ("sent", "not needed: answered"); `{ holdUntil }` to run it later without counting a failure
 * (a reminder waiting for opening time); `{ commit }` for what the job changes in the database,
 * committed with the job's own row. A handler that throws has failed and is retried.
 *
 * Beside a kind's handler, `${kind}:failed` runs after each failed attempt and `${kind}:gave-up`
 * once it is given up; each is handed the job as the failure leaves it (its attempts, its next
 * run and its error), and what it commits goes with the job's row.
 */
export type JobResult = void | { outcome?: string; holdUntil?: Date; commit?: () => void };
export type JobHandler = (job: Job, now: Date) => Promise<JobResult> | JobResult;

export interface RunnerOptions {
  now?: () => Date;
  /** First pause after a failure; doubles each time, up to an hour. */
  retryBaseMs?: number;
  /** Jobs taken per pass. */
  batch?: number;
  log?: (line: string) => void;
  /** Whose turn it is: visitors' requests go before background passes (visitors-first.ts). */
  turns?: Turns;
}

export class JobRunner {
  private readonly store: Db;
  private readonly handlers: Record<string, JobHandler>;
  private readonly now: () => Date;
  private readonly retryBaseMs: number;
  private readonly batch: number;
  private readonly log: (line: string) => void;
  private readonly passes: Passes;
  private timer: NodeJS.Timeout | undefined;

  constructor(store: Db, handlers: Record<string, JobHandler>, options: RunnerOptions = {}) {
    this.store = store;
    this.handlers = handlers;
    this.now = options.now ?? (() => new Date());
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    // A few at a time: each push's encryption is work on the main thread.
    this.batch = options.batch ?? 10;
    this.log = options.log ?? ((line) => console.error(line));
    this.passes = new Passes(() => this.runPass(), options.turns);
  }

  /** The jobs due now, oldest due first. */
  due(now: Date = this.now(), limit = this.batch): Job[] {
    return this.store.db
      .prepare(
        `SELECT id, kind, payload, created_at AS createdAt, run_at AS runAt, give_up_at AS giveUpAt, attempts, last_error AS lastError
         FROM jobs WHERE done_at IS NULL AND run_at <= ? ORDER BY run_at, id LIMIT ?`,
      )
      .all(now.toISOString(), limit)
      .map((row) => {
        const job = asRow<Job & { payload: string }>(row);
        return { ...job, payload: JSON.parse(job.payload) as Record<string, unknown> };
      });
  }

  /**
   * Runs every due job, in passes of `batch` that give way to visitors (visitors-first.ts). A call
   * during a run asks for one more pass after it. Resolves when idle.
   */
  runDue(): Promise<void> {
    return this.passes.run();
  }

  /** One pass: the jobs due now run together, and what they change is committed in one transaction. */
  private async runPass(): Promise<boolean> {
    const jobs = this.due();
    if (!jobs.length) return false;
    // One disk flush for the lot, not one each, while visitors' requests are being stored.
    const changes = await Promise.all(jobs.map((job) => this.runOne(job)));
    this.store.inTransaction(() => changes.forEach((change) => change()));
    return true;
  }

  /** Runs one job; returns the changes to its row (and the job's own), to be committed with the pass. */
  private async runOne(job: Job): Promise<() => void> {
    const now = this.now();
    const db = this.store.db;
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for "${job.kind}"`);
      const result = (await handler(job, now)) ?? {};
      if (result.holdUntil && result.holdUntil.getTime() > now.getTime()) {
        const until = result.holdUntil.toISOString();
        return () => db.prepare("UPDATE jobs SET run_at = ? WHERE id = ?").run(until, job.id);
      }
      const doneAt = this.now().toISOString();
      return () => {
        result.commit?.();
        db.prepare("UPDATE jobs SET done_at = ?, outcome = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?").run(doneAt, result.outcome ?? "done", job.id);
      };
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const retryAt = new Date(this.now().getTime() + retryDelayMs(job.attempts + 1, this.retryBaseMs));
      const givingUp = job.giveUpAt !== null && retryAt.toISOString() > job.giveUpAt;
      const at = this.now();
      this.log(`Background ${job.kind} job ${job.id} failed (${message}); ${givingUp ? "given up" : "it will be tried again"}`);
      const failed: Job = { ...job, attempts: job.attempts + 1, runAt: retryAt.toISOString(), lastError: message };
      const afterFailure = await this.hook(`${job.kind}:failed`, failed, at);
      const gaveUp = givingUp ? await this.hook(`${job.kind}:gave-up`, failed, at) : undefined;
      return () => {
        afterFailure?.commit?.();
        gaveUp?.commit?.();
        db.prepare("UPDATE jobs SET attempts = attempts + 1, last_error = ?, run_at = ?, done_at = ?, outcome = ? WHERE id = ?").run(
          message,
          retryAt.toISOString(),
          givingUp ? at.toISOString() : null,
          givingUp ? "gave up" : null,
          job.id,
        );
      };
    }
  }

  /** Runs a failure's hook, if the kind has one; a hook that throws is logged and changes nothing. */
  private async hook(name: string, job: Job, at: Date): Promise<Exclude<JobResult, void> | undefined> {
    try {
      return (await this.handlers[name]?.(job, at)) ?? undefined;
    } catch (error) {
      this.log(`Background ${name} for job ${job.id} failed (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
  }

  /** Forgets jobs done more than `days` ago (their effects and audit lines stay); returns how many. */
  prune(days = KEEP_DONE_DAYS): number {
    const before = new Date(this.now().getTime() - days * 86_400_000).toISOString();
    return Number(this.store.db.prepare("DELETE FROM jobs WHERE done_at IS NOT NULL AND done_at < ?").run(before).changes);
  }

  /** Checks for due jobs every `intervalMs` (retries, held reminders) as well as when woken. */
  start(intervalMs = 5_000) {
    let ticks = 0;
    this.prune();
    this.timer = setInterval(() => {
      // About once a day, the done jobs of long ago go.
      if (++ticks % Math.round(86_400_000 / intervalMs) === 0) this.prune();
      void this.runDue();
    }, intervalMs);
    this.timer.unref();
    void this.runDue();
  }

  /** Stops after the pass under way (what is still queued waits in the database for the next start). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.passes.stop();
  }
}

/** Jobs not yet done, by kind (the owner's status line, the tests). */
export function pendingJobs(db: DatabaseSync, kind?: string): number {
  const row = kind
    ? db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE done_at IS NULL AND kind = ?").get(kind)
    : db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE done_at IS NULL").get();
  return (row as { n: number }).n;
}
