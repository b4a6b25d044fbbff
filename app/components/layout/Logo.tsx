import { BRAND } from "~/lib/brand/colours.ts";
import { useBusiness } from "~/lib/public-site/site-data.ts";

/** The business mark: a roof outline and the trading name. */
export function Logo({ onDark = false }: { onDark?: boolean }) {
  const site = useBusiness();
  return (
    // The walls are drawn in the text colour, so a contrast theme redraws them with the text.
    <span className={`flex items-center gap-2 font-extrabold tracking-tight ${onDark ? "text-white" : "text-ink"}`}>
      <svg viewBox="0 0 40 32" width="40" height="32" aria-hidden="true" focusable="false">
        <path d="M2 18 20 3l18 15" fill="none" stroke={BRAND.accent} strokeWidth="4" strokeLinejoin="round" />
        <path d="M8 16v13h24V16" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M17 29v-8h6v8" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
      <span className="text-xl">{site.name}</span>
    </span>
  );
}
