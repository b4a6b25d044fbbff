import { describe, expect, it } from "vitest";
import { dayAndTime, sentence } from "./words.ts";

describe("a moment in words, UK time", () => {
  const NOW = new Date("2026-11-25T12:00:00Z");

  it("reads as people write it, in winter (GMT) and summer (BST)", () => {
    expect(dayAndTime("2026-11-25T14:05:00Z", NOW)).toBe("Wed 25 Nov, 14:05");
    expect(dayAndTime("2026-07-25T14:05:00Z", NOW)).toBe("Sat 25 Jul, 15:05");
  });

  it("follows the clocks on the days they change", () => {
    // Sunday 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(dayAndTime("2026-03-29T00:59:00Z", NOW)).toBe("Sun 29 Mar, 00:59");
    expect(dayAndTime("2026-03-29T01:00:00Z", NOW)).toBe("Sun 29 Mar, 02:00");
    // Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 comes twice.
    expect(dayAndTime("2026-10-25T00:30:00Z", NOW)).toBe("Sun 25 Oct, 01:30");
    expect(dayAndTime("2026-10-25T01:30:00Z", NOW)).toBe("Sun 25 Oct, 01:30");
    // Late on a summer evening in UTC is already the next day in the UK.
    expect(dayAndTime("2026-06-30T23:30:00Z", NOW)).toBe("Wed 1 Jul, 00:30");
  });

  it("gives the year when it is not this UK year's", () => {
    expect(dayAndTime("2025-11-25T14:05:00Z", NOW)).toBe("Tue 25 Nov 2025, 14:05");
    // New Year's Eve at 23:30 UTC is still the old year in the UK, in winter.
    expect(dayAndTime("2026-12-31T23:30:00Z", new Date("2027-01-01T00:30:00Z"))).toBe("Thu 31 Dec 2026, 23:30");
  });
});

describe("a sentence", () => {
  it("gets a full stop, unless it ends with one: a name ending in an initial gets no second", () => {
    expect(sentence("Thank you, Sarah")).toBe("Thank you, Sarah.");
    expect(sentence("Thank you, Sarah M.")).toBe("Thank you, Sarah M.");
    expect(sentence("Is that right?")).toBe("Is that right?");
    expect(sentence("Done.  ")).toBe("Done.");
  });
});
