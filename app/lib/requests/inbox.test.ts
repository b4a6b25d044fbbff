import { afterEach, beforeEach, expect, it } from "vitest";
import { JobRunner } from "../jobs/jobs.server.ts";
import { LeadStore } from "./leads.server.ts";
import { leadById, type NewLead } from "./lead.ts";
import { fileContent } from "../../content/index.ts";
import { ownerMailHandler } from "./notify.server.ts";
import { auditOfLead } from "../db/audit.server.ts";
import { responseByMonth, sourcesReport } from "../insights/sources.server.ts";
import { createQuote, saveDraft, sendQuote } from "../quotes/quotes.server.ts";
import { addNote, deleteLead, filterQuery, headline, inboxPage, notesOf, PAGE_SIZE, parseFilter, recordAnswer, retryEmail, setStatus, statusCounts, wonLeads } from "./inbox.server.ts";
import { askedSinceSeen, markSeen } from "./seen.server.ts";
import { startOfUkDay } from "../time/uk-time.ts";

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
  expect(["open", "closed", "all"].map((status) => parseFilter(new URLSearchParams({ status })).status), "the inbox's own views").toEqual(["open", "closed", "all"]);
});

it("puts what needs doing first: New, then Contacted, then Quoted, each oldest on top; closed and spam newest first", () => {
  // Requests sent a minute apart, in this order, then moved to their status.
  const sent = ["quoted", "new", "won", "contacted", "new", "lost", "spam", "quoted", "contacted", "won"] as const;
  sent.forEach((status, i) => {
    const { id } = store.add(lead({ name: `${status} ${i}` }), { notify: false, now: new Date(Date.UTC(2026, 2, 29, 0, 30 + i)) });
    setStatus(store, id, status, "Phone", new Date(Date.UTC(2026, 2, 29, 2)));
  });
  const names = (status: Parameters<typeof inboxPage>[1]["status"]) => inboxPage(store, { status }).leads.map((l) => l.name);
  expect(names("open")).toEqual(["new 1", "new 4", "contacted 3", "contacted 8", "quoted 0", "quoted 7"]);
  expect(names("closed"), "Lost and Spam, the newest first: a Won job is in Jobs until it is Paid").toEqual(["spam 6", "lost 5"]);
  expect(names("jobs"), "the Won ones; the page sorts them by their money and visits").toEqual(["won 9", "won 2"]);
  expect(names("spam")).toEqual(["spam 6"]);
  expect(names("all"), "a search sees every status, in the same order").toEqual([...names("open"), "won 9", "spam 6", "lost 5", "won 2"]);
  expect(statusCounts(store, { status: "open" }), "the counts of every status, whichever is shown").toEqual({ new: 2, contacted: 2, quoted: 2, won: 2, lost: 1, spam: 1 });
  expect(statusCounts(store, { q: "won" }), "under the same search").toMatchObject({ new: 0, won: 2, lost: 0 });
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

it("lists open requests oldest first in pages of 50", () => {
  for (let i = 0; i < PAGE_SIZE + 3; i++) store.add(lead({ name: `Person ${i}` }), { notify: false, now: new Date(Date.UTC(2026, 0, 1, 0, i)) });
  const first = inboxPage(store, {}, 1);
  expect(first).toMatchObject({ total: PAGE_SIZE + 3, pageCount: 2, page: 1 });
  expect(first.leads).toHaveLength(PAGE_SIZE);
  expect(first.leads[0]!.name).toBe("Person 0");
  expect(inboxPage(store, {}, 2).leads.map((l) => l.name)).toEqual([`Person ${PAGE_SIZE}`, `Person ${PAGE_SIZE + 1}`, `Person ${PAGE_SIZE + 2}`]);
  expect(inboxPage(store, {}, 99).page, "past the end shows the last page").toBe(2);
});

it("counts new today (from midnight in London), new in all, and unsent e-mails", () => {
  const now = new Date("2026-07-10T12:00:00Z");
  expect(startOfUkDay(now).toISOString()).toBe("2026-07-09T23:00:00.000Z");
  store.add(lead(), { notify: true, now: new Date("2026-07-09T23:30:00Z") });
  store.add(lead(), { notify: false, now: new Date("2026-07-09T22:30:00Z") });
  const won = store.add(lead(), { notify: false, now: new Date("2026-07-10T08:00:00Z") });
  setStatus(store, won.id, "won", "Phone");
  expect(headline(store, now)).toMatchObject({ newToday: 1, newTotal: 2, unsent: 1 });
});

it("the headline counts the requests waiting for a first answer and the oldest, and who is told", () => {
  const now = new Date("2026-07-10T12:00:00Z");
  expect(headline(store, now, { mail: false })).toMatchObject({ waiting: 0, oldestWaitingAt: null, mail: false, devices: 0 });
  const old = store.add(lead(), { notify: false, now: new Date("2026-07-10T07:00:00Z") });
  store.add(lead(), { notify: false, now: new Date("2026-07-10T09:00:00Z") });
  const called = store.add(lead(), { notify: false, now: new Date("2026-07-10T06:00:00Z") });
  const contacted = store.add(lead(), { notify: false, now: new Date("2026-07-10T05:00:00Z") });
  recordAnswer(store, called.id, "call", "Phone", now);
  setStatus(store, contacted.id, "contacted", "Phone", now);
  // The call moved its request to Contacted: New holds the two waiting.
  expect(headline(store, now, { mail: true })).toMatchObject({ waiting: 2, oldestWaitingAt: old.createdAt, newTotal: 2, mail: true, devices: 0 });
  store.db.prepare("INSERT INTO push_subscriptions (passkey_id, endpoint, p256dh, auth, device, created_at) VALUES (1, 'https://push.example/1', 'k', 'a', 'Chrome on Android', ?)").run(now.toISOString());
  expect(headline(store, now, { mail: false }).devices).toBe(1);
});

it("the first time the status leaves New is the first answer, kept through later changes and taps", () => {
  const id = store.add(lead(), { notify: false, now: new Date("2026-07-10T09:50:00Z") }).id;
  const first = new Date("2026-07-10T10:32:00Z");
  setStatus(store, id, "new", "Phone", first);
  expect(leadById(store, id), "staying New is no answer").toMatchObject({ firstAnswerAt: null, firstAnswerBy: null });
  setStatus(store, id, "contacted", "Phone", first);
  expect(leadById(store, id)).toMatchObject({ firstAnswerAt: first.toISOString(), firstAnswerBy: "status" });
  setStatus(store, id, "new", "Phone", new Date("2026-07-10T11:00:00Z"));
  setStatus(store, id, "won", "Phone", new Date("2026-07-10T12:00:00Z"));
  expect(recordAnswer(store, id, "call", "Phone", new Date("2026-07-10T13:00:00Z"))).toBe("kept");
  expect(leadById(store, id)).toMatchObject({ firstAnswerAt: first.toISOString(), firstAnswerBy: "status" });
  expect(auditOfLead(store, id).map((a) => a.action)).not.toContain("answered by phone");
});

it("a tap on Call, E-mail or WhatsApp is the first answer once, audited once; a status change after it keeps it", () => {
  const id = store.add(lead(), { notify: false, now: new Date("2026-07-10T09:50:00Z") }).id;
  const tap = new Date("2026-07-10T10:00:00Z");
  expect(recordAnswer(store, id, "whatsapp", "Phone", tap)).toBe("recorded");
  expect(recordAnswer(store, id, "call", "Phone", new Date("2026-07-10T10:05:00Z"))).toBe("kept");
  setStatus(store, id, "contacted", "Phone", new Date("2026-07-10T10:10:00Z"));
  expect(leadById(store, id)).toMatchObject({ firstAnswerAt: tap.toISOString(), firstAnswerBy: "whatsapp" });
  expect(auditOfLead(store, id).map((a) => a.action)).toEqual(["changed the status", "answered on WhatsApp"]);
  expect(recordAnswer(store, 999, "call", "Phone")).toBe("missing");
});

it("a first answer by phone, e-mail or WhatsApp moves New to Contacted, and leaves a later status alone", () => {
  const fresh = store.add(lead(), { notify: false }).id;
  recordAnswer(store, fresh, "email", "Phone");
  expect(leadById(store, fresh)!.status).toBe("contacted");
  const won = store.add(lead(), { notify: false }).id;
  setStatus(store, won, "won", "Phone");
  store.db.prepare("UPDATE leads SET first_answer_at = NULL WHERE id = ?").run(won);
  recordAnswer(store, won, "call", "Phone");
  expect(leadById(store, won)!.status).toBe("won");
});

it("a status changed through a quote is a first answer too", () => {
  const id = store.add(lead()).id;
  const quote = createQuote(store, id, { actor: "Phone" })!;
  saveDraft(store, quote.id, { lines: [{ description: "Ridge", quantity: 100, unitPence: 10000 }], vat: false, validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10), notes: "", guarantees: [], followUps: false });
  expect(sendQuote(store, quote.id, { actor: "Phone" })).not.toHaveProperty("refused");
  expect(leadById(store, id)).toMatchObject({ status: "quoted", firstAnswerBy: "status" });
  expect(leadById(store, id)!.firstAnswerAt).not.toBeNull();
});

it("the owner's search finds a request by its reference", () => {
  for (let i = 0; i < 45; i++) store.add(lead({ name: `Person ${i}` }));
  const ids = (q: string) => inboxPage(store, { ...parseFilter(new URLSearchParams({ q })) }).leads.map((l) => l.id);
  expect(ids("K-1042")).toEqual([42]);
  expect(ids(" k-1042 ")).toEqual([42]);
  expect(ids("K-1999")).toEqual([]);
  expect(inboxPage(store, { q: "K-1042" }).leads[0]).toMatchObject({ name: "Person 41", photos: 0 });
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

it("the response figures: median time to a first answer, shares within an hour and a day, and won rates, spam left out", () => {
  const MIN = 60_000;
  const add = (arrived: string, answerAfterMin: number | null, status: "new" | "won" | "lost" | "spam" | "contacted" = "new") => {
    const id = store.add(lead(), { notify: false, now: new Date(arrived) }).id;
    if (answerAfterMin !== null) recordAnswer(store, id, "call", "Phone", new Date(Date.parse(arrived) + answerAfterMin * MIN));
    if (status !== "new") setStatus(store, id, status, "Phone", new Date(Date.parse(arrived) + 3 * 86_400_000));
    return id;
  };
  // October: 6 requests that count (and one spam): answered after 10, 30, 72 and 180 min, after 2 days, and never.
  add("2026-10-01T09:00:00Z", 10, "won");
  add("2026-10-02T09:00:00Z", 30, "lost");
  add("2026-10-03T09:00:00Z", 72, "won");
  add("2026-10-04T09:00:00Z", 180, "lost");
  add("2026-10-05T09:00:00Z", 2 * 24 * 60, "lost");
  add("2026-10-06T09:00:00Z", null);
  add("2026-10-07T09:00:00Z", 1, "spam");
  // November: one request, not answered.
  add("2026-11-02T09:00:00Z", null);
  const report = responseByMonth(store, ["2026-11", "2026-10", "2026-09"]);
  expect(report.get("2026-10")).toEqual({ requests: 6, medianMs: 72 * MIN, withinHour: 2 / 6, withinDay: 4 / 6, wonFast: 1 / 2, wonLate: 1 / 3 });
  expect(report.get("2026-11")).toEqual({ requests: 1, medianMs: null, withinHour: 0, withinDay: 0, wonFast: null, wonLate: null });
  expect(report.get("2026-09")).toEqual({ requests: 0, medianMs: null, withinHour: null, withinDay: null, wonFast: null, wonLate: null });
  add("2026-10-08T09:00:00Z", 100);
  expect(report.size).toBe(3);
  expect(responseByMonth(store, ["2026-10"]).get("2026-10")!.medianMs, "an even count takes the middle two's mean").toBe(((72 + 100) / 2) * MIN);
});

/** The requests whose e-mail is due now, as the queue holds them. */
const due = () => new JobRunner(store, {}).due(new Date(), 100).filter((job) => job.kind === "owner-mail").map((job) => Number(job.payload.leadId));
/** One try of each due request's e-mail, refused by the mail server: the next is an hour on. */
const markFailed = () =>
  new JobRunner(store, { "owner-mail": () => Promise.reject(new Error("connection refused")), "owner-mail:failed": ownerMailHandler(store, () => fileContent.business, "https://www.example.com", undefined)["owner-mail:failed"]! }, { retryBaseMs: 3_600_000, log: () => {} }).runDue();
const markSent = (id: number) => store.db.prepare("UPDATE leads SET delivery = 'sent' WHERE id = ?").run(id);

it("Send e-mail again brings an unsent request's next try forward, and only for an unsent one", async () => {
  const unsent = store.add(lead(), { notify: true, now: new Date("2026-11-01T10:00:00Z") });
  await markFailed();
  expect(due()).toEqual([]);
  expect(retryEmail(store, unsent.id, "Dave's phone")).toBe(true);
  expect(due()).toEqual([unsent.id]);
  expect(auditOfLead(store, unsent.id).map((a) => a.action)).toEqual(["asked for the e-mail to be sent again"]);
  const sent = store.add(lead(), { notify: true });
  markSent(sent.id);
  expect(retryEmail(store, sent.id, "Dave's phone")).toBe(false);
});

it("what the customer did since the owner last opened the request shows until he opens it again", () => {
  const id = store.add(lead(), { notify: false, now: new Date("2026-07-10T09:00:00Z") }).id;
  setStatus(store, id, "won", "Phone");
  expect(wonLeads(store).map((l) => l.id)).toEqual([id]);
  markSeen(store, id, new Date("2026-07-10T10:00:00Z"));
  const visit = store.db
    .prepare("INSERT INTO visits (lead_id, kind, start_at, end_at, uid, told, created_at, changed_at) VALUES (?, 'job-day', '2026-07-20T07:00:00Z', '2026-07-20T15:00:00Z', 'u1', 'e-mail', '2026-07-10T09:00:00Z', '2026-07-10T09:00:00Z')")
    .run(id).lastInsertRowid;
  store.db.prepare("INSERT INTO rearrange_requests (visit_id, lead_id, asked_at, words) VALUES (?, ?, '2026-07-10T09:30:00Z', 'before')").run(visit, id);
  expect(askedSinceSeen(store, [id]).get(id), "asked before he looked").toBeUndefined();
  store.db.prepare("INSERT INTO rearrange_requests (visit_id, lead_id, asked_at, words) VALUES (?, ?, '2026-07-10T11:00:00Z', 'after')").run(visit, id);
  expect(askedSinceSeen(store, [id]).get(id)).toEqual(["rearrange"]);
  markSeen(store, id, new Date("2026-07-10T12:00:00Z"));
  expect(askedSinceSeen(store, [id]).get(id)).toBeUndefined();
});
