/** Requests as CSV for a spreadsheet: `npm run leads -- --format csv` and the owner's Download CSV. */
import type { Lead } from "./leads.server.ts";

export const CSV_COLUMNS = ["id", "createdAt", "status", "form", "page", "name", "email", "phone", "location", "message", "delivery", "attempts", "lastError"] as const;

export function toCsv(leads: Lead[]): string {
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? "" : String(value);
    // A leading = + - @ would make a spreadsheet run the cell as a formula.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [CSV_COLUMNS.join(","), ...leads.map((lead) => CSV_COLUMNS.map((c) => cell(lead[c])).join(","))].join("\r\n") + "\r\n";
}
