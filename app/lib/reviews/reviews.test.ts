import { describe, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { jobDoneState, requestReview, suggestedName } from "./reviews.server.ts";

describe("the name a review form starts with", () => {
  it.each([
    ["Sarah Miles", "Sarah M."],
    ["sarah miles", "Sarah M."],
    ["SARAH MILES", "Sarah M."],
    ["Siân Jones", "Siân J."],
    ["Zoë Kowalska", "Zoë K."],
    ["Seán O'Brien", "Seán O."],
    ["Anne-Marie Smith", "Anne-Marie S."],
    ["Jo", "Jo"],
    ["  Harriet   Reviewer ", "Harriet R."],
    // Would not pass the name rule: the field starts empty.
    ["Dave 2", ""],
    ["jo@example.com", ""],
    ["R2 Roofing Ltd", ""],
    ["<b>Jo</b> Smith", ""],
    ["J", ""],
    ["", ""],
    ["   ", ""],
  ])("for a request from %j is %j", (requestName, name) => {
    expect(suggestedName(requestName)).toBe(name);
  });
});

describe("Job done", () => {
  it("asks a won job's customer once: a second or replayed Yes makes no second request, and a job not won is never asked", () => {
    const store = new LeadStore(":memory:");
    try {
      const { id } = store.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St", message: "Tiles" });
      expect(jobDoneState(store, id)).toEqual({ state: "not-won", status: "new" });
      expect(requestReview(store, id, { actor: "Dave" })).toBeUndefined();
      store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(id);
      expect(jobDoneState(store, id)).toEqual({ state: "ask" });
      let queued = 0;
      const now = new Date("2026-11-25T14:05:00Z");
      const yes = () => requestReview(store, id, { actor: "Dave", now, alongside: () => void (queued += 1) });
      expect(yes()).toBeDefined();
      expect(yes(), "the replay").toBeUndefined();
      expect(queued, "one e-mail queued").toBe(1);
      expect(jobDoneState(store, id)).toEqual({ state: "asked", requestedAt: now.toISOString() });
      expect(store.db.prepare("SELECT COUNT(*) AS n FROM reviews").get()).toEqual({ n: 1 });
      expect(jobDoneState(store, id + 1), "no such request").toBeUndefined();
    } finally {
      store.close();
    }
  });
});
