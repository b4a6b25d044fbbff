/**
 * Issue 27 §5: the diary's fortnight, with a clock the test sets (the Saturday before the autumn
 * clock change). Fourteen days from today, each headed in words; a visit under its own UK day only
 * (0:30 in summer time is tomorrow, though UTC still says today); cancelled ones and ones
 * past the fortnight absent; overlaps marked on both; Map and Call ready to tap.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { ukInstant } from "../time/uk-time.ts";
import { bookVisits, cancelVisit } from "./book.server.ts";
import { agendaStart, diaryAgenda, diaryDays } from "./diary.server.ts";

const NOW = new Date("2026-10-24T08:00:00Z");
let store: LeadStore;

beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

function book(name: string, date: string, from: number, to: number) {
  const leadId = store.add({ form: "quote", page: "/", name, email: "", phone: "01462 555123", location: "12 Bancroft, Hitchin SG5 1JW", message: "Roof." }, { notify: false }).id;
  const change = { actor: "Dave", hours: fileContent.business.openingHours, mail: false, now: NOW };
  return { leadId, visit: bookVisits(store, leadId, { kind: "survey", days: [{ start: ukInstant(date, from * 60), end: ukInstant(date, to * 60) }], notes: "" }, change)![0]! };
}

describe("the diary", () => {
  it("shows today and the next 13 days, each visit under its own day, overlaps on both, cancelled and later ones absent", () => {
    const early = book("Early Bird", "2026-10-25", 0.5, 1);
    const first = book("Sarah Jones", "2026-10-26", 9, 11);
    book("Tom Baker", "2026-10-26", 10, 16);
    const gone = book("Cass Celled", "2026-10-27", 9, 10);
    cancelVisit(store, gone.visit.id, { actor: "Dave", hours: fileContent.business.openingHours, mail: false, now: NOW });
    book("Last Day", "2026-11-06", 9, 10);
    book("Too Far", "2026-11-07", 9, 10);

    const days = diaryDays(store, NOW);
    expect(days.map((day) => day.heading).slice(0, 3)).toEqual(["Today, Saturday 24 October", "Tomorrow, Sunday 25 October", "Monday 26 October"]);
    expect(days).toHaveLength(14);
    expect(days.at(-1)!.heading).toBe("Friday 6 November");
    expect(days.map((day) => day.visits.map((visit) => visit.name))).toEqual([[], ["Early Bird"], ["Sarah Jones", "Tom Baker"], [], [], [], [], [], [], [], [], [], [], ["Last Day"]]);
    expect(early.visit.startAt, "UTC says the day before").toBe("2026-10-24T23:30:00.000Z");

    const [sarah, tom] = days[2]!.visits;
    expect(sarah).toMatchObject({
      leadId: first.leadId,
      times: "9:00–11:00",
      kind: "Survey",
      location: "12 Bancroft, Hitchin SG5 1JW",
      map: "https://www.google.com/maps/search/?api=1&query=12%20Bancroft%2C%20Hitchin%20SG5%201JW",
      call: "tel:+441462555123",
      overlaps: ["Overlaps Survey, Tom Baker, 10:00–16:00"],
    });
    expect(tom!.overlaps).toEqual(["Overlaps Survey, Sarah Jones, 9:00–11:00"]);
  });
});

describe("the diary as an agenda (issue 35 §5)", () => {
  it("shows only the days with visits, each visit with its town, then where the fortnight ends", () => {
    book("Sarah Jones", "2026-10-26", 9, 11);
    book("Last Day", "2026-11-06", 9, 10);
    book("Too Far", "2026-11-07", 9, 10);
    const agenda = diaryAgenda(store, { towns: ["Hitchin", "Stevenage"] }, NOW);
    expect(agenda.days.map((day) => [day.heading, day.visits.map((visit) => visit.name)])).toEqual([
      ["Monday 26 October", ["Sarah Jones"]],
      ["Friday 6 November", ["Last Day"]],
    ]);
    expect(agenda.days[0]!.visits[0]).toMatchObject({ times: "9:00–11:00", kind: "Survey", town: "Hitchin", call: "tel:+441462555123" });
    expect(agenda.nothingElse).toBe("Nothing else booked until Sat 7 Nov");
    expect([agenda.from, agenda.until, agenda.earlier, agenda.later]).toEqual(["2026-10-24", "2026-11-07", "2026-10-10", "2026-11-07"]);
  });

  it("Later shows the next fortnight, Earlier the one before, and an empty fortnight says so", () => {
    book("Too Far", "2026-11-07", 9, 10);
    book("Long Ago", "2026-10-12", 9, 10);
    const later = diaryAgenda(store, { from: "2026-11-07" }, NOW);
    expect(later.days.map((day) => day.heading)).toEqual(["Saturday 7 November"]);
    expect(later.nothingElse).toBe("Nothing else booked until Sat 21 Nov");
    const earlier = diaryAgenda(store, { from: "2026-10-10" }, NOW);
    expect(earlier.days.map((day) => day.heading)).toEqual(["Monday 12 October"]);
    expect(diaryAgenda(store, { from: "2026-11-21" }, NOW).nothingElse).toBe("Nothing booked until Sat 5 Dec");
    expect(diaryAgenda(store, { from: "2026-12-26" }, NOW).nothingElse, "another year says its year").toBe("Nothing booked until Sat 9 Jan 2027");
  });

  it("starts today when the address's day is missing or not a real day", () => {
    for (const from of [null, "", "tomorrow", "2026-02-30", "2026-1-5", "2026-10-24x"]) expect(agendaStart(from, "2026-10-24"), String(from)).toBe("2026-10-24");
    expect(agendaStart("2026-11-07", "2026-10-24")).toBe("2026-11-07");
  });
});
