/**
 * Issue 35 §7: times are written one way everywhere: the 24-hour clock, no leading zero on the
 * hour, a span joined by an en dash.
 */
import { describe, expect, it } from "vitest";
import { clockWords, hhmmWords, hoursSpanWords } from "./clock-words.ts";

describe("a time in words", () => {
  it("writes minutes since midnight and stored HH:MM times the same way", () => {
    expect([clockWords(0), clockWords(540), clockWords(810), clockWords(1439)]).toEqual(["0:00", "9:00", "13:30", "23:59"]);
    expect([hhmmWords("08:00"), hhmmWords("18:00"), hhmmWords("09:30"), hhmmWords("00:15")]).toEqual(["8:00", "18:00", "9:30", "0:15"]);
  });

  it("writes opening hours as a span with an en dash", () => {
    expect(hoursSpanWords("08:00", "18:00")).toBe("8:00–18:00");
    expect(hoursSpanWords("09:00", "16:30")).toBe("9:00–16:30");
  });
});
