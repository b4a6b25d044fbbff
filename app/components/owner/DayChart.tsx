/**
 * Page views and visitors per day, drawn on the server as inline SVG: two lines on one scale.
 * The picture is described in words; the same figures are in a table beside it.
 */
export interface DayFigures {
  day: string;
  views: number;
  visitors: number;
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = 24;

function points(days: DayFigures[], value: (d: DayFigures) => number, top: number): string {
  const step = days.length > 1 ? (WIDTH - 2 * PAD) / (days.length - 1) : 0;
  return days.map((d, i) => `${Math.round(PAD + i * step)},${Math.round(HEIGHT - PAD - (value(d) / top) * (HEIGHT - 2 * PAD))}`).join(" ");
}

export function DayChart({ days, summary }: { days: DayFigures[]; summary: string }) {
  const top = Math.max(1, ...days.map((d) => d.views));
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full" preserveAspectRatio="none">
        <line x1={PAD} y1={HEIGHT - PAD} x2={WIDTH - PAD} y2={HEIGHT - PAD} className="stroke-slate-300" strokeWidth="1" />
        <polyline points={points(days, (d) => d.views, top)} fill="none" className="stroke-ink" strokeWidth="3" />
        <polyline points={points(days, (d) => d.visitors, top)} fill="none" className="stroke-accent" strokeWidth="3" strokeDasharray="6 4" />
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 text-base">
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-1 w-6 bg-ink align-middle" />
          Page views
        </span>
        <span>
          <span aria-hidden="true" className="mr-1 inline-block h-1 w-6 border-t-4 border-dashed border-accent align-middle" />
          Visitors (dashed)
        </span>
      </figcaption>
    </figure>
  );
}
