import { afterEach, beforeEach, expect, it } from "vitest";
import { LeadStore, type NewLead } from "../leads.server.ts";
import { auditOfLead } from "./audit.server.ts";
import { sourcesReport } from "./sources.server.ts";
import { addNote, deleteLead, filterQuery, headline, inboxPage, leadById, notesOf, PAGE_SIZE, parseFilter, retryEmail, setStatus, startOfUkDay } from "./inbox.server.ts";

let store: LeadStore;
const lead = (fields: Partial<NewLead> = {}): NewLead => ({
  form: "quote", page: "/", name: "Jane Roofless", email: "jane@example.org", phone: "07700 900999", location: "SG1 2AB", message: "Two slipped tiles.", ...fields,
});

beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

it("a filter comes from the query string; anything unknown is ignored", () => {
  expect(parseFilter(new URLSearchParams("status=won&form=contact&q=%20jane%20&page=3&unsent=1"))).toEqual({ status: "won", form: "contact", q: "jane", unsent: true, page: 3 });
  expect(parseFilter(new URLSearchParams("q=%25%25")).q, "% is no wildcard").toBeUndefined();
  expect(parseFilter(new URLSearchParams("status=bogus&form=x&page=-2"))).toEqual({ status: undefined, form: undefined, q: undefined, unsent: undefined, page: 1 });
  expect(filterQuery({ status: "new", q: "a b" })).toBe("status=new&q=a+b");
});

it("searches name, e-mail, postcode and phone, ignoring case and spaces", () => {
  const jane = store.add(lead()).id;
  const raj = store.add(lead({ name: "Raj Patel", email: "raj@example.org", phone: "01438 765432", location: "SG2 9XY", form: "contact" })).id;
  const ids = (q: string) => inboxPage(store, { q }).leads.map((l) => l.id);
  expect(ids("jane")).toEqual([jane]);
  expect(ids("RAJ@EXAMPLE")).toEqual([raj]);
  expect(ids("sg29xy")).toEqual([raj]);
  expect(ids("sg2 9xy")).toEqual([raj]);
  expect(ids("01438765432")).toEqual([raj]);
  expect(ids("900 999")).toEqual([jane]);
  expect(ids("nobody")).toEqual([]);
  expect(inboxPage(store, { form: "contact" }).leads.map((l) => l.id)).toEqual([raj]);
});

it("lists newest first in pages of 50", () => {
  for (let i = 0; i < PAGE_SIZE + 3; i++) store.add(lead({ name: `Person ${i}` }), { notify: false, now: new Date(Date.UTC(2026, 0, 1, 0, i)) });
  const first = inboxPage(store, {}, 1);
  expect(first).toMatchObject({ total: PAGE_SIZE + 3, pageCount: 2, page: 1 });
  expect(first.leads).toHaveLength(PAGE_SIZE);
  expect(first.leads[0]!.name).toBe(`Person ${PAGE_SIZE + 2}`);
  expect(inboxPage(store, {}, 2).leads.map((l) => l.name)).toEqual(["Person 2", "Person 1", "Person 0"]);
  expect(inboxPage(store, {}, 99).page, "past the end shows the last page").toBe(2);
});

it("counts new today (from midnight in London), new in all, and unsent e-mails", () => {
  const now = new Date("2026-07-10T12:00:00Z");
  expect(startOfUkDay(now).toISOString()).toBe("2026-07-09T23:00:00.000Z");
  store.add(lead(), { notify: true, now: new Date("2026-07-09T23:30:00Z") });
  store.add(lead(), { notify: false, now: new Date("2026-07-09T22:30:00Z") });
  const won = store.add(lead(), { notify: false, now: new Date("2026-07-10T08:00:00Z") });
  setStatus(store, won.id, "won", "Phone");
  expect(headline(store, now)).toEqual({ newToday: 1, newTotal: 2, unsent: 1 });
});

it("status changes and notes are audited with who and when; deleting forgets the request and its notes", () => {
  const id = store.add(lead()).id;
  expect(setStatus(store, id, "contacted", "Dave's phone")).toBe(true);
  expect(addNote(store, id, "Called back", "Dave's phone")).toBe(true);
  expect(notesOf(store, id).map((n) => [n.author, n.body])).toEqual([["Dave's phone", "Called back"]]);
  expect(auditOfLead(store, id).map((a) => [a.actor, a.action, a.detail])).toEqual([
    ["Dave's phone", "added a note", ""],
    ["Dave's phone", "changed the status", "New → Contacted"],
  ]);
  expect(setStatus(store, 999, "won", "x")).toBe(false);
  expect(deleteLead(store, id, "Dave's phone")).toBe(true);
  expect(leadById(store, id)).toBeUndefined();
  expect(notesOf(store, id)).toEqual([]);
  const trail = JSON.stringify(auditOfLead(store, id));
  expect(trail).toContain("deleted the request");
  expect(trail, "the audit keeps nothing of the visitor").not.toMatch(/Jane|Roofless|07700|jane@|Called back/);
  expect(deleteLead(store, id, "Dave's phone")).toBe(false);
});

it("the sources report counts requests and wins per month and page, through status changes and deletions", () => {
  const at = (iso: string) => ({ notify: false, now: new Date(iso) });
  const a = store.add(lead({ page: "/areas/roofers-in-watford/" }), at("2026-10-03T10:00:00Z")).id;
  store.add(lead({ page: "/areas/roofers-in-watford/" }), at("2026-10-20T10:00:00Z"));
  const c = store.add(lead({ page: "/" }), at("2026-11-01T10:00:00Z")).id;
  store.add(lead({ page: "/roof-repairs-in-stevenage" }), at("2025-01-01T10:00:00Z"));
  setStatus(store, a, "won", "x");
  setStatus(store, a, "won", "x");
  setStatus(store, c, "won", "x");
  setStatus(store, c, "lost", "x");
  const report = sourcesReport(store, 12, new Date("2026-11-15T00:00:00Z"));
  expect(report.map((m) => [m.month, m.requests, m.won])).toEqual([["2026-11", 1, 0], ["2026-10", 2, 1]]);
  expect(report[1]!.groups).toEqual([{ group: "town", name: "Town pages", requests: 2, won: 1, pages: [{ name: "Watford town page", requests: 2, won: 1 }] }]);
  deleteLead(store, a, "x");
  expect(sourcesReport(store, 12, new Date("2026-11-15T00:00:00Z")).map((m) => [m.month, m.requests, m.won])).toEqual([["2026-11", 1, 0], ["2026-10", 1, 0]]);
});

it("Send e-mail again brings an unsent request's next try forward, and only for an unsent one", () => {
  const unsent = store.add(lead(), { notify: true, now: new Date("2026-11-01T10:00:00Z") });
  store.markFailed(unsent.id, "connection refused", new Date(Date.now() + 3_600_000));
  expect(store.due()).toEqual([]);
  expect(retryEmail(store, unsent.id, "Dave's phone")).toBe(true);
  expect(store.due().map((l) => l.id)).toEqual([unsent.id]);
  expect(auditOfLead(store, unsent.id).map((a) => a.action)).toEqual(["asked for the e-mail to be sent again"]);
  const sent = store.add(lead(), { notify: true });
  store.markSent(sent.id);
  expect(retryEmail(store, sent.id, "Dave's phone")).toBe(false);
});
