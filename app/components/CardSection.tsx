import type { ReactNode } from "react";

/**
 * A card with its own heading, named by it for assistive technology: the owner's pages and the
 * customer's quote are made of these. `className` adds to the card's (its spacing by default).
 */
export function CardSection({ id, title, className = "space-y-4", children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`card ${className}`}>
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
