/**
 * Issue 35 §3: Book a visit opens filled in (the kind the request's stage calls for, the next
 * working day with nothing booked, its opening time plus the usual length), and Schedule job's
 * How many days makes one day a working day, skipping Sundays and a closure.
 */
import { describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { defaultDay, defaultKind, jobDays, workingHoursOn } from "./defaults.ts";

// Monday–Friday 08:00–18:00, Saturday 09:00–16:00, Sunday closed.
const week = { hours: fileContent.business.openingHours };
// Thursday 26 November 2026, 10:00 UK time.
const THURSDAY = new Date("2026-11-26T10:00:00Z");
const none = new Set<string>();

describe("Book a visit's defaults", () => {
  it("is a Survey before a quote and a Job day once Won", () => {
    expect(defaultKind("new")).toBe("survey");
    expect(defaultKind("contacted")).toBe("survey");
    expect(defaultKind("won")).toBe("job-day");
    expect(defaultKind("quoted")).toBe("");
  });

  it("takes the next working day from its opening time: 2 hours for a survey, the whole day for a job day", () => {
    expect(defaultDay("survey", week, none, THURSDAY)).toEqual({ date: "2026-11-27", from: "08:00", to: "10:00" });
    expect(defaultDay("job-day", week, none, THURSDAY)).toEqual({ date: "2026-11-27", from: "08:00", to: "18:00" });
    // From Friday the next working day is Saturday, with its own hours.
    expect(defaultDay("job-day", week, none, new Date("2026-11-27T10:00:00Z"))).toEqual({ date: "2026-11-28", from: "09:00", to: "16:00" });
  });

  it("skips a closed day and a day already full", () => {
    // Saturday: the next working day is Monday, Sunday being closed.
    expect(defaultDay("survey", week, none, new Date("2026-11-28T10:00:00Z")).date).toBe("2026-11-30");
    // Friday has a visit booked: Saturday it is.
    expect(defaultDay("survey", week, new Set(["2026-11-27"]), THURSDAY).date).toBe("2026-11-28");
    // Friday and Saturday booked, Sunday closed: Monday.
    expect(defaultDay("survey", week, new Set(["2026-11-27", "2026-11-28"]), THURSDAY).date).toBe("2026-11-30");
  });

  it("skips the days a closure notice covers, up to its last day", () => {
    const closed = { ...week, closure: { message: "Closed for Christmas", until: "2026-12-28" } };
    expect(workingHoursOn(closed, "2026-12-28")).toBeUndefined();
    expect(defaultDay("survey", closed, none, new Date("2026-12-22T10:00:00Z")).date).toBe("2026-12-29");
  });

  it("leaves the day empty when no day is ever open", () => {
    const shut = { hours: [{ label: "Every day", days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as never, opens: null, closes: null }] };
    expect(defaultDay("survey", shut, none, THURSDAY)).toEqual({ date: "", from: "", to: "" });
  });
});

describe("Schedule job's How many days", () => {
  it("makes one day a working day, over a weekend's closed Sunday", () => {
    // Friday, Saturday, (Sunday closed), Monday.
    expect(jobDays("2026-11-27", 3, week)).toEqual(["2026-11-27", "2026-11-28", "2026-11-30"]);
    expect(jobDays("2026-11-27", 1, week)).toEqual(["2026-11-27"]);
  });

  it("skips a closure", () => {
    const closed = { ...week, closure: { message: "Closed for Christmas", until: "2026-12-28" } };
    // Wednesday 23 December, then the business is closed until Monday 28th inclusive.
    expect(jobDays("2026-12-23", 3, closed)).toEqual(["2026-12-23", "2026-12-29", "2026-12-30"]);
  });
});
