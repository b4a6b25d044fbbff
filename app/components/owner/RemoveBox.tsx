import type { ReactNode } from "react";

/** The tick that takes one row of a list out of the draft when it is saved (a project, a testimonial). */
export function RemoveBox({ name, values, children }: { name: string; values?: Record<string, string>; children: ReactNode }) {
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input type="checkbox" name={name} className="size-5" defaultChecked={Boolean(values?.[name])} />
      {children}
    </label>
  );
}
