/**
 * The nightly job that keeps the privacy notice's promise: each night at 03:30 UK time it forgets
 * the customers of requests last in touch more than 24 months before (lib/requests/retention.ts), takes the
 * name and address off invoices kept six years from the end of their tax year, writes one audit
 * line with the counts and never a name, forgets the forms' once-only keys applied more than 30
 * days before (decision 28), and queues the next night. Each night's row is
 * queued once, ever; a server that was down runs the missed night's when it is back.
 */
import type { DatabaseSync } from "node:sqlite";
import { forgetAppliedKeys } from "../db/applied-keys.server.ts";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import type { LeadStore } from "./leads.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { forgetInvoiceNames, monthsBefore, RETENTION_MONTHS } from "./retention.ts";
import { addDays, ukDate, ukInstant } from "../time/uk-time.ts";

const KIND = "forget-requests";
const RUN_AT_MINUTES = 3 * 60 + 30;

/** Queues tonight's run (or today's, when it is still to come) and nothing more. */
export function scheduleForgetting(db: DatabaseSync, now: Date) {
  const today = ukDate(now);
  const night = now < ukInstant(today, RUN_AT_MINUTES) ? today : addDays(today, 1);
  enqueue(db, { kind: KIND, payload: { night }, runAt: ukInstant(night, RUN_AT_MINUTES), onceKey: `${KIND}:${night}`, now });
}

/** What a run says in the audit: how many, never who. */
export function forgottenLine(count: number, before: string, invoices = 0): string {
  const line = `erased the personal details of ${count} request${count === 1 ? "" : "s"} last in touch before ${before}`;
  return invoices ? `${line}, and the names on ${invoices} invoice${invoices === 1 ? "" : "s"} kept six years` : line;
}

export function forgetRequestsHandler(store: LeadStore): Record<string, JobHandler> {
  return {
    [KIND]: async (job, now) => {
      const before = monthsBefore(ukDate(now), RETENTION_MONTHS);
      let invoices = 0;
      const count = store.forgetBefore(before, (n) => {
        invoices = forgetInvoiceNames(store, ukDate(now));
        recordAudit(store, { actor: "Nightly privacy job", action: forgottenLine(n, before, invoices), now });
      });
      const keys = forgetAppliedKeys(store.db, now);
      return { outcome: `forgot ${count}, ${invoices} invoice names, ${keys} once-only keys`, commit: () => scheduleForgetting(store.db, ukInstant(addDays(String(job.payload.night), 1), 0)) };
    },
  };
}
