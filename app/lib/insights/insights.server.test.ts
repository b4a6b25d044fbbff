/**
 * Insights' "Surveys booked online" on the injectable clock (issue 38 §5): the requests of the
 * period whose survey the visitor booked himself, in the totals and by landing page beside the
 * requests; a survey the owner booked is not one, and a request of the period before counts there.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { insertVisit, markCancelled, type Visit } from "../visits/visits.server.ts";
import { insights } from "./insights.server.ts";

// Thursday 26 November 2026, 10:00 UK time.
const NOW = new Date("2026-11-26T10:00:00Z");
const DAY = 86_400_000;
let store: LeadStore;

beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

/** A request sent from `page` `daysAgo` days before now, with a survey booked by `bookedBy` (none: no survey). */
function request(page: string, daysAgo: number, bookedBy?: Visit["bookedBy"]) {
  const sent = new Date(NOW.getTime() - daysAgo * DAY);
  const leadId = store.add({ form: "quote", page, name: "Margaret Hale", email: "m@example.org", phone: "01462 555123", location: "Hitchin", message: "Roof." }, { notify: false, now: sent }).id;
  if (!bookedBy) return undefined;
  const start = new Date(NOW.getTime() + 3 * DAY);
  return insertVisit(store.db, { leadId, kind: "survey", start, end: new Date(start.getTime() + 45 * 60_000), notes: "", told: "e-mail", bookedBy, now: sent });
}

it("counts the requests of the period whose survey the visitor booked online, by page, and those of the period before apart", () => {
  const hitchin = "/areas/roofers-in-hitchin/";
  request(hitchin, 1, "customer");
  // Booked online and cancelled by him since: it was still booked online.
  markCancelled(store.db, request(hitchin, 2, "customer")!.id, "e-mail", NOW);
  request(hitchin, 3, "owner");
  request(hitchin, 4);
  request("/contact", 0, "customer");
  request("/contact", 10, "customer");

  const week = insights(store, "7d", NOW);
  expect([week.totals.requests, week.totals.bookedOnline, week.before.bookedOnline]).toEqual([5, 3, 1]);
  const byPage = Object.fromEntries(week.pages.map((page) => [page.path, [page.requests, page.bookedOnline]]));
  expect(byPage).toEqual({ [hitchin]: [4, 2], "/contact": [1, 1] });
  expect(insights(store, "30d", NOW).totals.bookedOnline, "the request ten days ago is in the last 30 days").toBe(4);
});
