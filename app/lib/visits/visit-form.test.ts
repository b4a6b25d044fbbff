/**
 * Issue 27 §1 and §4: the visit forms read UK wall-clock times by Europe/London rules into
 * instants, say what is wrong at its field (an empty or past date, a To not after From, a time the
 * spring change skips, no kind), keep what was typed, and write days in words; a clash is found
 * as the times are picked, and back to back is no clash.
 */
import { describe, expect, it } from "vitest";
import { parseForm } from "../forms/parse-form.ts";
import { clashesOf } from "./clash.ts";
import { bookSchema, moveSchema, readVisitValues, scheduleSchema } from "./visit-form.ts";
import { reasonWords, whenFromNow } from "./words.ts";

const NOW = new Date("2026-11-25T10:00:00Z");

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
}

const book = (fields: Record<string, string | string[]>, now = NOW) => parseForm(bookSchema(now), form(fields));

describe("Book a visit", () => {
  it("reads each day's UK times into instants, in winter and in summer time", () => {
    const parsed = book({ kind: "job-day", date: ["2026-11-26", "2027-07-15"], from: ["9:00", "08:30"], to: ["11:00", "16:00"], notes: "  Bring the long ladder. " });
    expect(parsed).toEqual({
      ok: true,
      value: {
        kind: "job-day",
        days: [
          { start: new Date("2026-11-26T09:00:00Z"), end: new Date("2026-11-26T11:00:00Z") },
          { start: new Date("2027-07-15T07:30:00Z"), end: new Date("2027-07-15T15:00:00Z") },
        ],
        notes: "Bring the long ladder.",
      },
    });
  });

  it("books any day, a closed Sunday and today included", () => {
    expect(book({ kind: "survey", date: "2026-11-29", from: "10:00", to: "11:00" }).ok).toBe(true);
    expect(book({ kind: "survey", date: "2026-11-25", from: "8:00", to: "9:00" }).ok).toBe(true);
  });

  it.each([
    [{ date: "2026-11-26", from: "9:00", to: "11:00" }, { kind: "Choose what kind of visit it is." }],
    [{ kind: "survey", from: "9:00", to: "11:00" }, { "day-0-date": "Enter the date of the visit." }],
    [{ kind: "survey", date: "2026-11-24", from: "9:00", to: "11:00" }, { "day-0-date": "The date has passed: choose today or later." }],
    [{ kind: "survey", date: "2026-02-30", from: "9:00", to: "11:00" }, { "day-0-date": "Enter a real date, such as 26 November." }],
    [{ kind: "survey", date: "2026-11-26", from: "11:00", to: "11:00" }, { "day-0-to": "The end time must be after the start time." }],
    [{ kind: "survey", date: "2026-11-26", from: "", to: "25:00" }, { "day-0-from": "Enter the time the visit starts.", "day-0-to": "Enter a time such as 11:00 or 15:30." }],
    [{ kind: "survey", date: "2027-03-28", from: "1:30", to: "3:00" }, { "day-0-from": "The clocks go forward on Sunday 28 March 2027, so 1:30 does not exist that day. Choose another time." }],
  ])("refuses %o at its field", (fields, errors) => {
    expect(book(fields)).toEqual({ ok: false, errors });
  });

  it("finds the skipped hour in any year's spring change, and takes the autumn one's doubled hour", () => {
    expect(book({ kind: "survey", date: "2027-03-28", from: "0:30", to: "1:15" }).ok).toBe(false);
    expect(book({ kind: "survey", date: "2027-03-28", from: "0:30", to: "2:00" }).ok).toBe(true);
    expect(book({ kind: "survey", date: "2027-10-31", from: "1:30", to: "2:30" }).ok).toBe(true);
  });

  it("takes a day after the first left wholly empty as no day", () => {
    expect(book({ kind: "job-day", date: ["2026-11-26", "", "2026-11-28"], from: ["9:00", "", "9:00"], to: ["17:00", "", "13:00"] })).toMatchObject({ ok: true, value: { days: [{}, {}] } });
  });

  it("puts a second day's message at the second day's field, and keeps what was typed", () => {
    const fields = { kind: "job-day", date: ["2026-11-26", ""], from: ["9:00", "9:00"], to: ["17:00", "17:00"], notes: "Skip at the front" };
    expect(book(fields)).toEqual({ ok: false, errors: { "day-1-date": "Enter the date of the visit." } });
    expect(readVisitValues(form(fields))).toEqual({ kind: "job-day", days: [{ date: "2026-11-26", from: "9:00", to: "17:00" }, { date: "", from: "9:00", to: "17:00" }], notes: "Skip at the front", reason: "", words: "" });
  });
});

describe("Move visit", () => {
  const current = { start: new Date("2026-11-26T09:00:00Z"), end: new Date("2026-11-26T11:00:00Z") };
  const move = (fields: Record<string, string>) => parseForm(moveSchema(NOW, current), form(fields));

  it("takes new times and a reason; Other keeps its words", () => {
    expect(move({ date: "2026-11-27", from: "9:00", to: "11:00", reason: "weather", words: "ignored" })).toEqual({
      ok: true,
      value: { times: { start: new Date("2026-11-27T09:00:00Z"), end: new Date("2026-11-27T11:00:00Z") }, reason: "weather", words: "" },
    });
    expect(move({ date: "2026-11-26", from: "13:00", to: "15:00", reason: "other", words: "the scaffold is late" })).toMatchObject({ ok: true, value: { reason: "other", words: "the scaffold is late" } });
  });

  it("wants a reason, and new times", () => {
    expect(move({ date: "2026-11-26", from: "9:00", to: "11:00" })).toEqual({
      ok: false,
      errors: { "day-0-date": "Choose a new date or new times: these are the visit's now.", reason: "Choose why the visit is moving." },
    });
  });
});

describe("a visit in words", () => {
  it("says today, tomorrow, a weekday, and the year when it is another", () => {
    const at = (date: string, from: number, to: number) => [new Date(`${date}T${String(from).padStart(2, "0")}:00:00Z`), new Date(`${date}T${to}:00:00Z`)] as const;
    expect(whenFromNow(...at("2026-11-26", 9, 11), NOW)).toBe("tomorrow, Thursday 26 November, 9:00–11:00");
    expect(whenFromNow(...at("2026-11-25", 13, 15), NOW)).toBe("today, Wednesday 25 November, 13:00–15:00");
    expect(whenFromNow(...at("2026-11-28", 13, 15), NOW)).toBe("Saturday 28 November, 13:00–15:00");
    expect(whenFromNow(...at("2027-01-07", 9, 12), NOW)).toBe("Thursday 7 January 2027, 9:00–12:00");
    // 9:00 in London in summer is 08:00 UTC.
    expect(whenFromNow(new Date("2026-07-15T08:00:00Z"), new Date("2026-07-15T10:30:00Z"), new Date("2026-07-14T12:00:00Z"))).toBe("tomorrow, Wednesday 15 July, 9:00–11:30");
  });

  it("says why a visit moved", () => {
    expect(reasonWords("weather")).toBe("because of the weather forecast");
    expect(reasonWords("other", "the scaffold is late.")).toBe("for this reason: the scaffold is late");
    expect(reasonWords("other", "  ")).toBeUndefined();
  });
});

describe("a clash", () => {
  const booked = [{ date: "2026-11-26", from: 540, to: 660, label: "Survey, Sarah Jones, 9:00–11:00" }];
  it("is named as the times are picked; back to back is none", () => {
    expect(clashesOf({ date: "2026-11-26", from: "10:00", to: "12:00" }, booked)).toEqual(["Overlaps Survey, Sarah Jones, 9:00–11:00"]);
    expect(clashesOf({ date: "2026-11-26", from: "11:00", to: "12:00" }, booked)).toEqual([]);
    expect(clashesOf({ date: "2026-11-26", from: "8:00", to: "9:00" }, booked)).toEqual([]);
    expect(clashesOf({ date: "2026-11-27", from: "10:00", to: "12:00" }, booked)).toEqual([]);
    expect(clashesOf({ date: "2026-11-26", from: "10:00", to: "" }, booked)).toEqual([]);
  });
});

describe("Schedule job", () => {
  const schedule = (fields: Record<string, string>) => parseForm(scheduleSchema(NOW, 10), form(fields));

  it("reads the first day, its times and How many days", () => {
    expect(schedule({ date: "2026-11-27", from: "08:00", to: "18:00", "how-many": " 2 ", notes: "Scaffold first." })).toEqual({
      ok: true,
      value: { first: { start: new Date("2026-11-27T08:00:00Z"), end: new Date("2026-11-27T18:00:00Z") }, date: "2026-11-27", from: 480, to: 1080, count: 2, notes: "Scaffold first." },
    });
  });

  it("refuses How many days outside 1 to 10, and a wrong day, at their fields", () => {
    for (const howMany of ["0", "11", "two", "", "1.5"]) {
      expect(schedule({ date: "2026-11-27", from: "08:00", to: "18:00", "how-many": howMany })).toEqual({ ok: false, errors: { "how-many": "Enter how many days the job takes, from 1 to 10." } });
    }
    expect(schedule({ date: "2026-11-24", from: "08:00", to: "07:00", "how-many": "2" })).toEqual({
      ok: false,
      errors: { "day-0-date": "The date has passed: choose today or later.", "day-0-to": "The end time must be after the start time." },
    });
  });
});
