import { Fragment } from "react";
import { useBusiness } from "~/lib/public-site/site-data.ts";

function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  // No-break spaces keep "8:00 AM" and "– 6:00 PM" whole: a narrow column breaks before the dash.
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")}\u00a0${suffix}`;
}

/**
 * The business's one set of opening hours (DECISIONS.md item 6), with the line that says the
 * emergency number is answered outside them, so "Sunday: Closed" never reads against "24/7".
 */
export function OpeningHours({ onDark = false }: { onDark?: boolean }) {
  const site = useBusiness();
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {site.openingHours.map((row) => (
          <Fragment key={row.label}>
            <dt className={onDark ? "font-semibold text-white" : "font-semibold"}>{row.label}</dt>
            <dd>{row.opens && row.closes ? `${formatTime(row.opens)} –\u00a0${formatTime(row.closes)}` : "Closed"}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="mt-2 text-sm">{site.claims.emergencyLine}.</p>
    </>
  );
}
