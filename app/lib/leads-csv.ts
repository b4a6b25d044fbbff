/** Requests as CSV for a spreadsheet: `npm run leads -- --format csv` and the owner's Download CSV. */
import type { Lead } from "./requests/lead.ts";

/** A request as listed: with the file names of its photos. */
export type ListedLead = Lead & { photos: string[] };

export const CSV_COLUMNS = ["id", "createdAt", "status", "form", "page", "name", "email", "phone", "location", "message", "delivery", "attempts", "lastError", "photos"] as const;

export function toCsv(leads: ListedLead[]): string {
  const cell = (value: unknown) => {
    // The photos column holds how many there are; their names are in the JSON.
    const text = value === null || value === undefined ? "" : Array.isArray(value) ? String(value.length) : String(value);
    // A leading = + - @ would make a spreadsheet run the cell as a formula.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [CSV_COLUMNS.join(","), ...leads.map((lead) => CSV_COLUMNS.map((c) => cell(lead[c])).join(","))].join("\r\n") + "\r\n";
}
