import { CardSection } from "~/components/CardSection.tsx";
import type { CustomerVisit } from "~/lib/customer/shown.ts";

/**
 * The place for the customer's visits on their page (/c/{token}), left for the diary (issue 27
 * §1–4) to fill: each visit's kind, day and time in words, later with Add to calendar and Ask to
 * rearrange. Until the diary is wired in, the page's loader gives an empty list and nothing shows.
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
