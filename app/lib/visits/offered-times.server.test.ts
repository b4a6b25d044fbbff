/**
 * Issue 38 §2 read from a real store: the times a request is offered follow the owner's saved
 * rules, the visits on the diary (each placed at its request's town) and the request's own town;
 * with bookings off there are none; a time the owner books by hand is no longer free.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { ukInstant } from "../time/uk-time.ts";
import { bookVisits } from "./book.server.ts";
import { offeredTimes, stillFree } from "./offered-times.server.ts";
import { defaultRules } from "./survey-rules.ts";
import { saveSurveyRules } from "./survey-rules.server.ts";

// Thursday 26 November 2026, 10:00 UK time.
const NOW = new Date("2026-11-26T10:00:00Z");
const hours = fileContent.business.openingHours;
let store: LeadStore;

beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

const request = (page: string, location: string) => ({ page, location });

/** A survey on the diary for a request sent from `page` with `location`, on a UK date from one wall-clock minute to another. */
function booked(page: string, location: string, date: string, from: number, to: number) {
  return bookVisits(store, leadOf(page, location), { kind: "survey", days: [{ start: ukInstant(date, from), end: ukInstant(date, to) }], notes: "" }, { actor: "Dave", hours, mail: false, now: NOW })![0]!;
}

function leadOf(page: string, location: string) {
  return store.add({ form: "quote", page, name: "Margaret Hale", email: "", phone: "01462 555123", location, message: "Roof." }, { notify: false }).id;
}

describe("the times a request is offered", () => {
  it("offers none until the owner turns bookings on", () => {
    expect(offeredTimes(store, fileContent, request("/", ""), NOW)).toEqual({ on: false, times: [] });
    saveSurveyRules(store, { ...defaultRules(hours), on: true }, NOW);
    const offered = offeredTimes(store, fileContent, request("/", ""), NOW);
    expect(offered.on).toBe(true);
    expect(offered.times[0]!.start.toISOString()).toBe("2026-11-27T08:00:00.000Z");
  });

  it("places each visit at its request's town: next to a visit in Letchworth first for a request from the Hitchin page", () => {
    saveSurveyRules(store, { ...defaultRules(hours), on: true }, NOW);
    // Letchworth (SG6) is nearest Hitchin: 0 km from the visitor's town, no drive, 15 minutes between.
    booked("/contact", "3 Broadway, Letchworth Garden City SG6 3PF", "2026-12-02", 12 * 60, 12 * 60 + 45);
    const { times } = offeredTimes(store, fileContent, request("/areas/roofers-in-hitchin/", "Hitchin"), NOW);
    expect(times.slice(0, 2).map((time) => [time.date, time.from, time.near])).toEqual([
      ["2026-12-02", 11 * 60, true],
      ["2026-12-02", 13 * 60, true],
    ]);
  });

  it("keeps the rules saved: a day with its most surveys offers no more", () => {
    saveSurveyRules(store, { ...defaultRules(hours), on: true, maxPerDay: 1 }, NOW);
    booked("/", "Stevenage SG1 1AA", "2026-11-27", 16 * 60, 16 * 60 + 45);
    const { times } = offeredTimes(store, fileContent, request("/", ""), NOW);
    expect(times.some((time) => time.date === "2026-11-27")).toBe(false);
    expect(times[0]!.date).toBe("2026-11-28");
  });

  it("finds a time still free until someone books it", () => {
    saveSurveyRules(store, { ...defaultRules(hours), on: true }, NOW);
    const start = ukInstant("2026-11-30", 10 * 60);
    expect(stillFree(store, fileContent, request("/", ""), start, NOW)?.from).toBe(10 * 60);
    booked("/", "Stevenage SG2 8AA", "2026-11-30", 10 * 60, 10 * 60 + 45);
    expect(stillFree(store, fileContent, request("/", ""), start, NOW)).toBeUndefined();
    // A time outside the rules, sent by hand: 10:05 is no quarter hour, Sunday no working day.
    expect(stillFree(store, fileContent, request("/", ""), ukInstant("2026-12-01", 10 * 60 + 5), NOW)).toBeUndefined();
    expect(stillFree(store, fileContent, request("/", ""), ukInstant("2026-11-29", 10 * 60), NOW)).toBeUndefined();
  });

  it("treats a visit's own slot as free when it is the one moving, and only then", () => {
    saveSurveyRules(store, { ...defaultRules(hours), on: true, maxPerDay: 1 }, NOW);
    const own = booked("/", "Stevenage SG1 1AA", "2026-11-30", 10 * 60, 10 * 60 + 45);
    const start = ukInstant("2026-11-30", 10 * 60 + 30);
    expect(stillFree(store, fileContent, request("/", ""), start, NOW), "the day is full with its one survey").toBeUndefined();
    expect(stillFree(store, fileContent, request("/", ""), start, NOW, own.id)?.from, "moving that survey itself, its day and time are open to it").toBe(10 * 60 + 30);
  });
});
