/** Requests as CSV for a spreadsheet: `npm run leads -- --format csv` and the owner's Download CSV. */
import { csvLines, textCell } from "../db/csv.ts";
import type { Lead } from "./lead.ts";

/** A request as listed: with the file names of its photos. */
export type ListedLead = Lead & { photos: string[] };

export const CSV_COLUMNS = ["id", "createdAt", "status", "form", "page", "name", "email", "phone", "location", "message", "delivery", "attempts", "lastError", "photos"] as const;

export function toCsv(leads: ListedLead[]): string {
  // The photos column holds how many there are; their names are in the JSON.
  const cell = (value: unknown) => textCell(value === null || value === undefined ? "" : Array.isArray(value) ? String(value.length) : String(value));
  return csvLines([[...CSV_COLUMNS], ...leads.map((lead) => CSV_COLUMNS.map((c) => cell(lead[c])))]);
}
