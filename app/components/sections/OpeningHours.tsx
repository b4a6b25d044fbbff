import { useBusiness } from "~/lib/public-site/site-data.ts";
import { hoursSpanWords } from "~/lib/time/clock-words.ts";

/**
 * The business's one set of opening hours (DECISIONS.md item 6), with the line that says the
 * emergency number is answered outside them, so "Sunday: Closed" never reads against "24/7".
 */
export function OpeningHours({ onDark = false }: { onDark?: boolean }) {
  const site = useBusiness();
  return (
    <>
      {/* Each day's line wraps its times under the day when both do not fit (big text on a phone). */}
      <dl className="space-y-1">
        {site.openingHours.map((row) => (
          <div key={row.label} className="flex flex-wrap gap-x-4">
            <dt className={`min-w-[min(8.5rem,100%)] ${onDark ? "font-semibold text-white" : "font-semibold"}`}>{row.label}</dt>
            {/* Kept on one line: "8:00–18:00" never breaks after its dash. */}
            <dd>{row.opens && row.closes ? <span className="whitespace-nowrap">{hoursSpanWords(row.opens, row.closes)}</span> : "Closed"}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">{site.claims.emergencyLine}.</p>
    </>
  );
}
