import { describe, expect, it } from "vitest";
import { googleCalendarUrl } from "./calendar-link.ts";
import { whatToDoNow } from "./what-now.ts";

const NOW = new Date("2026-12-01T10:00:00Z");
const owed = (id: number, dueOnIso: string, overdue = false, state = "sent", duePence = 100) => ({ id, dueOnIso, standing: { state, duePence, overdue } as never });
const visit = (id: number, startAt: string, endAt: string, cancelled = false) => ({ id, startAt, endAt, cancelled });

describe("what the customer must do now", () => {
  it("is nothing when nothing is owed, open or to come", () => {
    const page = {
      invoices: [owed(1, "2026-11-01", false, "paid", 0), owed(2, "2026-11-01", false, "void", 0)],
      quotes: [{ id: 1, open: false }],
      visits: [visit(1, "2026-11-30T09:00:00Z", "2026-11-30T11:00:00Z"), visit(2, "2026-12-02T09:00:00Z", "2026-12-02T11:00:00Z", true)],
    };
    expect(whatToDoNow(page, NOW)).toEqual({ invoice: null, quote: null, visit: null });
  });

  it("picks the overdue invoice first, then the one due soonest", () => {
    const invoices = [owed(1, "2026-12-20"), owed(2, "2026-12-10"), owed(3, "2026-11-25", true, "part-paid")];
    expect(whatToDoNow({ invoices, quotes: [], visits: [] }, NOW).invoice?.id).toBe(3);
    expect(whatToDoNow({ invoices: invoices.slice(0, 2), quotes: [], visits: [] }, NOW).invoice?.id).toBe(2);
  });

  it("picks the newest open quote and the soonest visit not yet over, one going on now included", () => {
    const quotes = [{ id: 3, open: false }, { id: 2, open: true }, { id: 1, open: true }];
    const visits = [visit(1, "2026-12-08T09:00:00Z", "2026-12-08T17:00:00Z"), visit(2, "2026-12-01T09:00:00Z", "2026-12-01T11:00:00Z"), visit(3, "2026-12-01T08:00:00Z", "2026-12-01T09:00:00Z")];
    const now = whatToDoNow({ invoices: [], quotes, visits }, NOW);
    expect(now.quote?.id).toBe(2);
    expect(now.visit?.id).toBe(2);
  });
});

describe("Add to calendar's Google link", () => {
  it("fills in the event: its title, UTC times, words and the address on one line", () => {
    const url = new URL(googleCalendarUrl({ title: "Roof survey: Kestrel Roofing", start: new Date("2026-12-08T09:00:00Z"), end: new Date("2026-12-08T11:00:00Z"), details: "Call 07700 900123.", location: "4 Church Road\nHitchin" }));
    expect(`${url.origin}${url.pathname}`).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(url.searchParams)).toEqual({ action: "TEMPLATE", text: "Roof survey: Kestrel Roofing", dates: "20261208T090000Z/20261208T110000Z", details: "Call 07700 900123.", location: "4 Church Road, Hitchin" });
  });
});
