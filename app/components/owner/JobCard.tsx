/**
 * A job in the inbox's Jobs list (issue 35 §1): where it stands at a glance. The whole card is the
 * link to the request: its name, its next visit ("Job day Tue 8 Dec"), its money ("£1,368.00 owed",
 * "Deposit paid", "Overdue") and, as chips, what the customer did that the owner has not seen yet.
 * The one-tap Call sits beside the link, as on a request's card.
 */
import { CardCall } from "./RequestCard.tsx";
import { AskedChip, MoneyChip, OverdueChip, StatusChip } from "./StatusChip.tsx";
import type { Asked, Stage } from "~/lib/requests/job.ts";
import { nameOf } from "~/lib/requests/name.ts";

export interface CardJob {
  id: number;
  name: string;
  phone: string;
  call: string;
  reference: string;
  location: string;
  stage: Stage;
  /** "Job day Tue 8 Dec", or null with none to come. */
  nextVisit: string | null;
  /** "£1,368.00 owed", or null when nothing is. */
  owed: string | null;
  overdue: boolean;
  /** The invoices in words: "Deposit paid", "Balance sent", "Paid". */
  money: string | null;
  asked: Asked[];
}

export function JobCard({ job, self }: { job: CardJob; self: string }) {
  return (
    <li className={`card flex items-start gap-1 p-0 ${job.overdue || job.asked.length ? "border-l-4 border-accent" : ""}`}>
      <a href={`/admin/requests/${job.id}`} className="request-card min-w-0 flex-1 space-y-2 rounded-xl p-4 no-underline">
        <h3 className="text-lg break-words text-accent-dark underline decoration-2 underline-offset-4">{nameOf(job)}</h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <StatusChip status={job.stage} size="base" />
          {job.overdue && <OverdueChip size="base" />}
          {job.money && !job.money.endsWith("overdue") && <MoneyChip words={job.money} />}
          {job.asked.map((asked) => (
            <AskedChip key={asked} asked={asked} />
          ))}
        </p>
        <p className="text-ink">
          <span className="font-semibold">{job.nextVisit ?? "No visit booked"}</span>
          {job.owed && ` · ${job.owed}`}
        </p>
        <p className="text-muted break-words">
          {job.reference}
          {job.location && ` · ${job.location}`}
        </p>
      </a>
      <CardCall self={self} lead={job} />
    </li>
  );
}

/** A list of jobs under its own heading: Jobs, by what needs doing, or Paid. */
export function JobList({ id, title, label, jobs, self, empty }: { id: string; title: string; label: string; jobs: CardJob[]; self: string; empty: string }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl">
        {title} ({jobs.length})
      </h2>
      {jobs.length === 0 ? (
        <p className="card p-4">{empty}</p>
      ) : (
        <ol aria-label={label} className="space-y-3">
          {jobs.map((job) => (
            <JobCard key={job.id} job={job} self={self} />
          ))}
        </ol>
      )}
    </section>
  );
}
