import { afterEach, beforeEach, expect, it } from "vitest";
import { JobRunner } from "../jobs/jobs.server.ts";
import { LeadStore } from "./leads.server.ts";
import { forgetRequestsHandler, scheduleForgetting } from "./forget.server.ts";
import { monthsBefore } from "./retention.ts";

let store: LeadStore;
beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

const queued = () => store.db.prepare("SELECT run_at AS runAt, payload FROM jobs WHERE kind = 'forget-requests' AND done_at IS NULL ORDER BY run_at").all().map((row) => ({ ...row }));

it("counts 24 calendar months back, a 31st or a 29 February falling to the month's last day", () => {
  expect(monthsBefore("2026-11-27", 24)).toBe("2024-11-27");
  expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
  expect(monthsBefore("2028-02-29", 24)).toBe("2026-02-28");
  expect(monthsBefore("2026-01-15", 24)).toBe("2024-01-15");
});

it("runs each night at 03:30 UK time, queued once however often the server starts", () => {
  scheduleForgetting(store.db, new Date("2026-11-27T02:00:00Z"));
  scheduleForgetting(store.db, new Date("2026-11-27T02:59:00Z"));
  expect(queued()).toEqual([{ runAt: "2026-11-27T03:30:00.000Z", payload: '{"night":"2026-11-27"}' }]);
  // In summer 03:30 in London is 02:30 UTC; after it, the next night.
  const summer = new LeadStore(":memory:");
  scheduleForgetting(summer.db, new Date("2026-07-01T03:00:00Z"));
  expect(summer.db.prepare("SELECT run_at AS runAt FROM jobs").all().map((row) => ({ ...row }))).toEqual([{ runAt: "2026-07-02T02:30:00.000Z" }]);
  summer.close();
});

it("forgets the customers last in touch over 24 months ago, writes one audit line with the count and no name, and queues the next night", async () => {
  const lead = (name: string, at: string) => store.add({ form: "contact", page: "/", name, email: "x@example.org", phone: "07700 900111", location: "SG1 1AA", message: "Hello" }, { notify: false, now: new Date(at) }).id;
  const old = lead("Olive Oldone", "2024-11-26T12:00:00Z");
  const young = lead("Yasmin Young", "2024-11-27T12:00:00Z");
  scheduleForgetting(store.db, new Date("2026-11-27T01:00:00Z"));
  const now = new Date("2026-11-27T03:31:00Z");
  const runner = new JobRunner(store, forgetRequestsHandler(store), { now: () => now });
  await runner.runDue();
  expect(store.db.prepare("SELECT id, name FROM leads ORDER BY id").all().map((row) => ({ ...row }))).toEqual([{ id: old, name: "" }, { id: young, name: "Yasmin Young" }]);
  const audit = store.db.prepare("SELECT actor, action, lead_id AS leadId FROM audit WHERE actor = 'Nightly privacy job'").all().map((row) => ({ ...row }));
  expect(audit).toEqual([{ actor: "Nightly privacy job", action: "erased the personal details of 1 request last in touch before 2024-11-27", leadId: null }]);
  expect(queued(), "the next night, once").toEqual([{ runAt: "2026-11-28T03:30:00.000Z", payload: '{"night":"2026-11-28"}' }]);
  await runner.runDue();
  expect(queued()).toHaveLength(1);
});

it("forgets the forms' once-only keys applied more than 30 days before", async () => {
  const keep = store.db.prepare("INSERT INTO applied_actions (once_key, name, path, applied_at, answer) VALUES (?, 'request.note', '/admin/requests/1', ?, '{}')");
  keep.run("old-key", "2026-10-27T03:00:00.000Z");
  keep.run("young-key", "2026-10-28T04:00:00.000Z");
  scheduleForgetting(store.db, new Date("2026-11-27T01:00:00Z"));
  await new JobRunner(store, forgetRequestsHandler(store), { now: () => new Date("2026-11-27T03:31:00Z") }).runDue();
  expect(store.db.prepare("SELECT once_key AS key FROM applied_actions").all().map((row) => ({ ...row }))).toEqual([{ key: "young-key" }]);
});
