/**
 * Money on quotes: whole pence, never floating point. Prices are typed in pounds ("12.50") and
 * parsed as text; quantities may have two decimals (2.5 m) and are kept in hundredths. VAT is
 * worked out and rounded on each line, half a penny up, and the totals are the sums of the lines
 * (docs/decisions/0013-quotes.md).
 */

/** VAT at the standard rate, in per cent. */
export const VAT_RATE_PERCENT = 20;

/** The largest unit price or quantity a quote takes: far above any roof, far below the safe integer range. */
const MAX_PENCE = 10_000_000_00;
const MAX_QUANTITY_HUNDREDTHS = 100_000_00;

/** "12.50", "£1,250", "7.5" → pence; undefined when it is not an amount of money. */
export function parsePence(text: string): number | undefined {
  const cleaned = text.trim().replace(/^£\s*/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  return parseHundredths(cleaned, MAX_PENCE);
}

/** "3", "2.5" → hundredths; undefined when it is not a quantity above zero. */
export function parseQuantity(text: string): number | undefined {
  const hundredths = parseHundredths(text.trim(), MAX_QUANTITY_HUNDREDTHS);
  return hundredths === 0 ? undefined : hundredths;
}

function parseHundredths(text: string, max: number): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return value <= max ? value : undefined;
}

/** a × b / divisor, rounded half up, in integers. Both factors are non-negative. */
function mulDivRound(a: number, b: number, divisor: number): number {
  const product = BigInt(a) * BigInt(b);
  const d = BigInt(divisor);
  return Number((product * 2n + d) / (2n * d));
}

export interface QuoteLine {
  description: string;
  /** Hundredths: 250 is 2.5. */
  quantity: number;
  unitPence: number;
}

export interface PricedLine extends QuoteLine {
  netPence: number;
  vatPence: number;
}

export interface QuoteTotals {
  lines: PricedLine[];
  netPence: number;
  vatPence: number;
  totalPence: number;
}

export function quoteTotals(lines: QuoteLine[], vat: boolean): QuoteTotals {
  const priced = lines.map((line) => {
    const netPence = mulDivRound(line.unitPence, line.quantity, 100);
    return { ...line, netPence, vatPence: vat ? mulDivRound(netPence, VAT_RATE_PERCENT, 100) : 0 };
  });
  const netPence = priced.reduce((sum, line) => sum + line.netPence, 0);
  const vatPence = priced.reduce((sum, line) => sum + line.vatPence, 0);
  return { lines: priced, netPence, vatPence, totalPence: netPence + vatPence };
}

const WHOLE_POUNDS = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** 125050 → "£1,250.50", built from the integer parts so no pence are lost to a float. */
export function formatPounds(pence: number): string {
  const pounds = Math.trunc(pence / 100);
  const rest = String(pence % 100).padStart(2, "0");
  return `£${WHOLE_POUNDS.format(pounds)}.${rest}`;
}

/** Pence as the owner types them back into the form: 1250 → "12.50". */
export function penceAsText(pence: number): string {
  return `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, "0")}`;
}

/** Hundredths as a quantity reads: 300 → "3", 250 → "2.5". */
export function quantityAsText(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}
