/**
 * Issue 38 §2: the survey times offered, by the clock the test sets. Opening hours, closures, a
 * booked job day, the time between visits and the drive, at most so many a day, how soon and how
 * far ahead, both clock-change days, and the best times first.
 */
import { describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { clockWords } from "../time/clock-words.ts";
import { ukInstant } from "../time/uk-time.ts";
import { defaultRules, type SurveyRules } from "./survey-rules.ts";
import { surveyTimes, type BookedVisit, type SurveyTime, type TimesAsked } from "./survey-times.ts";
import type { VisitKind } from "./words.ts";

// Monday–Friday 08:00–18:00, Saturday 09:00–16:00, Sunday closed.
const hours = fileContent.business.openingHours;
const towns = fileContent.areas;
// Thursday 26 November 2026, 10:00 UK time (GMT).
const THURSDAY = new Date("2026-11-26T10:00:00Z");
const rules: SurveyRules = { ...defaultRules(hours), on: true };

function ask(overrides: Partial<TimesAsked> = {}): SurveyTime[] {
  return surveyTimes({ rules, week: { hours }, visits: [], towns, town: "stevenage", now: THURSDAY, ...overrides });
}

/** A visit on a UK date from one wall-clock time to another ("9:00", "9:20"). */
function visit(date: string, from: string, to: string, town: string, kind: VisitKind = "survey"): BookedVisit {
  const minutes = (time: string) => Number(time.split(":")[0]) * 60 + Number(time.split(":")[1]);
  return { start: ukInstant(date, minutes(from)), end: ukInstant(date, minutes(to)), kind, town };
}

/** "2026-11-27 8:00–8:45" for each time. */
const said = (times: readonly SurveyTime[]) => times.map((time) => `${time.date} ${clockWords(time.from)}–${clockWords(time.to)}`);
const on = (times: readonly SurveyTime[], date: string) => said(times.filter((time) => time.date === date));

describe("the survey times offered", () => {
  it("fits each survey inside the opening hours, from the next working day, never on a closed day", () => {
    const times = ask();
    expect(times.some((time) => time.date === "2026-11-26")).toBe(false);
    const friday = on(times, "2026-11-27");
    expect(friday[0]).toBe("2026-11-27 8:00–8:45");
    expect(friday.at(-1)).toBe("2026-11-27 17:15–18:00");
    expect(friday).toHaveLength(38);
    const saturday = on(times, "2026-11-28");
    expect(saturday[0]).toBe("2026-11-28 9:00–9:45");
    expect(saturday.at(-1)).toBe("2026-11-28 15:15–16:00");
    expect(on(times, "2026-11-29")).toEqual([]);
  });

  it("keeps to the owner's survey hours within the opening hours", () => {
    const times = ask({ rules: { ...rules, days: { ...rules.days, Friday: { from: 7 * 60, to: 10 * 60 }, Saturday: null } } });
    const friday = on(times, "2026-11-27");
    expect(friday[0]).toBe("2026-11-27 8:00–8:45");
    expect(friday.at(-1)).toBe("2026-11-27 10:00–10:45");
    expect(on(times, "2026-11-28")).toEqual([]);
  });

  it("offers no day a closure covers", () => {
    const times = ask({ week: { hours, closure: { message: "Closed for a family wedding", until: "2026-11-30" } } });
    expect(times[0]!.date).toBe("2026-12-01");
    expect(times.some((time) => time.date <= "2026-11-30")).toBe(false);
  });

  it("offers nothing on a day a job day fills, and nothing that overlaps a visit", () => {
    const times = ask({ visits: [visit("2026-11-27", "8:00", "18:00", "hitchin", "job-day"), visit("2026-11-28", "12:00", "13:00", "stevenage", "other")] });
    expect(on(times, "2026-11-27")).toEqual([]);
    const saturday = on(times, "2026-11-28");
    // Within one town there is no drive: 15 minutes between visits either side.
    expect(saturday).toContain("2026-11-28 11:00–11:45");
    expect(saturday).not.toContain("2026-11-28 11:15–12:00");
    expect(saturday).not.toContain("2026-11-28 12:00–12:45");
    expect(saturday).toContain("2026-11-28 13:15–14:00");
  });

  it("keeps the time between visits and the drive: after a visit in Hitchin at 9:00, Stevenage at 10:00 fits and Harlow at 10:00 does not", () => {
    const hitchin = [visit("2026-11-27", "9:00", "9:20", "hitchin", "other")];
    // Hitchin to Stevenage: 7.7 km in a straight line, 17 minutes' drive, and 15 between: 9:52.
    const stevenage = on(ask({ visits: hitchin, town: "stevenage" }), "2026-11-27");
    expect(stevenage).toContain("2026-11-27 10:00–10:45");
    expect(stevenage).not.toContain("2026-11-27 9:45–10:30");
    // Before it: 8:00–8:45 would leave 15 minutes, not the 32 needed.
    expect(stevenage).not.toContain("2026-11-27 8:00–8:45");
    // Hitchin to Harlow: 32.7 km, 69 minutes' drive, and 15 between: 10:44.
    const harlow = on(ask({ visits: hitchin, town: "harlow" }), "2026-11-27");
    expect(harlow).not.toContain("2026-11-27 10:00–10:45");
    expect(harlow).not.toContain("2026-11-27 10:30–11:15");
    expect(harlow[0]).toBe("2026-11-27 10:45–11:30");
  });

  it("offers no more on a day with 3 surveys booked; other visits do not count", () => {
    const two = [visit("2026-11-27", "8:00", "8:45", "stevenage"), visit("2026-11-27", "12:00", "12:45", "stevenage")];
    const third = visit("2026-11-27", "16:00", "16:45", "stevenage");
    expect(on(ask({ visits: [...two, third] }), "2026-11-27")).toEqual([]);
    expect(on(ask({ visits: [...two, { ...third, kind: "other" }] }), "2026-11-27")).not.toEqual([]);
    expect(on(ask({ visits: two }), "2026-11-27")).not.toEqual([]);
    expect(on(ask({ visits: [...two, third], rules: { ...rules, maxPerDay: 4 } }), "2026-11-27")).not.toEqual([]);
  });

  it("starts at the earliest day the owner allows and ends as far ahead as he says", () => {
    expect(ask()[0]!.date).toBe("2026-11-27");
    expect(ask().at(-1)!.date).toBe("2026-12-10");
    // Three working days after Thursday: Friday, Saturday, then Monday (Sunday is closed).
    expect(ask({ rules: { ...rules, earliestDays: 3 } })[0]!.date).toBe("2026-11-30");
    // Today, from the next quarter hour after now.
    expect(said(ask({ rules: { ...rules, earliestDays: 0 } })).slice(0, 1)).toEqual(["2026-11-26 10:15–11:00"]);
    const soon = ask({ rules: { ...rules, aheadDays: 3 } });
    expect(soon.at(-1)!.date).toBe("2026-11-28");
  });
});

describe("the times on the days the clocks change", () => {
  // A week where Sunday is open in the small hours, so the changed hour is asked about.
  const nightHours = [...hours.filter((row) => !row.days.includes("Sunday")), { label: "Sunday", days: ["Sunday" as const], opens: "00:00", closes: "06:00" }];
  const nightRules: SurveyRules = { ...rules, days: { ...rules.days, Sunday: { from: 0, to: 5 * 60 } }, aheadDays: 1 };
  const sunday = (now: string, date: string) => ask({ rules: nightRules, week: { hours: nightHours }, now: new Date(now) }).filter((time) => time.date === date);

  it("never offers a time the spring change skips, and each survey lasts its 45 minutes", () => {
    const times = sunday("2026-03-28T12:00:00Z", "2026-03-29");
    expect(times.map((time) => clockWords(time.from))).toEqual(["0:00", "0:15", "0:30", "0:45", "2:00", "2:15", "2:30", "2:45", "3:00", "3:15", "3:30", "3:45", "4:00", "4:15", "4:30", "4:45", "5:00"]);
    expect(times.every((time) => time.end.getTime() - time.start.getTime() === 45 * 60_000)).toBe(true);
    // 0:30 GMT and 45 minutes later the clocks say 2:15.
    expect(said(times)[2]).toBe("2026-03-29 0:30–2:15");
    expect(times[2]!.start.toISOString()).toBe("2026-03-29T00:30:00.000Z");
  });

  it("offers each time of the autumn's repeated hour once, each survey lasting its 45 minutes", () => {
    const times = sunday("2026-10-24T12:00:00Z", "2026-10-25");
    const froms = times.map((time) => time.from);
    expect(froms).toHaveLength(21);
    expect(new Set(froms).size).toBe(21);
    expect(times.every((time) => time.end.getTime() - time.start.getTime() === 45 * 60_000)).toBe(true);
    // 0:30 and 0:45 BST, then 1:00 once: the hour's second round, GMT.
    expect(said(times).slice(2, 5)).toEqual(["2026-10-25 0:30–1:15", "2026-10-25 0:45–1:30", "2026-10-25 1:00–1:45"]);
    expect(times[2]!.start.toISOString()).toBe("2026-10-24T23:30:00.000Z");
    expect(times[4]!.start.toISOString()).toBe("2026-10-25T01:00:00.000Z");
    expect(times.every((time, i) => i === 0 || time.start > times[i - 1]!.start)).toBe(true);
  });
});

describe("the best times first", () => {
  it("puts the times next to a visit near the visitor's town first, then the earliest", () => {
    const visits = [visit("2026-12-02", "12:00", "12:45", "hitchin"), visit("2026-11-30", "12:00", "12:45", "harlow")];
    const times = ask({ visits, town: "stevenage" });
    // Hitchin is 7.7 km from Stevenage: 32 minutes either side of its visit.
    expect(said(times.slice(0, 3))).toEqual(["2026-12-02 10:30–11:15", "2026-12-02 13:30–14:15", "2026-11-27 8:00–8:45"]);
    expect(times.slice(0, 2).every((time) => time.near)).toBe(true);
    // Harlow's visit is 24 km away: its day is offered in its turn, no sooner.
    const rest = times.slice(2);
    expect(rest.every((time) => !time.near)).toBe(true);
    expect(rest.every((time, i) => i === 0 || time.start > rest[i - 1]!.start)).toBe(true);
  });

  it("offers nothing first when no visit is near", () => {
    const times = ask({ visits: [visit("2026-12-02", "12:00", "12:45", "harlow")], town: "stevenage" });
    expect(said(times.slice(0, 1))).toEqual(["2026-11-27 8:00–8:45"]);
    expect(times.some((time) => time.near)).toBe(false);
  });
});
