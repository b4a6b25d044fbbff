/**
 * CSV as a spreadsheet or an accounts package reads it: cells quoted where they must be, rows
 * ended by CRLF, and a download that starts with UTF-8's byte-order mark, without which Excel
 * reads the file in the machine's old code page ("Â£" for "£"). Text typed by someone else is
 * defused where a spreadsheet would run it as a formula; figures written by the software itself
 * go in as they are ("-3600.00" stays a number).
 */

/** UTF-8's byte-order mark: Excel's sign that the file is UTF-8; Xero and LibreOffice read past it. */
export const BYTE_ORDER_MARK = "\uFEFF";

/**
 * How a formula starts: = always; + - and @ when what follows reads as an expression ("+1+1",
 * "-2+3", "@SUM(A1)"); a tab or a return, which some programs strip before reading the rest.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Cells that start with + or - and that a spreadsheet reads as plain data, never as a formula: a
 * number or an amount ("-12.50", "+3", "-1,250.00", "-£12.50"); a phone number in international
 * form ("+44 1462 123456", "+44 (0)1462 123456", "+441462123456"), whose groups of figures stand
 * side by side with no operator between, which no formula has; and an e-mail address
 * ("-2+3@example.com"), in which an @ stands straight after a letter or figure, where no formula
 * has one (a formula's @ comes only before what it applies to, as in "=-@A1").
 */
const PLAIN_DATA = [
  /^[+-]£?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/,
  /^\+\d{1,3} ?(?:\(0\) ?)?\d[\d ]{5,16}\d$/,
  /^[+-][\w.%+-]*[A-Za-z0-9_]@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/,
];

/** Whether a spreadsheet might read the text as a formula: see FORMULA_START and PLAIN_DATA. */
export function readsAsFormula(text: string): boolean {
  if (!FORMULA_START.test(text)) return false;
  return !(/^[+-]/.test(text) && PLAIN_DATA.some((plain) => plain.test(text)));
}

/** A text cell: one a spreadsheet would read as a formula gets a quote mark first, so it is never run. */
export function textCell(text: string): string {
  return quoted(readsAsFormula(text) ? `'${text}` : text);
}

/** A cell the software wrote itself (a figure, a date): quoted only where the format needs it. */
export function quoted(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells already made safe, one line each, every line ended by CRLF. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.join(",")).join("\r\n") + "\r\n";
}

/** A CSV file as a download named `fileName`: UTF-8 with its byte-order mark, so Excel reads £ and accents right. */
export function csvAttachment(csv: string, fileName: string): Response {
  return new Response(BYTE_ORDER_MARK + csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${fileName}"` },
  });
}
