import { expect, it } from "vitest";
import { formObject } from "../forms/parse-form.ts";
import { draftSchema } from "./draft-form.ts";
import { formatPounds, quoteTotals } from "./money.ts";
import { typedTotals, unreadText } from "./typed-totals.ts";

/** The totals the server saves for a form typed like this (the lines draftSchema reads). */
function savedTotals(lines: [string, string][], vat: boolean) {
  const form = new FormData();
  for (const [quantity, unitPrice] of lines) {
    form.append("description", "Work");
    form.append("quantity", quantity);
    form.append("unitPrice", unitPrice);
  }
  if (vat) form.append("vat", "on");
  form.append("validUntil", "2026-12-24");
  form.append("notes", "");
  const draft = draftSchema({ today: "2026-11-25", vatAllowed: true }).parse(formObject(form));
  const totals = quoteTotals(draft.lines, draft.vat);
  return { net: formatPounds(totals.netPence), vat: formatPounds(totals.vatPence), total: formatPounds(totals.totalPence) };
}

const CASES: { lines: [string, string][]; vat: boolean; net: string; vatText: string; total: string }[] = [
  { lines: [["1", "1819.95"]], vat: true, net: "£1,819.95", vatText: "£363.99", total: "£2,183.94" },
  { lines: [["1", "1819.95"]], vat: false, net: "£1,819.95", vatText: "£0.00", total: "£1,819.95" },
  // Half a penny rounds up on each line: 2.5 × 1p = 2.5p → 3p; its VAT 0.6p → 1p.
  { lines: [["2.5", "0.01"], ["3", "4.15"]], vat: true, net: "£12.48", vatText: "£2.50", total: "£14.98" },
  { lines: [["2.5", "£1,250"], ["0.75", "12.5"]], vat: true, net: "£3,134.38", vatText: "£626.88", total: "£3,761.26" },
];

it.each(CASES)("the form's totals as typed are the server's: $lines, VAT $vat", ({ lines, vat, net, vatText, total }) => {
  const typed = typedTotals(lines.map(([quantity, unitPrice]) => ({ quantity, unitPrice })), vat);
  expect(typed).toEqual({ net, vat: vatText, total, unread: 0 });
  expect(savedTotals(lines, vat), "what Save keeps").toEqual({ net, vat: vatText, total });
});

it("leaves out blank lines silently and counts lines not yet numbers", () => {
  const typed = typedTotals([{ quantity: "2", unitPrice: "10" }, { quantity: "", unitPrice: "" }, { quantity: "0", unitPrice: "5" }, { quantity: "1", unitPrice: "abc" }], true);
  expect(typed).toEqual({ net: "£20.00", vat: "£4.00", total: "£24.00", unread: 2 });
  expect(unreadText(0)).toBe("");
  expect(unreadText(2)).toMatch(/^2 lines are left out/);
});
