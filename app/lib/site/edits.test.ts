import { describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { describeChanges } from "./edits.ts";

describe("what publishing changes, in words", () => {
  const live = fileContent;

  it("says a closure notice's last day as people read it, never as a computer writes it", () => {
    const next = { ...live, business: { ...live.business, closure: { message: "Closed for Christmas", until: "2026-12-31" } } };
    expect(describeChanges(live, next, 55)).toEqual(['Closure notice: none → "Closed for Christmas" until the end of Thursday 31 December 2026, on all 55 pages']);
  });

  it("says a VAT number put in, or taken out", () => {
    const none = { ...live, business: { ...live.business, vatNumber: undefined } };
    expect(describeChanges(live, none, 55)).toEqual([`VAT number: ${live.business.vatNumber} → none, on all 55 pages`]);
  });
});
