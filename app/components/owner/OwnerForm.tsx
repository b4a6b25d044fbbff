import type { ReactNode } from "react";

type Hidden = Record<string, string | number>;

/** A change to one thing on an owner page: a POST to the page itself, naming what it does. */
export function OwnerForm({ intent, hidden = {}, className, children }: { intent: string; hidden?: Hidden; className?: string; children: ReactNode }) {
  return (
    <form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

/** A change made by one button, with what it needs in hidden fields. */
export function OwnerButton({ intent, hidden, className = "btn-secondary", label, children }: { intent: string; hidden?: Hidden; className?: string; label?: string; children: ReactNode }) {
  return (
    <OwnerForm intent={intent} hidden={hidden}>
      <button type="submit" className={className} aria-label={label}>
        {children}
      </button>
    </OwnerForm>
  );
}
