/**
 * The first screen of a request's page under its name (issue 35 §2): the status read as one line,
 * then, after Next step, what stands now: the next visit, what is owed, and anything the customer
 * asked (their words about a visit, a review, an accepted quote).
 */
import { AskedChip, MoneyChip, OverdueChip, StatusChip, UnsentChip } from "./StatusChip.tsx";
import { FirstAnswer } from "./FirstAnswer.tsx";
import type { Asked, Stage } from "~/lib/requests/job.ts";
import type { Lead } from "~/lib/requests/lead.ts";
import { isOverdue } from "~/lib/requests/clock.ts";
import { exactTime } from "~/lib/time/ago.ts";

export function StatusLine({ lead, stage, reference, now }: { lead: Lead; stage: Stage; reference: string; now: Date }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <StatusChip status={stage} size="base" />
      {isOverdue(lead, now) && <OverdueChip />}
      {lead.delivery === "pending" && <UnsentChip />}
      <span className="text-muted">
        {reference} · sent <time dateTime={lead.createdAt}>{exactTime(lead.createdAt)}</time>
      </span>
      <FirstAnswer lead={lead} now={now} />
    </p>
  );
}

export interface Now {
  /** "Job day: tomorrow, Tuesday 8 December, 8:00–16:00", or null with none to come. */
  nextVisit: string | null;
  /** "£1,368.00", or null before anything is won or invoiced. */
  owed: string | null;
  overdue: boolean;
  money: string | null;
  /** The customer's words asking to rearrange a visit to come, with the visit. */
  rearrange: { visit: string; words: string }[];
  /** What else the customer did since the owner last opened the page. */
  asked: Asked[];
}

export function RequestNowFacts({ now }: { now: Now }) {
  const asked = now.asked.filter((kind) => kind !== "rearrange" || now.rearrange.length === 0);
  return (
    <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4">
      <dt className="font-semibold">Next visit</dt>
      <dd>{now.nextVisit ?? "None booked"}</dd>
      {now.owed !== null && (
        <>
          <dt className="font-semibold">Owed</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className={now.overdue ? "font-bold text-danger" : "font-semibold"}>{now.owed}</span>
            {now.overdue && <OverdueChip />}
            {now.money && !now.money.endsWith("overdue") && <MoneyChip words={now.money} />}
          </dd>
        </>
      )}
      {(now.rearrange.length > 0 || asked.length > 0) && (
        <>
          <dt className="font-semibold">Customer</dt>
          <dd className="space-y-1">
            {now.rearrange.map((item) => (
              <p key={item.visit} className="break-words">
                <a href="#visits-heading" className="link font-semibold text-danger">
                  Asked to rearrange the {item.visit}
                </a>
                : “{item.words}”
              </p>
            ))}
            {asked.length > 0 && (
              <p className="flex flex-wrap gap-2">
                {asked.map((kind) => (
                  <AskedChip key={kind} asked={kind} size="sm" />
                ))}
              </p>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
