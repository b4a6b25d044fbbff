import { describe, expect, it } from "vitest";
import { balanceLine, creditSplit, depositLine, pricedLines, standingOf, standingWords, totalsOf } from "./money.ts";

const quote = { netPence: 480000, vatPence: 96000, totalPence: 576000 };

describe("a deposit and the balance of a quote", () => {
  it("works the issue's example to the penny: 25 % of £4,800 + VAT, then the rest", () => {
    const deposit = depositLine(quote, 25, "Q-2026-0001");
    expect(deposit).toMatchObject({ netPence: 120000, vatPence: 24000, description: "Deposit of 25% on quote Q-2026-0001" });
    const balance = balanceLine(quote, totalsOf([deposit]), "Q-2026-0001")!;
    expect(balance).toMatchObject({ netPence: 360000, vatPence: 72000 });
    expect(totalsOf([deposit]).totalPence + totalsOf([balance]).totalPence).toBe(576000);
  });

  it("rounds a deposit half a penny up, net and VAT apart, and the balance takes what rounding left", () => {
    const odd = { netPence: 33333, vatPence: 6667, totalPence: 40000 };
    const deposit = depositLine(odd, 33, "Q-2026-0002");
    // 33 % of 333.33 is 109.9989 → 110.00; of 66.67 is 22.0011 → 22.00.
    expect(deposit).toMatchObject({ netPence: 11000, vatPence: 2200 });
    const balance = balanceLine(odd, totalsOf([deposit]), "Q-2026-0002")!;
    expect(balance.netPence + deposit.netPence).toBe(33333);
    expect(balance.vatPence + deposit.vatPence).toBe(6667);
  });

  it("counts a credit note on an earlier invoice back into the balance", () => {
    const deposit = totalsOf([depositLine(quote, 25, "Q")]);
    const credited = { netPence: 20000, vatPence: 4000, totalPence: 24000 };
    const invoiced = { netPence: deposit.netPence - credited.netPence, vatPence: deposit.vatPence - credited.vatPence, totalPence: 0 };
    expect(balanceLine(quote, invoiced, "Q")).toMatchObject({ netPence: 380000, vatPence: 76000 });
  });

  it("has no balance once the whole quote is invoiced", () => {
    expect(balanceLine(quote, quote, "Q")).toBeUndefined();
  });

  it("prices typed lines as a quote prices them, VAT on each line", () => {
    const lines = pricedLines([{ description: "Extra battens", quantity: 250, unitPence: 1999 }], true);
    expect(lines[0]).toMatchObject({ netPence: 4998, vatPence: 1000 });
    expect(pricedLines([{ description: "Lead", quantity: 100, unitPence: 1000 }], false)[0]!.vatPence).toBe(0);
  });
});

describe("a credit note's split", () => {
  const invoice = { netPence: 120000, vatPence: 24000, totalPence: 144000 };
  const none = { netPence: 0, vatPence: 0, totalPence: 0 };

  it("takes exactly the net and VAT left when it credits the whole", () => {
    expect(creditSplit(invoice, none, 144000)).toEqual(invoice);
  });

  it("splits a part in the invoice's own proportion, rounding the VAT half up", () => {
    expect(creditSplit(invoice, none, 10000)).toEqual({ netPence: 8333, vatPence: 1667, totalPence: 10000 });
  });

  it("lets two parts make the whole to the penny", () => {
    const first = creditSplit(invoice, none, 10001);
    const second = creditSplit(invoice, first, 144000 - 10001);
    expect(first.netPence + second.netPence).toBe(120000);
    expect(first.vatPence + second.vatPence).toBe(24000);
  });

  it("has no VAT on an invoice without VAT", () => {
    expect(creditSplit({ netPence: 5000, vatPence: 0, totalPence: 5000 }, none, 1234)).toEqual({ netPence: 1234, vatPence: 0, totalPence: 1234 });
  });
});

describe("where an invoice stands", () => {
  const sent = { sent: true, totalPence: 144000, dueOn: "2026-12-23" };

  it("is a Draft until sent, owing its total", () => {
    expect(standingOf({ ...sent, sent: false }, 0, 0, "2026-12-01")).toMatchObject({ state: "draft", duePence: 144000, overdue: false });
  });

  it("goes Sent, Part paid, Paid as payments come", () => {
    expect(standingOf(sent, 0, 0, "2026-12-01")).toMatchObject({ state: "sent", duePence: 144000 });
    expect(standingOf(sent, 0, 100000, "2026-12-01")).toMatchObject({ state: "part-paid", duePence: 44000 });
    expect(standingOf(sent, 0, 144000, "2026-12-01")).toMatchObject({ state: "paid", duePence: 0 });
  });

  it("is Overdue only after its due day, and never once paid or void", () => {
    expect(standingOf(sent, 0, 0, "2026-12-23").overdue).toBe(false);
    expect(standingOf(sent, 0, 0, "2026-12-24")).toMatchObject({ state: "sent", overdue: true });
    expect(standingOf(sent, 0, 1000, "2026-12-24")).toMatchObject({ state: "part-paid", overdue: true });
    expect(standingOf(sent, 144000, 0, "2027-01-24")).toMatchObject({ state: "void", overdue: false });
    expect(standingOf(sent, 44000, 100000, "2027-01-24")).toMatchObject({ state: "paid", overdue: false });
  });

  it("counts a part credit note off what is due", () => {
    expect(standingOf(sent, 4000, 0, "2026-12-01")).toMatchObject({ state: "sent", duePence: 140000 });
  });

  it("names the chip", () => {
    expect(standingWords({ state: "sent", overdue: true })).toBe("Overdue");
    expect(standingWords({ state: "part-paid", overdue: true })).toBe("Part paid · Overdue");
    expect(standingWords({ state: "paid", overdue: false })).toBe("Paid");
  });
});
