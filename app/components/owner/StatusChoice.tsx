/**
 * A request's status as a group of radio buttons (GOV.UK's pattern): every status can be set by
 * hand, since a price given on the doorstep is Quoted too.
 */
import { LEAD_STATUSES, STATUS_NAMES, type LeadStatus } from "~/lib/requests/status.ts";

const HINTS: Record<LeadStatus, string> = {
  new: "Not answered yet.",
  contacted: "You have spoken or written to them.",
  quoted: "They have a price, written or given on the doorstep.",
  won: "They said yes: the job is yours.",
  lost: "They went elsewhere, or decided not to.",
  spam: "Not a real request.",
};

export function StatusChoice({ current, error }: { current: LeadStatus; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "lead-status-error" : undefined} className="space-y-2">
      <legend className="sr-only">Status</legend>
      {error && (
        <p id="lead-status-error" className="field-error">
          {error}
        </p>
      )}
      <div className="grid gap-1 sm:grid-cols-2">
        {LEAD_STATUSES.map((status) => (
          <label key={status} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg px-2 py-2 hover:bg-paper">
            <input type="radio" name="status" value={status} defaultChecked={status === current} className="mt-1 size-5 shrink-0 accent-accent" />
            <span>
              <span className="font-semibold">{STATUS_NAMES[status]}</span>
              <span className="block text-sm text-muted">{HINTS[status]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
