import { recordPhotoConsent } from "../photos/customer-photos.server.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { enqueue } from "../jobs/jobs.server.ts";
import { LeadStore } from "./leads.server.ts";
import { ERASES } from "./erase.server.ts";
import { deleteLead, addNote, setStatus } from "./inbox.server.ts";
import { addQuoteLink, createQuote, declineQuote, saveDraft, sendQuote, type QuoteDraft } from "../quotes/quotes.server.ts";
import { requestReview, submitReview } from "../reviews/reviews.server.ts";
import { bookVisits, cancelBeforeErase } from "../visits/book.server.ts";
import { visitHandlers } from "../visits/jobs.server.ts";
import { JobRunner } from "../jobs/jobs.server.ts";
import { fileContent } from "../../content/index.ts";

const T0 = new Date("2026-11-24T10:00:00Z");
const hours = fileContent.business.openingHours;
const draft: QuoteDraft = { lines: [{ description: "Ridge tiles", quantity: 100, unitPence: 1850 }], vat: false, validUntil: "2026-12-24", notes: "", guarantees: [], followUps: true };

let store: LeadStore;
beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

/** A request with one of everything that belongs to it: a note, a declined quote with a further link, a review, and queued work naming it. */
function requestWithEverything(name: string, createdAt: Date): number {
  const id = store.add({ form: "quote", page: "/", name, email: `${name.split(" ")[0]!.toLowerCase()}@example.org`, phone: "07700 900000", location: "1 High St", message: `The words of ${name}` }, { notify: false, now: createdAt }).id;
  addNote(store, id, `Rang ${name}`, "Dave");
  recordPhotoConsent(store, id, "yes", createdAt);
  const quote = createQuote(store, id, { actor: "Dave", now: T0 })!;
  saveDraft(store, quote.id, draft);
  sendQuote(store, quote.id, { actor: "Dave", now: T0 });
  addQuoteLink(store, quote.id, T0);
  declineQuote(store, quote.id, { name: "", address: "", reason: `Too dear for ${name}`, now: T0 });
  setStatus(store, id, "won", "Dave");
  const review = requestReview(store, id, { actor: "Dave", now: T0 })!;
  submitReview(store, review.review.id, { stars: 5, text: "Tidy work", displayName: name, consent: true, now: T0 });
  // A visit booked two days on: its invitation and its reminder queued, and the day's morning push.
  bookVisits(store, id, { kind: "survey", days: [{ start: new Date("2026-11-26T09:00:00Z"), end: new Date("2026-11-26T11:00:00Z") }], notes: `Ladder for ${name}` }, { actor: "Dave", hours, mail: true, now: T0 });
  enqueue(store.db, { kind: "ack", payload: { leadId: id }, runAt: T0, now: T0 });
  enqueue(store.db, { kind: "push", payload: { subscriptionId: 1, title: "New quote request", body: name, url: `/admin/requests/${id}`, tag: `request-${id}` }, runAt: T0, now: T0 });
  enqueue(store.db, { kind: "quote-notice", payload: { quoteId: quote.id, event: "declined" }, runAt: T0, now: T0 });
  return id;
}

/** Queued work, without the morning pushes: one a day, naming no one, reading the day's visits when it goes. */
const jobCount = () => store.db.prepare("SELECT count(*) AS n FROM jobs WHERE kind <> 'visit-morning'").get();

/** Every row anywhere that still holds something of `name`, or that belongs to request `id`. */
function traces(id: number, name: string): string[] {
  const found: string[] = [];
  const tables = (store.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'leads_search%'").all() as { name: string }[]).map((t) => t.name);
  for (const table of tables) {
    for (const row of store.db.prepare(`SELECT * FROM ${table}`).all()) {
      const text = JSON.stringify(row);
      const own = "lead_id" in row && row.lead_id === id && table !== "audit";
      if (text.includes(name) || text.includes(name.split(" ")[0]!.toLowerCase()) || own) found.push(`${table}: ${text.slice(0, 120)}`);
    }
  }
  return found;
}

/** The queued work that names request `id` (each request here has the quote of the same number). */
const jobsOf = (id: number) =>
  (store.db.prepare("SELECT kind, payload FROM jobs ORDER BY id").all() as { kind: string; payload: string }[]).filter((job) => new RegExp(`"(leadId|quoteId)":${id}\\b|request-${id}"`).test(job.payload));

describe("erasing a request", () => {
  it("lists each kind of record it removes once", () => {
    expect(ERASES.map((e) => e.sql.match(/^(?:DELETE FROM|UPDATE) (\w+)/)![1])).toEqual(["jobs", "invoices", "lead_photos", "job_photos", "survey_reports", "photo_consents", "lead_notes", "quote_links", "rearrange_requests", "visits", "reviews", "survey_booking_tokens", "customer_page_links", "audit", "quote_reports", "quotes", "leads"]);
  });

  it("Delete leaves nothing of it anywhere, the audit only that it was deleted, and every other request whole", () => {
    const erased = requestWithEverything("Zed Erasable", T0);
    const kept = requestWithEverything("Kay Keepme", T0);
    const tablesWithTraces = new Set(traces(erased, "Zed Erasable").map((t) => t.split(":")[0]));
    expect([...tablesWithTraces].sort(), "what there was to erase").toEqual(["audit", "customer_page_links", "jobs", "lead_notes", "leads", "photo_consents", "quotes", "reviews", "visits"]);
    expect(store.db.prepare("SELECT count(*) AS n FROM quote_links").get()).toEqual({ n: 2 });
    const before = traces(kept, "Kay Keepme");
    const keptJobs = jobsOf(kept);
    expect(jobsOf(erased).length).toBeGreaterThanOrEqual(7);

    expect(deleteLead(store, erased, "Dave")).toBe(true);
    expect(traces(erased, "Zed Erasable")).toEqual([]);
    expect(store.db.prepare("SELECT count(*) AS n FROM quote_links").get(), "the other request's link stays").toEqual({ n: 1 });
    expect(jobsOf(kept), "the other request's work stays").toEqual(keptJobs);
    expect(jobCount(), "and nothing else").toEqual({ n: keptJobs.length });
    expect(store.db.prepare("SELECT action, detail FROM audit WHERE lead_id = ? AND detail <> ''").all(erased)).toEqual([{ action: "deleted the request", detail: `request ${erased}` }]);
    expect(traces(kept, "Kay Keepme")).toEqual(before);
  });

});

describe("forgetting a request's customer, 24 months after the last contact", () => {
  const plain = (name: string, at: Date) => store.add({ form: "contact", page: "/areas/roofers-in-hitchin/", name, email: `${name.split(" ")[0]!.toLowerCase()}@example.org`, phone: "07700 900111", location: "SG5 1AA", message: `The words of ${name}` }, { notify: false, now: at }).id;
  const kept = (id: number) => store.db.prepare("SELECT created_at, page, form, status FROM leads WHERE id = ?").get(id);

  it("takes every trace of the customer, keeps the date, page, status and amounts, and counts from the last contact", () => {
    const quiet = plain("Olive Oldone", new Date("2024-01-01T00:00:00Z"));
    const quoted = requestWithEverything("Quentin Quoted", new Date("2024-01-01T00:00:00Z"));
    const recent = plain("Rita Recent", new Date("2026-11-28T09:00:00Z"));
    const before = { quiet: kept(quiet), quoted: kept(quoted), recent: traces(recent, "Rita Recent") };
    const audit: number[] = [];
    expect(store.forgetBefore("2025-01-01", (n) => audit.push(n)), "the quote sent in 2026 is a later contact").toBe(1);
    expect(audit).toEqual([1]);
    expect(traces(quiet, "Olive Oldone")).toEqual([]);
    expect(kept(quiet), "the date, page, form and status stay").toEqual(before.quiet);
    expect(store.db.prepare("SELECT erased_at IS NOT NULL AS erased FROM leads WHERE id = ?").get(quiet)).toEqual({ erased: 1 });
    expect(store.db.prepare("SELECT rowid FROM leads_search WHERE rowid = ?").get(quiet), "no longer found by a search").toBeUndefined();

    // Its visit on 26 November is its last contact.
    expect(store.forgetBefore("2026-11-26")).toBe(0);
    expect(store.forgetBefore("2026-11-27")).toBe(1);
    // Its quote stays for the figures, and says nothing of the customer.
    expect(traces(quoted, "Quentin Quoted").filter((trace) => !trace.startsWith("quotes:"))).toEqual([]);
    expect(JSON.stringify(store.db.prepare("SELECT * FROM quotes WHERE lead_id = ?").all(quoted))).not.toMatch(/quentin/i);
    expect(kept(quoted)).toEqual(before.quoted);
    expect(store.db.prepare("SELECT total_pence AS total, token_hash AS token FROM quotes WHERE lead_id = ?").get(quoted), "the amounts stay, the link goes").toEqual({ total: 1850, token: null });
    expect(traces(recent, "Rita Recent"), "the request in touch since stays whole").toEqual(before.recent);
    expect(store.forgetBefore("2026-11-27"), "once forgotten, never again").toBe(0);
  });

  it("Delete first queues the cancellation of each visit to come, which forgets the customer once it has gone", async () => {
    const erased = requestWithEverything("Vera Visited", T0);
    expect(deleteLead(store, erased, "Dave", () => cancelBeforeErase(store, erased, { mail: true, now: T0 }))).toBe(true);
    const cancellations = store.db.prepare("SELECT payload FROM jobs WHERE kind = 'visit-mail'").all() as { payload: string }[];
    expect(cancellations.map((job) => JSON.parse(job.payload) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ news: "cancelled", sequence: 1, customer: { name: "Vera Visited", email: "vera@example.org", location: "1 High St" } }),
    ]);
    expect(cancellations[0]!.payload, "no request to point to").not.toContain("leadId");
    // Sent (here: nothing set up to send it), the job keeps nothing of her.
    await new JobRunner(store, visitHandlers(store, () => fileContent.business, "https://www.example.com", () => hours, undefined), { now: () => T0, log: () => {} }).runDue();
    expect(traces(erased, "Vera Visited")).toEqual([]);
  });
});
