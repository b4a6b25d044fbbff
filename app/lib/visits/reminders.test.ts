/**
 * Issue 27 §4: the customer's one day-before reminder, with a clock the tests move and a real SMTP
 * server. Due at the opening of the day before, caught up within that day's hours after a restart
 * and never outside them, held to the hours published when it runs, sent on the last open day
 * before when the day before is closed (naming the day), right across both clock changes of 2026;
 * none for a visit booked or moved on the day before; a move plans it again, a cancel drops it,
 * and it goes once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import type { Business } from "~/content/schema.ts";
import { letterParts, startMailServer, subjectOf } from "../../../tests/support/smtp.ts";
import { JobRunner } from "../jobs/jobs.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { auditOfLead } from "../db/audit.server.ts";
import { bookVisits, cancelVisit, moveVisit } from "./book.server.ts";
import { planReminder, replanVisitReminders, visitHandlers } from "./jobs.server.ts";
import { visitById } from "./visits.server.ts";
import { ukInstant } from "../time/uk-time.ts";

type Hours = Business["openingHours"];
/** Monday–Friday 08:00–18:00, Saturday 09:00–16:00, Sunday closed. */
const FILE_HOURS = fileContent.business.openingHours;

let store: LeadStore;
let server: Awaited<ReturnType<typeof startMailServer>>;
let clock: Date;
let published: Hours;
let leadId: number;

beforeEach(async () => {
  store = new LeadStore(":memory:");
  server = await startMailServer();
  published = FILE_HOURS;
  leadId = store.add({ form: "quote", page: "/", name: "Sarah Jones", email: "sarah@example.org", phone: "07700 900456", location: "12 Bancroft, Hitchin", message: "Slipped tiles." }).id;
});
afterEach(async () => {
  await server.close();
  store.close();
});

/** A runner as the server makes one; a new one is a restart. */
const runner = () => new JobRunner(store, visitHandlers(store, () => fileContent.business, "https://www.example.com", () => published, server.mail), { now: () => clock, log: () => {} });

/** Runs the queue at a UK wall-clock moment ("2026-11-25 08:00"). */
async function runAt(date: string, time: string) {
  clock = ukInstant(date, Number(time.slice(0, -3)) * 60 + Number(time.slice(-2)));
  await runner().runDue();
}

/** Books a survey on `date` from `from` to `to` (UK times), at the UK moment `at`, and sends its invitation. */
async function book(at: [string, string], date: string, from = "09:00", to = "11:00") {
  clock = ukInstant(at[0], Number(at[1].slice(0, 2)) * 60 + Number(at[1].slice(3)));
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const [visit] = bookVisits(store, leadId, { kind: "survey", days: [{ start: ukInstant(date, minutes(from)), end: ukInstant(date, minutes(to)) }], notes: "Dog in the garden" }, { actor: "Dave", hours: published, mail: true, now: clock })!;
  await runner().runDue();
  return visit!.id;
}

const subjects = () => server.smtp.messages.map((message) => subjectOf(message.raw));
const reminders = () => subjects().filter((subject) => !subject.includes("booked") && !subject.includes("moved") && !subject.includes("cancelled"));
const reminderJob = (visitId: number) =>
  store.db.prepare("SELECT run_at AS runAt, outcome FROM jobs WHERE kind = 'visit-reminder' AND json_extract(payload, '$.visitId') = ?").all(visitId) as { runAt: string; outcome: string | null }[];

describe("the day-before reminder", () => {
  it("goes at the day before's opening time, once, and says tomorrow", async () => {
    // Booked on Tuesday 24 November for Thursday 26th: due Wednesday at 08:00.
    const visit = await book(["2026-11-24", "10:00"], "2026-11-26");
    expect(subjects()).toEqual(["Your roof survey is booked: Thursday 26 November, 9:00–11:00"]);
    expect(reminderJob(visit)).toEqual([{ runAt: "2026-11-25T08:00:00.000Z", outcome: null }]);
    await runAt("2026-11-25", "07:59");
    expect(reminders()).toEqual([]);
    await runAt("2026-11-25", "08:00");
    expect(reminders()).toEqual(["Your roof survey is tomorrow, Thursday 26 November, 9:00–11:00"]);
    const { text } = letterParts(server.smtp.messages.at(-1)!.raw);
    expect(text).toContain("A reminder: your roof survey with Kestrel Roofing is tomorrow, Thursday 26 November, 9:00–11:00.");
    expect(text).toContain("Where: 12 Bancroft, Hitchin");
    expect(text).toContain("Phone: 07700 900123");
    expect(text, "the owner's notes stay his").not.toContain("Dog");
    expect(auditOfLead(store, leadId).map((entry) => entry.action)).toContain("e-mailed the reminder of the visit");
    // A restart, and the queue run again: nothing more.
    await runAt("2026-11-25", "08:05");
    await runAt("2026-11-25", "12:00");
    expect(reminders()).toHaveLength(1);
    // Planned again for the same day (a move within it), it is not queued again.
    expect(store.inTransaction(() => planReminder(store.db, visitById(store, visit)!, published, new Date("2026-11-24T12:00:00Z")))).toBe(false);
  });

  it("is caught up after the server was down at opening time, within that day's hours", async () => {
    await book(["2026-11-24", "10:00"], "2026-11-26");
    await runAt("2026-11-25", "14:30");
    expect(reminders()).toEqual(["Your roof survey is tomorrow, Thursday 26 November, 9:00–11:00"]);
  });

  it("never goes outside the hours: missed all day, it is dropped", async () => {
    const visit = await book(["2026-11-24", "10:00"], "2026-11-26");
    await runAt("2026-11-25", "18:00");
    await runAt("2026-11-26", "07:00");
    expect(reminders()).toEqual([]);
    expect(reminderJob(visit)).toEqual([{ runAt: "2026-11-25T08:00:00.000Z", outcome: "not sent: the opening hours of the day before had passed" }]);
  });

  it("is held to the hours published when it runs, and planned again by hours just published", async () => {
    const visit = await book(["2026-11-24", "10:00"], "2026-11-26");
    published = FILE_HOURS.map((row) => (row.days.includes("Wednesday") ? { ...row, opens: "10:00" } : row));
    await runAt("2026-11-25", "08:00");
    expect(reminders(), "held until 10:00").toEqual([]);
    expect(reminderJob(visit)[0]!.runAt).toBe("2026-11-25T10:00:00.000Z");
    await runAt("2026-11-25", "10:00");
    expect(reminders()).toHaveLength(1);
    // Hours published before it is due move it at once.
    const later = await book(["2026-11-24", "11:00"], "2026-12-03");
    published = FILE_HOURS.map((row) => (row.days.includes("Wednesday") ? { ...row, opens: "07:30" } : row));
    expect(store.inTransaction(() => replanVisitReminders(store.db, published))).toBe(1);
    expect(reminderJob(later)[0]!.runAt).toBe("2026-12-02T07:30:00.000Z");
  });

  it("goes on the last open day before when the day before is closed, naming the day", async () => {
    // Monday 30 November: Sunday is closed, so Saturday 28th at 09:00.
    const visit = await book(["2026-11-24", "10:00"], "2026-11-30");
    expect(reminderJob(visit)).toEqual([{ runAt: "2026-11-28T09:00:00.000Z", outcome: null }]);
    await runAt("2026-11-28", "09:00");
    expect(reminders()).toEqual(["Your roof survey is on Monday 30 November, 9:00–11:00"]);
  });

  it.each([
    // Spring: Saturday 28 March 2026 is GMT, the visit's Monday BST.
    ["2026-03-25", "2026-03-30", "2026-03-28T09:00:00.000Z", "Your roof survey is on Monday 30 March, 9:00–11:00"],
    ["2026-03-25", "2026-03-29", "2026-03-28T09:00:00.000Z", "Your roof survey is tomorrow, Sunday 29 March, 9:00–11:00"],
    // Autumn: Saturday 24 October 2026 is BST (09:00 is 08:00 UTC), the visit's Monday GMT.
    ["2026-10-21", "2026-10-26", "2026-10-24T08:00:00.000Z", "Your roof survey is on Monday 26 October, 9:00–11:00"],
    ["2026-10-21", "2026-10-25", "2026-10-24T08:00:00.000Z", "Your roof survey is tomorrow, Sunday 25 October, 9:00–11:00"],
  ])("is right across the clock change: booked %s for %s, due %s", async (booked, date, due, subject) => {
    const visit = await book([booked, "10:00"], date);
    expect(reminderJob(visit)).toEqual([{ runAt: due, outcome: null }]);
    clock = new Date(Date.parse(due) - 60_000);
    await runner().runDue();
    expect(reminders()).toEqual([]);
    clock = new Date(due);
    await runner().runDue();
    expect(reminders()).toEqual([subject]);
  });

  it("is not sent for a visit booked on the day before: its invitation said tomorrow", async () => {
    const visit = await book(["2026-11-25", "07:00"], "2026-11-26");
    expect(subjects()).toEqual(["Your roof survey is booked: tomorrow, Thursday 26 November, 9:00–11:00"]);
    expect(reminderJob(visit)).toEqual([]);
    // Nor on Saturday for Monday, Saturday being the day its reminder would go.
    expect(reminderJob(await book(["2026-11-28", "10:00"], "2026-11-30"))).toEqual([]);
    await runAt("2026-11-25", "12:00");
    await runAt("2026-11-28", "12:00");
    expect(reminders()).toEqual([]);
  });

  it("is planned again by a move, and none is sent after a move on the day before", async () => {
    const visit = await book(["2026-11-23", "10:00"], "2026-11-26");
    clock = new Date("2026-11-24T10:00:00Z");
    moveVisit(store, visit, { times: { start: new Date("2026-11-27T13:00:00Z"), end: new Date("2026-11-27T15:00:00Z") }, reason: "weather", words: "" }, { actor: "Dave", hours: published, mail: true, now: clock });
    expect(reminderJob(visit)).toEqual([{ runAt: "2026-11-26T08:00:00.000Z", outcome: null }]);
    await runAt("2026-11-25", "12:00");
    expect(reminders()).toEqual([]);
    await runAt("2026-11-26", "08:00");
    expect(reminders()).toEqual(["Your roof survey is tomorrow, Friday 27 November, 13:00–15:00"]);

    const other = await book(["2026-11-23", "10:00"], "2026-12-03");
    clock = new Date("2026-12-02T09:00:00Z");
    moveVisit(store, other, { times: { start: new Date("2026-12-03T13:00:00Z"), end: new Date("2026-12-03T15:00:00Z") }, reason: "materials", words: "" }, { actor: "Dave", hours: published, mail: true, now: clock });
    expect(reminderJob(other), "dropped, and none planned").toEqual([]);
    await runAt("2026-12-02", "12:00");
    expect(reminders()).toHaveLength(1);
  });

  it("is dropped by a cancel", async () => {
    const visit = await book(["2026-11-23", "10:00"], "2026-11-26");
    clock = new Date("2026-11-24T10:00:00Z");
    cancelVisit(store, visit, { actor: "Dave", hours: published, mail: true, now: clock });
    expect(reminderJob(visit)).toEqual([]);
    await runAt("2026-11-25", "08:00");
    expect(reminders()).toEqual([]);
  });
});
