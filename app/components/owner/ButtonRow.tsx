import type { ReactNode } from "react";

/**
 * A form's closing row: its main button, any others (`children`), and the link back that keeps
 * everything as it is (Book visit, Move visit, Send's "Yes, send …" questions).
 */
export function ButtonRow({ submit, back, gap = "gap-3", children }: { submit: string; back: { href: string; label: string }; gap?: "gap-3" | "gap-4"; children?: ReactNode }) {
  return (
    <div className={`flex flex-wrap items-center ${gap}`}>
      <button type="submit" className="btn-primary">
        {submit}
      </button>
      {children}
      <a href={back.href} className="link">
        {back.label}
      </a>
    </div>
  );
}
