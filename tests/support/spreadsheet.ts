/**
 * How Excel reads one cell of a CSV file it opens, as a model for tests of the formula guard
 * (lib/db/csv.ts): a cell whose text is a number is a number ("-12.50", "-£12.50"); one that starts
 * with = is a formula; one that starts with + - or @ is tried as a formula, as if typed after an
 * =, and is one when it parses ("+1+1", "-2+3", "@SUM(A1)", "-cmd|' /C calc'!A0"); a tab or a
 * return at the start is passed over first. Anything else is text, shown as written: a guard's
 * quote mark too, since the mark hides only when typed into a cell, not when read from a file.
 *
 * The formula grammar is Excel's, in as much as an injection needs: numbers, strings, TRUE and
 * FALSE, references (A1, $A$1, A1:B2, Sheet1!A1) and names, function calls, brackets, the DDE
 * form app|'topic'!item, the prefix operators + - @, the postfix %, the binary operators, and the
 * space between two references (their intersection; between two figures it is no operator).
 */
export type Reading = { as: "number"; value: number } | { as: "formula" } | { as: "text"; shown: string };

const NUMBER = /^([+-]?)£?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:E[+-]?\d+)?)(%?)$/i;

export function spreadsheetReads(cell: string): Reading {
  const rest = cell.replace(/^[\t\r]+/, "");
  const number = NUMBER.exec(rest);
  if (number) {
    const value = Number(number[2]!.replaceAll(",", "")) * (number[1] === "-" ? -1 : 1);
    return { as: "number", value: number[3] ? value / 100 : value };
  }
  if (rest.startsWith("=") || (/^[+\-@]/.test(rest) && parsesAsFormula(rest))) return { as: "formula" };
  return { as: "text", shown: cell };
}

type Operand = "reference" | "value";

/** Whether the whole of `source` is an Excel formula (without its leading =). */
export function parsesAsFormula(source: string): boolean {
  let at = 0;
  const take = (pattern: RegExp): boolean => {
    const sticky = new RegExp(pattern.source, `${pattern.flags.replace("y", "")}y`);
    sticky.lastIndex = at;
    const found = sticky.exec(source);
    if (found) at += found[0].length;
    return Boolean(found);
  };
  const spaces = () => take(/ +/);

  function bracketed(): boolean {
    spaces();
    if (!list()) return false;
    spaces();
    return take(/\)/);
  }

  function primary(): Operand | undefined {
    if (take(/(?:\d+(?:\.\d*)?|\.\d+)(?:E[+-]?\d+)?/i)) return "value";
    if (take(/"(?:[^"]|"")*"/)) return "value";
    if (take(/(?:TRUE|FALSE)(?![\w.(])/i)) return "value";
    if (take(/\(/)) return bracketed() ? "value" : undefined;
    if (take(/[A-Za-z_][\w.]*\|'[^']*'![\w$]+/)) return "value";
    if (take(/[A-Za-z_][\w.]*\(/)) {
      spaces();
      return take(/\)/) || bracketed() ? "value" : undefined;
    }
    const cell = /\$?[A-Za-z]{1,3}\$?\d+/.source;
    if (take(new RegExp(`(?:[A-Za-z_][\\w.]*!)?(?:${cell}(?::${cell})?|[A-Za-z_\\\\][\\w.]*)`))) return "reference";
    return undefined;
  }

  function operand(): Operand | undefined {
    while (take(/[+\-@]/)) spaces();
    const kind = primary();
    while (kind && take(/%/));
    return kind;
  }

  function expression(): boolean {
    let kind = operand();
    if (!kind) return false;
    for (;;) {
      const before = at;
      spaces();
      if (take(/<>|<=|>=|[-+*/^&=<>:]/)) {
        spaces();
        kind = operand();
        if (!kind) return false;
        continue;
      }
      if (at > before && kind === "reference") {
        const next = at;
        if (operand() === "reference") continue;
        at = next;
      }
      at = before;
      return true;
    }
  }

  function list(): boolean {
    if (!expression()) return false;
    while (take(/ *, */)) if (!expression()) return false;
    return true;
  }

  if (!expression()) return false;
  spaces();
  return at === source.length;
}
