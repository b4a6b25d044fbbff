import { useBusiness } from "~/lib/site-data.ts";

function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  // A no-break space keeps "8:00 AM" whole; a narrow screen breaks the line at the dash instead.
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")}\u00a0${suffix}`;
}

/** The business's one set of opening hours (DECISIONS.md item 6). */
export function OpeningHours({ onDark = false }: { onDark?: boolean }) {
  const site = useBusiness();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {site.openingHours.map((row) => (
        <div key={row.label} className="contents">
          <dt className={onDark ? "font-semibold text-white" : "font-semibold"}>{row.label}</dt>
          <dd>{row.opens && row.closes ? `${formatTime(row.opens)} – ${formatTime(row.closes)}` : "Closed"}</dd>
        </div>
      ))}
    </dl>
  );
}
