/**
 * CSV as a spreadsheet or an accounts package reads it: cells quoted where they must be, rows
 * ended by CRLF. Text typed by someone else is defused, so that no spreadsheet runs it as a
 * formula; figures written by the software itself go in as they are ("-3600.00" stays a number).
 */

/** A text cell: a leading = + - @ tab or return gets a quote mark, so it is never run as a formula. */
export function textCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return quoted(safe);
}

/** A cell the software wrote itself (a figure, a date): quoted only where the format needs it. */
export function quoted(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells already made safe, one line each, every line ended by CRLF. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.join(",")).join("\r\n") + "\r\n";
}
