/**
 * Issue 27 §4: the owner's morning push, with a clock the tests move. At 07:00 UK time (06:00 UTC
 * in summer) on each day with visits, one push to each of his devices lists them with names and
 * towns only, and opens the diary; sent once, caught up until 10:00 and not after; none for a day
 * whose visits were all cancelled.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { JobRunner } from "../jobs/jobs.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { addSubscription } from "../jobs/push.server.ts";
import { bookVisits, cancelVisit } from "./book.server.ts";
import { visitHandlers } from "./jobs.server.ts";

const hours = fileContent.business.openingHours;
let store: LeadStore;
let clock: Date;

beforeEach(() => {
  store = new LeadStore(":memory:");
  for (const endpoint of ["https://push.example.net/phone", "https://push.example.net/laptop"]) addSubscription(store, 1, { endpoint, keys: { p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", auth: "tBHItJI5svbpez7KI4CCXg" } }, "Chrome on Android");
});
afterEach(() => store.close());

function customer(name: string, location: string) {
  return store.add({ form: "quote", page: "/", name, email: `${name.split(" ")[0]!.toLowerCase()}@example.org`, phone: "07700 900000", location, message: "Roof." }).id;
}

/** Books a visit at `now`, of `kind`, from `start` to `end` (instants). */
function book(leadId: number, kind: "survey" | "job-day", start: string, end: string, now: string) {
  return bookVisits(store, leadId, { kind, days: [{ start: new Date(start), end: new Date(end) }], notes: "" }, { actor: "Dave", hours, mail: false, now: new Date(now) })![0]!;
}

async function runAt(at: string) {
  clock = new Date(at);
  await new JobRunner(store, visitHandlers(store, () => fileContent.business, "https://www.example.com", () => hours, undefined), { now: () => clock, log: () => {} }).runDue();
}

const pushes = () =>
  (store.db.prepare("SELECT payload FROM jobs WHERE kind = 'push' ORDER BY id").all() as { payload: string }[]).map((row) => {
    const { title, body, url } = JSON.parse(row.payload) as Record<string, string>;
    return { title, body, url };
  });
const morningJobs = () => store.db.prepare("SELECT run_at AS runAt, outcome FROM jobs WHERE kind = 'visit-morning' ORDER BY id").all();

describe("the owner's morning push", () => {
  it("lists the day's visits at 07:00, names and towns only, to each device, once", async () => {
    const sarah = customer("Sarah Jones", "12 Bancroft, Hitchin SG5 1JW");
    const tom = customer("Tom Baker", "SG1 4AB");
    book(tom, "job-day", "2026-11-26T13:00:00Z", "2026-11-26T16:00:00Z", "2026-11-20T10:00:00Z");
    book(sarah, "survey", "2026-11-26T09:00:00Z", "2026-11-26T11:00:00Z", "2026-11-24T10:00:00Z");
    expect(morningJobs(), "one for the day").toEqual([{ runAt: "2026-11-26T07:00:00.000Z", outcome: null }]);
    await runAt("2026-11-26T06:59:00Z");
    expect(pushes()).toEqual([]);
    await runAt("2026-11-26T07:00:00Z");
    const push = { title: "Today: 2 visits", body: "9:00 Survey · Sarah J. · Hitchin; 13:00 Job day · Tom B. · SG1", url: "/admin/diary" };
    expect(pushes()).toEqual([push, push]);
    expect(JSON.stringify(pushes()), "no street, no phone").not.toMatch(/Bancroft|07700|Jones|Baker/);
    // A restart, a visit booked later that morning: nothing more.
    book(sarah, "survey", "2026-11-26T15:00:00Z", "2026-11-26T16:00:00Z", "2026-11-26T08:00:00Z");
    await runAt("2026-11-26T08:05:00Z");
    expect(pushes()).toHaveLength(2);
  });

  it("goes at 07:00 UK time in summer too (06:00 UTC)", () => {
    book(customer("Sarah Jones", "Hitchin"), "survey", "2026-07-15T08:00:00Z", "2026-07-15T10:00:00Z", "2026-07-01T10:00:00Z");
    expect(morningJobs()).toEqual([{ runAt: "2026-07-15T06:00:00.000Z", outcome: null }]);
  });

  it("is caught up until 10:00 when missed, and not after", async () => {
    const sarah = customer("Sarah Jones", "Hitchin");
    book(sarah, "survey", "2026-11-26T09:00:00Z", "2026-11-26T11:00:00Z", "2026-11-24T10:00:00Z");
    book(sarah, "survey", "2026-11-27T09:00:00Z", "2026-11-27T11:00:00Z", "2026-11-24T10:00:00Z");
    await runAt("2026-11-26T09:59:00Z");
    expect(pushes().map((push) => push.title)).toEqual(["Today: 1 visit", "Today: 1 visit"]);
    await runAt("2026-11-27T10:00:00Z");
    expect(pushes()).toHaveLength(2);
    expect(morningJobs()).toEqual([
      { runAt: "2026-11-26T07:00:00.000Z", outcome: "sent" },
      { runAt: "2026-11-27T07:00:00.000Z", outcome: "not sent: missed, and it was past 10:00" },
    ]);
  });

  it("says nothing on a day whose visits were all cancelled", async () => {
    const visit = book(customer("Sarah Jones", "Hitchin"), "survey", "2026-11-26T09:00:00Z", "2026-11-26T11:00:00Z", "2026-11-24T10:00:00Z");
    cancelVisit(store, visit.id, { actor: "Dave", hours, mail: false, now: new Date("2026-11-25T10:00:00Z") });
    await runAt("2026-11-26T07:00:00Z");
    expect(pushes()).toEqual([]);
  });
});
