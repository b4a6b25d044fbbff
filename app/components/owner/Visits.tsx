/**
 * A request's visits on its page: Book a visit, then each visit soonest first with its day and
 * times in words, any overlap naming the other's customer and times, whether the customer was
 * told, the owner's notes, and Move and Cancel visit while it is still to come.
 */
import { CardSection, type Fold } from "../CardSection.tsx";
import type { VisitItem } from "~/lib/visits/pages.server.ts";

/** What the request page says after a visit form sent the owner back to it (?saved=…). */
export const VISIT_NOTICES: Record<string, string> = {
  "visit-booked": "Visit booked. The customer is e-mailed an invitation for their calendar.",
  "visits-booked": "Visits booked. The customer is e-mailed an invitation for each, for their calendar.",
  "job-days-booked": "Job days booked. The customer is e-mailed one invitation holding every day, for their calendar.",
  "visit-booked-untold": "Booked. The customer was not told: call them.",
  "visit-moved": "Visit moved. The customer is e-mailed the new time and why, and it moves in their calendar.",
  "visit-moved-untold": "Visit moved. The customer was not told: call them.",
  "visit-cancelled": "Visit cancelled. The customer is e-mailed, and it leaves their calendar.",
  "visit-cancelled-untold": "Visit cancelled. The customer was not told: call them.",
};

const NOT_TOLD = { "no-address": "there is no e-mail address for them", "no-mail": "e-mail is not set up here" } as const;

function Visit({ visit, customer }: { visit: VisitItem; customer: string }) {
  return (
    <li className="space-y-1 rounded-lg bg-paper p-3">
      <p>
        <span className="font-semibold">{visit.cancelled ? `${visit.kind}, cancelled` : visit.kind}</span>: {visit.when}
      </p>
      {visit.overlaps.map((overlap) => (
        <p key={overlap} className="font-semibold text-accent-dark">
          {overlap}
        </p>
      ))}
      {visit.asked && <AskedMark words={visit.asked} />}
      {visit.told !== "e-mail" && (
        <p>
          {customer} was not told: {NOT_TOLD[visit.told]}.
        </p>
      )}
      {visit.notes && <p className="whitespace-pre-wrap break-words text-muted">{visit.notes}</p>}
      {!visit.cancelled && !visit.over && (
        <p className="flex flex-wrap gap-3 pt-1">
          <a href={`/admin/visits/${visit.id}/move`} className="btn-secondary" aria-label={`Move ${visit.short}`}>
            Move
          </a>
          <a href={`/admin/visits/${visit.id}/cancel`} className="btn-secondary" aria-label={`Cancel visit: ${visit.short}`}>
            Cancel visit
          </a>
        </p>
      )}
    </li>
  );
}

export function Visits({ leadId, customer, visits, fold }: { leadId: number; customer: string; visits: VisitItem[]; fold?: Fold }) {
  return (
    <CardSection title="Visits" id="visits-heading" fold={fold}>
      {visits.length === 0 ? (
        <p className="text-muted">No visits yet. Book a survey or the job's days: the customer is e-mailed an invitation for their calendar.</p>
      ) : (
        <ul aria-label="Visits, soonest first" className="space-y-3">
          {visits.map((visit) => (
            <Visit key={visit.id} visit={visit} customer={customer} />
          ))}
        </ul>
      )}
      <a href={`/admin/requests/${leadId}/visits/new`} className="btn-secondary">
        Book a visit
      </a>
    </CardSection>
  );
}

/** The customer's words asking to rearrange a visit: shown on it until it moves. */
export function AskedMark({ words }: { words: string }) {
  return (
    <p className="rounded-md border-l-4 border-danger bg-white px-3 py-2 break-words">
      <span className="font-semibold text-danger">Asked to rearrange:</span> “{words}”
    </p>
  );
}
