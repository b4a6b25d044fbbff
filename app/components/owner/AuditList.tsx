import type { ReactNode } from "react";
import type { AuditEntry } from "~/lib/db/audit.server.ts";
import { exactTime } from "~/lib/time/ago.ts";

/** Changes as the audit table records them: when, who, what; newest first. */
export function AuditList({ label, entries, children }: { label: string; entries: AuditEntry[]; children?: ReactNode }) {
  return (
    <ol aria-label={label} className="space-y-2">
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.at} className="text-muted">
            {exactTime(entry.at)}
          </time>
          : {entry.actor} {entry.action}
          {entry.detail && ` (${entry.detail})`}
        </li>
      ))}
      {children}
    </ol>
  );
}
