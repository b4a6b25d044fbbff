import type { ReactNode } from "react";
import { OwnerForm } from "./OwnerForm.tsx";

/** The red of a button that removes something for good. */
export const DANGER = "btn bg-danger text-white hover:bg-red-800";

/**
 * The first step of a change that must be asked about: a GET back to the page, which then asks
 * (no JavaScript needed). `children` come before the button.
 */
export function AskFirst({ action, name, value, label, className, children, button }: { action: string; name: string; value: string | number; label?: string; className?: string; children?: ReactNode; button: string }) {
  return (
    <form method="get" action={action} className={className}>
      {children}
      <input type="hidden" name={name} value={value} />
      <button type="submit" className="btn-secondary" aria-label={label}>
        {button}
      </button>
    </form>
  );
}

/**
 * The second yes: the question in words, the button that does it, and the way back that keeps
 * everything as it is. Only this POST makes the change; a bare or replayed one only asks again.
 */
export function SecondYes({
  intent,
  hidden,
  question,
  yes,
  yesClass = DANGER,
  keep,
  className = "space-y-3",
}: {
  intent: string;
  hidden: Record<string, string | number>;
  question: ReactNode;
  yes: string;
  yesClass?: string;
  keep: { href: string; label: string };
  className?: string;
}) {
  return (
    <OwnerForm intent={intent} hidden={hidden} className={className}>
      {question}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={yesClass}>
          {yes}
        </button>
        <a href={keep.href} className="btn-secondary">
          {keep.label}
        </a>
      </div>
    </OwnerForm>
  );
}
