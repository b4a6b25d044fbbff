import { describe, expect, it } from "vitest";
import { formatPounds, parsePence, parseQuantity, quantityAsText, quoteTotals } from "./money.ts";

describe("parsePence", () => {
  it("reads pounds as text into whole pence", () => {
    expect(parsePence("12.50")).toBe(1250);
    expect(parsePence("12.5")).toBe(1250);
    expect(parsePence("12")).toBe(1200);
    expect(parsePence("£1,250.05")).toBe(125005);
    expect(parsePence("0.1")).toBe(10);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; as text it is 30 pence.
    expect(parsePence("0.30")).toBe(30);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "12.505", "-3", "1e3", "12,50", "£", "12.", ".5", "99999999999"]) expect(parsePence(text), text).toBeUndefined();
  });
});

describe("parseQuantity", () => {
  it("keeps hundredths and refuses zero", () => {
    expect(parseQuantity("3")).toBe(300);
    expect(parseQuantity("2.5")).toBe(250);
    expect(parseQuantity("0")).toBeUndefined();
    expect(parseQuantity("-1")).toBeUndefined();
    expect(quantityAsText(250)).toBe("2.5");
    expect(quantityAsText(300)).toBe("3");
    expect(quantityAsText(125)).toBe("1.25");
  });
});

describe("quoteTotals", () => {
  /** A quote's line: `quantity` in hundredths, `unitPence` its price each. */
  const item = (description: string, quantity: number, unitPence: number) => ({ description, quantity, unitPence });

  it("adds lines without VAT", () => {
    const totals = quoteTotals([item("Scaffold", 100, 45000), item("Ridge tiles", 1200, 1850)], false);
    expect(totals.lines.map((line) => [line.netPence, line.vatPence])).toEqual([[45000, 0], [22200, 0]]);
    expect(totals).toMatchObject({ netPence: 67200, vatPence: 0, totalPence: 67200 });
  });

  it("adds 20 % VAT on each line", () => {
    const totals = quoteTotals([item("Scaffold", 100, 45000), item("Labour", 250, 18000)], true);
    expect(totals.lines.map((line) => line.vatPence)).toEqual([9000, 9000]);
    expect(totals).toMatchObject({ netPence: 90000, vatPence: 18000, totalPence: 108000 });
  });

  it("rounds VAT on each line, half a penny up, so the total is the sum of the lines", () => {
    // 20 % of 2.57 is 0.514 → 51p; of 2.58 is 0.516 → 52p; of 0.03 is 0.6p → 1p.
    const totals = quoteTotals([item("A", 100, 257), item("B", 100, 258), item("C", 100, 3), item("D", 100, 3), item("E", 100, 3)], true);
    expect(totals.lines.map((line) => line.vatPence)).toEqual([51, 52, 1, 1, 1]);
    // On the whole, 20 % of 5.24 would be 104.8 → 105p; per line it is 106p.
    expect(totals).toMatchObject({ netPence: 524, vatPence: 106, totalPence: 630 });
  });

  it("rounds a line's price for a part quantity half a penny up", () => {
    // 2.5 × £0.99 = £2.475 → £2.48; 1.33 × £0.10 = 13.3p → 13p.
    const totals = quoteTotals([item("Felt", 250, 99), item("Nails", 133, 10)], false);
    expect(totals.lines.map((line) => line.netPence)).toEqual([248, 13]);
  });
});

describe("formatPounds", () => {
  it("writes pence as pounds", () => {
    expect(formatPounds(125050)).toBe("£1,250.50");
    expect(formatPounds(5)).toBe("£0.05");
    expect(formatPounds(100000000)).toBe("£1,000,000.00");
  });
});
