/**
 * The period the owner's Money page and the accountant's two files are for: a calendar month
 * (`?month=2026-12`, this month by default) or the From and To days he chose (`?from=…&to=…`, a VAT
 * quarter). Both ends are UK days and both are included.
 */
import { longDate, monthWords } from "../time/words.ts";
import { addDays } from "../time/uk-time.ts";

export interface MoneyPeriod {
  /** The first and last UK day, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** "December 2026", or "1 October 2026 to 31 December 2026". */
  name: string;
  /** The month shown (YYYY-MM), when it is a whole month. */
  month?: string;
  /** The address's query for this period ("month=2026-12"), for the files' links. */
  query: string;
}

export type PeriodField = "from" | "to";

/** The period asked for, or a message at the field that is wrong and this month in its place. */
export type AskedPeriod = { period: MoneyPeriod; errors?: undefined; typed?: undefined } | { period: MoneyPeriod; errors: Partial<Record<PeriodField, string>>; typed: { from: string; to: string } };

/** A real calendar day written YYYY-MM-DD, between the years 2000 and 2099. */
function isDay(text: string): boolean {
  return /^20\d\d-\d\d-\d\d$/.test(text) && new Date(`${text}T12:00:00Z`).toISOString().slice(0, 10) === text;
}

/** The month `months` after `month` (before, when negative). */
export function monthAfter(month: string, months: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + months, 15)).toISOString().slice(0, 7);
}

/** The whole of a month (YYYY-MM). */
export function monthPeriod(month: string): MoneyPeriod {
  const from = `${month}-01`;
  return { from, to: addDays(`${monthAfter(month, 1)}-01`, -1), name: monthWords(month), month, query: `month=${month}` };
}

/** The period of the address's query; `today` is the UK day, whose month is the default. */
export function askedPeriod(params: URLSearchParams, today: string): AskedPeriod {
  const thisMonth = monthPeriod(today.slice(0, 7));
  const from = (params.get("from") ?? "").trim();
  const to = (params.get("to") ?? "").trim();
  if (from || to) {
    const errors: Partial<Record<PeriodField, string>> = {};
    if (!isDay(from)) errors.from = "Enter the first day, such as 1 October 2026.";
    if (!isDay(to)) errors.to = "Enter the last day, such as 31 December 2026.";
    else if (isDay(from) && to < from) errors.to = "The last day must be the same as the first day or after it.";
    if (errors.from || errors.to) return { period: thisMonth, errors, typed: { from, to } };
    return { period: { from, to, name: `${longDate(from)} to ${longDate(to)}`, query: new URLSearchParams({ from, to }).toString() } };
  }
  const month = params.get("month") ?? "";
  return { period: /^20\d\d-(0[1-9]|1[0-2])$/.test(month) ? monthPeriod(month) : thisMonth };
}
