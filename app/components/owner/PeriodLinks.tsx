/** A link to a period: where it goes and what it says. */
export interface PeriodLink {
  href: string;
  words: string;
}

/**
 * The links of a page shown a period at a time (the diary's fortnights, Money's months): the one
 * before, back to now when away from it, and the one after when there is one. Plain links, so
 * they work with no script.
 */
export function PeriodLinks({ label, before, now, after }: { label: string; before: PeriodLink; now?: PeriodLink; after?: PeriodLink }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        <li>
          <a href={before.href} className="btn-secondary">
            <span aria-hidden="true">‹ </span>
            {before.words}
          </a>
        </li>
        {now && (
          <li>
            <a href={now.href} className="btn-secondary">
              {now.words}
            </a>
          </li>
        )}
        {after && (
          <li>
            <a href={after.href} className="btn-secondary">
              {after.words}
              <span aria-hidden="true"> ›</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
