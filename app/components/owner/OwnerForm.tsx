import type { ReactNode } from "react";

/** A change to one thing on an owner page: a POST to the page itself, naming what it does. */
export function OwnerForm({ intent, className, children }: { intent: string; className?: string; children: ReactNode }) {
  return (
    <form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </form>
  );
}
