import { CardSection } from "~/components/CardSection.tsx";
import type { CustomerVisit } from "~/lib/customer/shown.ts";

/**
 * The customer's visits on their page (/c/{token}): each visit's kind, day and time in words, a
 * cancelled one marked so. Add to calendar and Ask to rearrange are still to come (issue 27 §6).
 */
export function CustomerVisits({ visits }: { visits: CustomerVisit[] }) {
  if (visits.length === 0) return null;
  return (
    <CardSection id="visits-heading" title="Visits">
      <ul className="space-y-2">
        {visits.map((visit) => (
          <li key={visit.id}>
            <strong>{visit.what}</strong>: {visit.when}
            {visit.cancelled && " (cancelled)"}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
