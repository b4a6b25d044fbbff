import { describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { isOpenAt, nextOpening } from "./opening-hours.ts";
import { ukClock, ukInstant } from "./uk-time.ts";

// The business's hours: Monday–Friday 08:00–18:00, Saturday 09:00–16:00, Sunday closed.
const hours = fileContent.business.openingHours;
const at = (iso: string) => new Date(iso);

describe("opening hours in UK time", () => {
  it("reads the UK wall clock in summer and in winter", () => {
    expect(ukClock(at("2026-07-06T07:30:00Z"))).toMatchObject({ weekday: "Monday", minutes: 8 * 60 + 30 });
    expect(ukClock(at("2026-11-23T07:30:00Z"))).toMatchObject({ weekday: "Monday", minutes: 7 * 60 + 30 });
    expect(ukInstant("2026-07-06", 8 * 60).toISOString()).toBe("2026-07-06T07:00:00.000Z");
    expect(ukInstant("2026-11-23", 8 * 60).toISOString()).toBe("2026-11-23T08:00:00.000Z");
  });

  it("is open from opening to closing time, and closed on Sunday", () => {
    expect(isOpenAt(hours, at("2026-07-06T07:00:00Z"))).toBe(true); // Monday 08:00 BST
    expect(isOpenAt(hours, at("2026-07-06T06:59:00Z"))).toBe(false); // Monday 07:59 BST
    expect(isOpenAt(hours, at("2026-11-23T17:59:00Z"))).toBe(true); // Monday 17:59 GMT
    expect(isOpenAt(hours, at("2026-11-23T18:00:00Z"))).toBe(false); // Monday 18:00 GMT
    expect(isOpenAt(hours, at("2026-11-28T15:30:00Z"))).toBe(true); // Saturday 15:30
    expect(isOpenAt(hours, at("2026-11-29T12:00:00Z"))).toBe(false); // Sunday noon
  });

  it("gives the next opening: the same moment when open, else the next day with hours", () => {
    expect(nextOpening(hours, at("2026-11-24T10:00:00Z"))!.toISOString()).toBe("2026-11-24T10:00:00.000Z");
    // Tuesday 05:00 GMT → 08:00 that day.
    expect(nextOpening(hours, at("2026-11-24T05:00:00Z"))!.toISOString()).toBe("2026-11-24T08:00:00.000Z");
    // Friday 19:00 → Saturday 09:00.
    expect(nextOpening(hours, at("2026-11-27T19:00:00Z"))!.toISOString()).toBe("2026-11-28T09:00:00.000Z");
    // Saturday 16:30 → past Sunday to Monday 08:00.
    expect(nextOpening(hours, at("2026-11-28T16:30:00Z"))!.toISOString()).toBe("2026-11-30T08:00:00.000Z");
  });

  it("crosses the clock changes at the right UK time", () => {
    // Clocks go forward on Sunday 29 March 2026: Monday 08:00 is BST, 07:00 UTC.
    expect(nextOpening(hours, at("2026-03-28T17:00:00Z"))!.toISOString()).toBe("2026-03-30T07:00:00.000Z");
    // Clocks go back on Sunday 25 October 2026: Monday 08:00 is GMT again.
    expect(nextOpening(hours, at("2026-10-24T17:00:00Z"))!.toISOString()).toBe("2026-10-26T08:00:00.000Z");
  });

  it("never holds anything when no day has hours", () => {
    expect(nextOpening([{ label: "Every day", days: ["Monday"], opens: null, closes: null }], at("2026-11-24T10:00:00Z"))).toBeUndefined();
  });
});
