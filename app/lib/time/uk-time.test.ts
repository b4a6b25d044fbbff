/**
 * UK days around the two clock changes of 2026, with the time set by a clock the tests move:
 * the days themselves, and what reads them (the inbox's "today", a quote's expiry, a reminder
 * held to opening time).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { JobRunner } from "../jobs/jobs.server.ts";
import { queueLeadFollowUps, reminderHandler } from "../requests/follow-ups.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import type { NewLead } from "../requests/lead.ts";
import { headline } from "../requests/inbox.server.ts";
import { closureShows } from "../public-site/site-data.ts";
import { checkQuoteLink, createQuote, expireDue, quoteById, saveDraft, sendQuote } from "../quotes/quotes.server.ts";
import { addDays, startOfUkDay, ukClock, ukDate, ukDayEnd, ukDayHours, ukDayStart, ukDaysLater, ukInstant, ukToday, weekdayOf, type Clock } from "./uk-time.ts";

const iso = (at: Date) => at.toISOString();
const at = (text: string) => new Date(text);

describe("a UK day", () => {
  it("lasts 24 hours either side of the spring change, and 23 on Sunday 29 March 2026 (00:00–23:00 UTC)", () => {
    expect([iso(ukDayStart("2026-03-28")), iso(ukDayEnd("2026-03-28"))]).toEqual(["2026-03-28T00:00:00.000Z", "2026-03-29T00:00:00.000Z"]);
    expect([iso(ukDayStart("2026-03-29")), iso(ukDayEnd("2026-03-29"))]).toEqual(["2026-03-29T00:00:00.000Z", "2026-03-29T23:00:00.000Z"]);
    expect([iso(ukDayStart("2026-03-30")), iso(ukDayEnd("2026-03-30"))]).toEqual(["2026-03-29T23:00:00.000Z", "2026-03-30T23:00:00.000Z"]);
    expect(["2026-03-28", "2026-03-29", "2026-03-30"].map(ukDayHours)).toEqual([24, 23, 24]);
  });

  it("lasts 25 hours on Sunday 25 October 2026 (23:00 UTC on the 24th to 00:00 UTC on the 26th)", () => {
    expect([iso(ukDayStart("2026-10-24")), iso(ukDayEnd("2026-10-24"))]).toEqual(["2026-10-23T23:00:00.000Z", "2026-10-24T23:00:00.000Z"]);
    expect([iso(ukDayStart("2026-10-25")), iso(ukDayEnd("2026-10-25"))]).toEqual(["2026-10-24T23:00:00.000Z", "2026-10-26T00:00:00.000Z"]);
    expect([iso(ukDayStart("2026-10-26")), iso(ukDayEnd("2026-10-26"))]).toEqual(["2026-10-26T00:00:00.000Z", "2026-10-27T00:00:00.000Z"]);
    expect(["2026-10-24", "2026-10-25", "2026-10-26"].map(ukDayHours)).toEqual([24, 25, 24]);
  });

  it("is the date of a moment in London, at every hour of the change days", () => {
    let clock = at("2026-03-28T00:00:00Z");
    const now: Clock = () => clock;
    const dates: string[] = [];
    for (let hour = 0; hour < 72; hour++) {
      clock = new Date(Date.parse("2026-03-28T00:00:00Z") + hour * 3_600_000);
      dates.push(ukToday(now()));
      // Every moment lies in its own day, and its day starts at the start it is given.
      expect(ukDayStart(ukDate(clock)).getTime()).toBeLessThanOrEqual(clock.getTime());
      expect(ukDayEnd(ukDate(clock)).getTime()).toBeGreaterThan(clock.getTime());
      expect(iso(startOfUkDay(clock))).toBe(iso(ukDayStart(ukDate(clock))));
    }
    // 24 hours of the 28th, 23 of the 29th, then the 30th from 23:00 UTC on the 29th.
    expect(dates.filter((d) => d === "2026-03-28")).toHaveLength(24);
    expect(dates.filter((d) => d === "2026-03-29")).toHaveLength(23);
    expect(ukDate(at("2026-10-24T22:59:59Z"))).toBe("2026-10-24");
    expect(ukDate(at("2026-10-24T23:00:00Z"))).toBe("2026-10-25");
    expect(ukDate(at("2026-10-25T23:59:59Z"))).toBe("2026-10-25");
    expect(ukDate(at("2026-10-26T00:00:00Z"))).toBe("2026-10-26");
  });

  it("starts at midnight even in the afternoon of a change day (not worked back from the wall clock)", () => {
    expect(iso(startOfUkDay(at("2026-03-29T12:00:00Z")))).toBe("2026-03-29T00:00:00.000Z");
    expect(iso(startOfUkDay(at("2026-10-25T12:00:00Z")))).toBe("2026-10-24T23:00:00.000Z");
    expect(iso(startOfUkDay(at("2026-10-25T23:30:00Z")))).toBe("2026-10-24T23:00:00.000Z");
  });

  it("counts n days later on the calendar, and keeps the time of day across a change", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-28", 30)).toBe("2026-04-27");
    expect(addDays("2026-10-26", -2)).toBe("2026-10-24");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(weekdayOf("2026-03-29")).toBe("Sunday");
    // Thursday 10:00 GMT → Sunday 10:00 BST; Thursday 10:00 BST → Sunday 10:00 GMT.
    expect(iso(ukDaysLater(at("2026-03-26T10:00:00Z"), 3))).toBe("2026-03-29T09:00:00.000Z");
    expect(iso(ukDaysLater(at("2026-10-22T09:00:00Z"), 3))).toBe("2026-10-25T10:00:00.000Z");
    expect(ukClock(ukDaysLater(at("2026-10-22T09:00:00Z"), 4))).toMatchObject({ weekday: "Monday", minutes: 10 * 60 });
    expect(iso(ukInstant("2026-10-25", 8 * 60))).toBe("2026-10-25T08:00:00.000Z");
    expect(iso(ukInstant("2026-03-29", 8 * 60))).toBe("2026-03-29T07:00:00.000Z");
  });

  it("refuses what is not a date rather than answering a wrong day", () => {
    expect(() => ukDayStart("29/03/2026")).toThrow(RangeError);
  });
});

describe("what reads UK days, on the change days", () => {
  let store: LeadStore;
  let clock: Date;
  const now: Clock = () => clock;
  const request = (fields: Partial<NewLead> = {}): NewLead => ({
    form: "quote",
    page: "/",
    name: "Sarah Morgan",
    email: "sarah@example.org",
    phone: "07700 900123",
    location: "SG1 1AA",
    message: "Slipped tiles.",
    ...fields,
  });
  beforeEach(() => (store = new LeadStore(":memory:")));
  afterEach(() => store.close());

  it("the inbox's today starts at UK midnight: 00:00 UTC on 29 March, 23:00 UTC on 24 October", () => {
    // Sunday 29 March, late afternoon (BST): today began at 00:00 UTC, an hour before the change.
    store.add(request(), { notify: false, now: at("2026-03-28T23:59:00Z") }); // Saturday
    store.add(request(), { notify: false, now: at("2026-03-29T00:00:00Z") }); // Sunday 00:00 GMT
    store.add(request(), { notify: false, now: at("2026-03-29T00:30:00Z") }); // Sunday 00:30 GMT
    clock = at("2026-03-29T16:00:00Z");
    expect(headline(store, now()).newToday).toBe(2);
    // Monday 30 March 00:30 BST (23:30 UTC on the 29th): only what came after 23:00 UTC.
    store.add(request(), { notify: false, now: at("2026-03-29T23:10:00Z") });
    clock = at("2026-03-29T23:30:00Z");
    expect(headline(store, now()).newToday).toBe(1);
  });

  it("the inbox's today on the long day of 25 October holds all of its 25 hours", () => {
    store.add(request(), { notify: false, now: at("2026-10-24T22:59:00Z") }); // Saturday 23:59 BST
    store.add(request(), { notify: false, now: at("2026-10-24T23:00:00Z") }); // Sunday 00:00 BST
    store.add(request(), { notify: false, now: at("2026-10-25T01:30:00Z") }); // Sunday 01:30 GMT, the second time
    clock = at("2026-10-25T23:45:00Z"); // Sunday 23:45 GMT
    expect(headline(store, now()).newToday).toBe(2);
    clock = at("2026-10-26T00:00:00Z"); // Monday
    expect(headline(store, now()).newToday).toBe(0);
  });

  /** A quote sent at `sentAt`, valid until `validUntil`. */
  function sentQuote(validUntil: string, sentAt: Date) {
    const leadId = store.add(request(), { notify: false, now: sentAt }).id;
    const quote = createQuote(store, leadId, { actor: "Owner", now: sentAt })!;
    saveDraft(store, quote.id, { lines: [{ description: "Ridge", quantity: 100, unitPence: 50_000 }], vat: false, validUntil, notes: "", guarantees: [], followUps: false });
    const sent = sendQuote(store, quote.id, { actor: "Owner", now: sentAt });
    if ("refused" in sent) throw new Error(sent.refused);
    return sent;
  }

  it("a quote valid until Saturday 28 March 2026 closes at 00:00 UTC on the 29th, not an hour sooner", () => {
    clock = at("2026-03-20T10:00:00Z");
    const { token, quote } = sentQuote("2026-03-28", now());
    expect(quote.expiresAt).toBe("2026-03-29T00:00:00.000Z");
    clock = at("2026-03-28T23:30:00Z"); // Saturday 23:30 GMT: still the 28th
    expect(checkQuoteLink(store, token, now()).state).toBe("open");
    expect(expireDue(store, now())).toBe(0);
    clock = at("2026-03-29T00:00:00Z");
    expect(checkQuoteLink(store, token, now()).state).toBe("expired");
    expect(expireDue(store, now())).toBe(1);
    expect(quoteById(store, quote.id)!.status).toBe("expired");
  });

  it("a quote valid until Sunday 29 March closes after its 23 hours; one until 25 October after its 25", () => {
    clock = at("2026-03-20T10:00:00Z");
    expect(sentQuote("2026-03-29", now()).quote.expiresAt).toBe("2026-03-29T23:00:00.000Z");
    clock = at("2026-10-20T10:00:00Z");
    expect(sentQuote("2026-10-24", now()).quote.expiresAt).toBe("2026-10-24T23:00:00.000Z");
    const long = sentQuote("2026-10-25", now());
    expect(long.quote.expiresAt).toBe("2026-10-26T00:00:00.000Z");
    clock = at("2026-10-25T23:30:00Z"); // Sunday 23:30 GMT: still the 25th
    expect(checkQuoteLink(store, long.token, now()).state).toBe("open");
  });

  it("a new quote is valid for 30 UK days from the day it was made, whatever the hour", () => {
    clock = at("2026-03-29T23:30:00Z"); // Monday 30 March 00:30 BST
    const leadId = store.add(request(), { notify: false, now: now() }).id;
    expect(createQuote(store, leadId, { actor: "Owner", now: now() })!.validUntil).toBe("2026-04-29");
  });

  it("a closure notice shows until the end of its last day, the long one of 25 October included", () => {
    const notice = (until: string) => ({ message: "Closed for the holiday", until });
    clock = at("2026-03-28T23:59:00Z");
    expect(closureShows(notice("2026-03-28"), now())).toBe(true);
    clock = at("2026-03-29T00:00:00Z");
    expect(closureShows(notice("2026-03-28"), now())).toBe(false);
    clock = at("2026-10-25T23:30:00Z"); // Sunday 23:30 GMT
    expect(closureShows(notice("2026-10-25"), now())).toBe(true);
    clock = at("2026-10-26T00:00:00Z");
    expect(closureShows(notice("2026-10-25"), now())).toBe(false);
  });

  describe("a reminder held to opening time (Monday–Friday 08:00–18:00, Saturday 09:00–16:00)", () => {
    const hours = fileContent.business.openingHours;
    const reminderOf = (leadId: number, stage: string) =>
      store.db.prepare("SELECT run_at AS runAt, outcome FROM jobs WHERE once_key = ?").get(`reminder-${stage}:${leadId}`) as { runAt: string; outcome: string | null };

    async function heldFromSaturday(arrived: string) {
      clock = at(arrived);
      const runner = new JobRunner(store, reminderHandler(store, () => hours), { now, log: () => {} });
      const lead = store.inTransaction(() => store.add(request(), { notify: false, now: now(), alongside: (row) => queueLeadFollowUps(store.db, row, hours, { mail: false, hourlyCap: 30 }, now()) }));
      return { lead, runner };
    }

    // Each arrives on a Saturday at 15:30 UK time: the reminder falls due at 16:30, when the firm is closed.
    it.each([
      ["BST, 07:00 UTC, past the short Sunday", "2026-03-28T15:30:00Z", "2026-03-28T16:30:00Z", "2026-03-30T07:00:00Z"],
      ["GMT, 08:00 UTC, past the long Sunday", "2026-10-24T14:30:00Z", "2026-10-24T15:30:00Z", "2026-10-26T08:00:00Z"],
    ])("a Saturday-afternoon request's hour reminder waits for Monday 08:00 %s", async (_, arrived, due, opens) => {
      const { lead, runner } = await heldFromSaturday(arrived);
      expect(reminderOf(lead.id, "1h").runAt).toBe(new Date(opens).toISOString());
      clock = at(due);
      await runner.runDue();
      clock = new Date(at(opens).getTime() - 60_000); // Monday 07:59 UK time
      await runner.runDue();
      expect(reminderOf(lead.id, "1h").outcome).toBeNull();
      clock = at(opens);
      await runner.runDue();
      expect(reminderOf(lead.id, "1h").outcome).toBe("reminded");
    });
  });
});
