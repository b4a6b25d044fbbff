import { AwardIcon, ClockIcon, ShieldIcon } from "../icons.tsx";

const BADGES = [
  { label: "Fully Insured", Icon: ShieldIcon },
  { label: "Quality Guaranteed", Icon: AwardIcon },
  { label: "Free Quotes Within 24h", Icon: ClockIcon },
];

export function TrustBadges() {
  return (
    <ul className="mt-6 flex flex-wrap gap-3" aria-label="Why you can trust us">
      {BADGES.map(({ label, Icon }) => (
        <li key={label} className="flex items-center gap-2 rounded-full bg-white px-[min(1rem,4vw)] py-2 font-semibold ring-1 ring-slate-300">
          <Icon className="text-accent-dark" width="20" height="20" />
          {label}
        </li>
      ))}
    </ul>
  );
}
