/**
 * Issue 27 §2: a visit's calendar file holds one VEVENT, its times in UTC, read back by a calendar
 * library as the same instants in winter and in summer time, and as 4:00 by a phone in New York
 * for 9:00 in London. A cancellation is METHOD:CANCEL with STATUS:CANCELLED, same UID, higher SEQUENCE.
 */
import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { ukInstant } from "../time/uk-time.ts";
import { visitCalendar, type CalendarVisit } from "./ics.server.ts";
import { readInZone } from "../../../tests/support/calendar.ts";

const STAMP = new Date("2026-06-01T10:00:00Z");

function visitOn(date: string): CalendarVisit {
  return {
    uid: "6b0e7c2a-5b1f-4a55-9d1e-2f1a0c3b4d5e",
    sequence: 0,
    start: ukInstant(date, 9 * 60),
    end: ukInstant(date, 11 * 60),
    summary: "Roof survey: Kestrel Roofing",
    location: "12 Bancroft, Hitchin SG5 1JW",
    description: "Kestrel Roofing. Questions, or need another time? Call 07700 900123.",
    organizer: { name: "Kestrel Roofing", email: "info@example.com" },
    attendee: { name: "Sarah Jones", email: "sarah@example.org" },
  };
}

describe("a visit's calendar file", () => {
  it.each([
    ["winter", "2026-11-26", "2026-11-26T09:00:00.000Z"],
    ["summer", "2026-07-15", "2026-07-15T08:00:00.000Z"],
  ])("in %s time holds one event at 9:00 London, written in UTC", (_, date, utc) => {
    const ics = visitCalendar(visitOn(date), "REQUEST", STAMP);
    expect(ics).toMatch(/^METHOD:REQUEST\r$/m);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(`DTSTART:${utc.replace(/[-:]/g, "").replace(".000", "")}`);
    expect(ics, "never floating").not.toMatch(/DTSTART:\d{8}T\d{6}\r/);
    for (const line of ["UID:6b0e7c2a-5b1f-4a55-9d1e-2f1a0c3b4d5e", "SEQUENCE:0", "DTSTAMP:20260601T100000Z", "STATUS:CONFIRMED", "SUMMARY:Roof survey: Kestrel Roofing"]) expect(ics).toContain(line);
    expect(ics).toMatch(/ORGANIZER;CN="Kestrel Roofing":mailto:info@example\.com/);
    expect(ics.replace(/\r\n /g, "")).toMatch(/ATTENDEE;[^\r]*CN="Sarah Jones":MAILTO:sarah@example\.org/i);
    const event = Object.values(ical.sync.parseICS(ics)).find((e) => e?.type === "VEVENT") as VEvent;
    expect(event.start.toISOString()).toBe(utc);
    expect(event.location).toBe("12 Bancroft, Hitchin SG5 1JW");
    expect(readInZone(ics, "America/New_York"), "a phone in New York").toEqual(["4:00"]);
    expect(readInZone(ics, "Europe/London"), "a phone in London").toEqual(["9:00"]);
  });

  it("cancels with the same UID, a higher SEQUENCE, METHOD:CANCEL and STATUS:CANCELLED", () => {
    const ics = visitCalendar({ ...visitOn("2026-11-26"), sequence: 2 }, "CANCEL", STAMP);
    expect(ics).toMatch(/^METHOD:CANCEL\r$/m);
    expect(ics).toContain("UID:6b0e7c2a-5b1f-4a55-9d1e-2f1a0c3b4d5e");
    expect(ics).toContain("SEQUENCE:2");
    expect(ics).toContain("STATUS:CANCELLED");
  });
});

describe("the calendar file of days booked together", () => {
  it("holds one VEVENT a day, each with its own UID", () => {
    const days = ["2026-11-27", "2026-11-28", "2026-11-30"].map((date, i) => ({ ...visitOn(date), uid: `day-${i}@example` }));
    const ics = visitCalendar(days, "REQUEST", STAMP);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect([...ics.matchAll(/^UID:(.*)\r$/gm)].map((match) => match[1])).toEqual(["day-0@example", "day-1@example", "day-2@example"]);
    expect(ics.match(/^METHOD:REQUEST\r$/gm), "one calendar, one method").toHaveLength(1);
  });
});
