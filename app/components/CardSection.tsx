import type { ReactNode } from "react";
import { ChevronDownIcon } from "./icons.tsx";

/** A long section folds: its heading stays, with a line saying what it holds, and its content opens on a tap (a <details>, without JavaScript too). */
export interface Fold {
  open: boolean;
  /** "3 visits", beside the heading. */
  summary?: string;
}

/**
 * A card with its own heading, named by it for assistive technology: the owner's pages and the
 * customer's quote are made of these. `className` adds to the card's (its spacing by default).
 * With `fold`, the content folds under the heading.
 */
export function CardSection({ id, title, className = "space-y-4", fold, children }: { id: string; title: ReactNode; className?: string; fold?: Fold; children: ReactNode }) {
  if (fold) {
    return (
      <section aria-labelledby={id} className="card">
        <details open={fold.open} className="group">
          <summary className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id={id} className="text-xl">
              {title}
            </h2>
            {fold.summary && <span className="text-muted">{fold.summary}</span>}
            <ChevronDownIcon className="ml-auto shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <div className={`mt-4 ${className}`}>{children}</div>
        </details>
      </section>
    );
  }
  return (
    <section aria-labelledby={id} className={`card ${className}`}>
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
