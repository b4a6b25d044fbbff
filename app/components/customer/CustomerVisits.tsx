import { CardSection } from "~/components/CardSection.tsx";
import type { CustomerVisit } from "~/lib/customer/shown.ts";

/**
 * The customer's visits on their page (/c/{token}): each visit's kind, day and time in words, a
 * cancelled one marked so, and Add to calendar for each booked one (its calendar file). Ask to
 * rearrange is still to come (issue 27 §6).
 */
export function CustomerVisits({ visits, path }: { visits: CustomerVisit[]; path: string }) {
  if (visits.length === 0) return null;
  return (
    <CardSection id="visits-heading" title="Visits">
      <ul className="space-y-2">
        {visits.map((visit) => (
          <li key={visit.id} className="space-y-1">
            <p>
              <strong>{visit.what}</strong>: {visit.when}
              {visit.cancelled && " (cancelled)"}
            </p>
            {!visit.cancelled && (
              <a href={`${path}/visits/${visit.id}/calendar`} className="btn-secondary" download="visit.ics">
                Add to calendar<span className="sr-only">: {visit.what.toLowerCase()}, {visit.when}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
