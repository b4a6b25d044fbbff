/**
 * Reminders and quote follow-ups are held to the opening hours published when they fall due:
 * the handlers ask a HoursNow service each time, and hours published meanwhile plan the waiting
 * ones again. Time is a clock the test moves.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import type { Business } from "~/content/schema.ts";
import { heldRunAt, replanHeldJobs } from "./held-to-opening.server.ts";
import { JobRunner } from "./jobs.server.ts";
import { queueLeadFollowUps, reminderHandler } from "../requests/follow-ups.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { createQuote, saveDraft, sendQuote } from "../quotes/quotes.server.ts";
import { quoteHandlers } from "../quotes/jobs.server.ts";

type Hours = Business["openingHours"];
/** The files' hours: Monday–Friday 08:00–18:00, Saturday 09:00–16:00, Sunday closed. */
const FILE_HOURS = fileContent.business.openingHours;
/** The same, with Sunday open 10:00–12:00. */
const SUNDAYS_TOO: Hours = FILE_HOURS.map((row) => (row.days.includes("Sunday") ? { ...row, opens: "10:00", closes: "12:00" } : row));
/** Only Tuesdays, 13:00–14:00. */
const TUESDAY_AFTERNOONS: Hours = [
  { label: "Tuesday", days: ["Tuesday"], opens: "13:00", closes: "14:00" },
  { label: "Other days", days: ["Monday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], opens: null, closes: null },
];

let store: LeadStore;
let clock: Date;
/** The hours published now: what the tests publish, the handlers read. */
let published: Hours;
let runner: JobRunner;

beforeEach(() => {
  store = new LeadStore(":memory:");
  published = FILE_HOURS;
  runner = new JobRunner(store, { ...reminderHandler(store, () => published), ...quoteHandlers(store, () => fileContent.business, "https://www.example.com", () => published, undefined) }, { now: () => clock, log: () => {} });
});
afterEach(() => store.close());

const jobOf = (onceKey: string) =>
  store.db.prepare("SELECT run_at AS runAt, outcome, payload FROM jobs WHERE once_key = ?").get(onceKey) as { runAt: string; outcome: string | null; payload: string };

/** A request stored at `arrived`, its reminders planned by the hours published then. */
function request(arrived: string) {
  clock = new Date(arrived);
  return store.inTransaction(() =>
    store.add(
      { form: "quote", page: "/", name: "Sarah Morgan", email: "sarah@example.org", phone: "07700 900123", location: "SG1 1AA", message: "Slipped tiles." },
      { notify: false, now: clock, alongside: (row) => queueLeadFollowUps(store.db, row, published, { mail: false, hourlyCap: 30 }, clock) },
    ),
  );
}

describe("a reminder", () => {
  it("is planned by the hours published when it is queued, and keeps its due time", () => {
    // Saturday 28 November 2026, 17:00: due at 18:00, closed until Monday 08:00.
    const lead = request("2026-11-28T17:00:00Z");
    const job = jobOf(`reminder-1h:${lead.id}`);
    expect(job.runAt).toBe("2026-11-30T08:00:00.000Z");
    expect(JSON.parse(job.payload)).toMatchObject({ dueAt: "2026-11-28T18:00:00.000Z" });
  });

  it("falling due, reads the hours published now, not those it was queued with", async () => {
    const lead = request("2026-11-28T17:00:00Z");
    // The owner publishes Tuesday afternoons only; nothing plans the reminder again (say the
    // server was off), so it runs on Monday as first planned, and is held by the hours now.
    published = TUESDAY_AFTERNOONS;
    clock = new Date("2026-11-30T08:00:00Z");
    await runner.runDue();
    expect(jobOf(`reminder-1h:${lead.id}`)).toMatchObject({ runAt: "2026-12-01T13:00:00.000Z", outcome: null });
    clock = new Date("2026-12-01T13:00:00Z");
    await runner.runDue();
    expect(jobOf(`reminder-1h:${lead.id}`).outcome).toBe("reminded");
  });

  it("is planned again, earlier or later, when new hours are published", async () => {
    const lead = request("2026-11-28T17:00:00Z");
    // Sunday hours published on Saturday evening: the reminder moves to Sunday 10:00.
    clock = new Date("2026-11-28T19:00:00Z");
    published = SUNDAYS_TOO;
    expect(replanHeldJobs(store.db, published, clock), "only the hour reminder moves").toBe(1);
    expect(jobOf(`reminder-1h:${lead.id}`).runAt).toBe("2026-11-29T10:00:00.000Z");
    // The 20-hour reminder is due on Sunday 13:00, after Sunday's hours: Monday 08:00 still.
    expect(jobOf(`reminder-20h:${lead.id}`).runAt).toBe("2026-11-30T08:00:00.000Z");
    clock = new Date("2026-11-29T10:00:00Z");
    await runner.runDue();
    expect(jobOf(`reminder-1h:${lead.id}`).outcome).toBe("reminded");
    // Tuesday afternoons only: the one still waiting moves later.
    published = TUESDAY_AFTERNOONS;
    expect(replanHeldJobs(store.db, published, clock)).toBe(1);
    expect(jobOf(`reminder-20h:${lead.id}`).runAt).toBe("2026-12-01T13:00:00.000Z");
  });

  it("that is not yet due stays at its due time when the business is open then", () => {
    clock = new Date("2026-11-24T10:00:00Z");
    expect(heldRunAt(FILE_HOURS, new Date("2026-11-24T11:00:00Z"), clock).toISOString()).toBe("2026-11-24T11:00:00.000Z");
    // Already due: from now.
    expect(heldRunAt(FILE_HOURS, new Date("2026-11-24T09:00:00Z"), clock).toISOString()).toBe("2026-11-24T10:00:00.000Z");
  });
});

describe("a quote's follow-up", () => {
  it("is due at the time of day the quote was sent, and held to the hours published when it falls due", async () => {
    // Sent on Wednesday 25 November at 10:00: day 3 is Saturday 10:00, open by the files' hours.
    clock = new Date("2026-11-25T10:00:00Z");
    const leadId = store.add({ form: "quote", page: "/", name: "Hattie Jacques", email: "hattie@example.org", phone: "07700 900555", location: "Hitchin", message: "Ridge." }, { notify: false, now: clock }).id;
    const quote = createQuote(store, leadId, { actor: "Owner", now: clock })!;
    saveDraft(store, quote.id, { lines: [{ description: "Ridge", quantity: 100, unitPence: 120_000 }], vat: false, validUntil: "2026-12-31", notes: "", guarantees: [], followUps: true });
    expect("refused" in sendQuote(store, quote.id, { actor: "Owner", now: clock })).toBe(false);
    expect(jobOf(`quote-follow-up-3:${quote.id}`).runAt).toBe("2026-11-28T10:00:00.000Z");
    // The owner closes on Saturdays (published, but not planned again): held to Tuesday 13:00.
    published = TUESDAY_AFTERNOONS;
    clock = new Date("2026-11-28T10:00:00Z");
    await runner.runDue();
    expect(jobOf(`quote-follow-up-3:${quote.id}`)).toMatchObject({ runAt: "2026-12-01T13:00:00.000Z", outcome: null });
  });
});
