/**
 * The totals of a quote form as typed, before anything is saved: the same sums the saved quote
 * will have (money.ts, pence, VAT per line rounded half a penny up), over the lines whose quantity
 * and unit price read as numbers. The server works them out for Check totals (JavaScript off);
 * the browser's script (enhance/line-totals.ts) runs this same code on every keystroke.
 */
import { formatPounds, parsePence, parseQuantity, quoteTotals, type QuoteLine } from "./money.ts";

export interface TypedLine {
  quantity: string;
  unitPrice: string;
}

export interface TypedTotals {
  net: string;
  vat: string;
  total: string;
  /** Lines left out because their quantity or price is not a number yet. */
  unread: number;
}

export function typedTotals(lines: TypedLine[], vat: boolean): TypedTotals {
  const read: QuoteLine[] = [];
  let unread = 0;
  for (const line of lines) {
    if (!line.quantity.trim() && !line.unitPrice.trim()) continue;
    const quantity = parseQuantity(line.quantity);
    const unitPence = parsePence(line.unitPrice);
    if (quantity === undefined || unitPence === undefined) unread++;
    else read.push({ description: "", quantity, unitPence });
  }
  const totals = quoteTotals(read, vat);
  return { net: formatPounds(totals.netPence), vat: formatPounds(totals.vatPence), total: formatPounds(totals.totalPence), unread };
}

/** Whether the form as typed comes to nothing (£0.00): an invoice like it offers no Send. */
export function comesToNothing(totals: Pick<TypedTotals, "total">): boolean {
  return totals.total === formatPounds(0);
}

/** What the totals leave out, in words; empty when every line is counted. */
export function unreadText(unread: number): string {
  if (unread === 0) return "";
  return unread === 1 ? "One line is left out until its quantity and price are numbers." : `${unread} lines are left out until their quantities and prices are numbers.`;
}
