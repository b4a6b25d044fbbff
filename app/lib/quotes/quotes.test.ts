import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { leadById } from "../requests/lead.ts";
import {
  acceptQuote,
  checkQuoteLink,
  createQuote,
  declineQuote,
  expireDue,
  markViewed,
  quoteById,
  quoteNumber,
  quotesExpiringSoon,
  reviseQuote,
  saveDraft,
  sendQuote,
  unsendQuote,
  type QuoteDraft,
} from "./quotes.server.ts";
import { hashToken } from "../links/tokens.server.ts";

let store: LeadStore;
let leadId: number;
const T0 = new Date("2026-11-24T10:00:00Z");
const later = (days: number) => new Date(T0.getTime() + days * 86_400_000);
const draft: QuoteDraft = {
  lines: [
    { description: "Scaffold", quantity: 100, unitPence: 45000 },
    { description: "Ridge tiles", quantity: 1200, unitPence: 1850 },
  ],
  vat: true,
  validUntil: "2026-12-24",
  notes: "",
  guarantees: [],
  followUps: true,
};

beforeEach(() => {
  store = new LeadStore(":memory:");
  leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St", message: "Tiles" }).id;
});
afterEach(() => store.close());

function sentQuote() {
  const quote = createQuote(store, leadId, { actor: "Dave", now: T0 })!;
  expect(saveDraft(store, quote.id, draft)).toBe(true);
  const sent = sendQuote(store, quote.id, { actor: "Dave", now: T0 });
  if ("refused" in sent) throw new Error(sent.refused);
  return sent;
}

it("numbers quotes per year and stores the totals the server worked out", () => {
  const first = createQuote(store, leadId, { actor: "Dave", now: T0 })!;
  const second = createQuote(store, leadId, { actor: "Dave", now: T0 })!;
  const nextYear = createQuote(store, leadId, { actor: "Dave", now: new Date("2027-01-02T10:00:00Z") })!;
  expect([quoteNumber(first), quoteNumber(second), quoteNumber(nextYear)]).toEqual(["Q-2026-0001", "Q-2026-0002", "Q-2027-0001"]);
  expect(first).toMatchObject({ status: "draft", validUntil: "2026-12-24", vat: false });
  saveDraft(store, first.id, draft);
  expect(quoteById(store, first.id)).toMatchObject({ netPence: 67200, vatPence: 13440, totalPence: 80640 });
});

it("sending locks the quote, stores only the link's hash and makes the request Quoted", () => {
  const { token, quote } = sentQuote();
  expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
  expect(store.db.prepare("SELECT token_hash FROM quotes").get()).toEqual({ token_hash: hashToken(token) });
  expect(quote).toMatchObject({ status: "sent", expiresAt: "2026-12-25T00:00:00.000Z" });
  expect(saveDraft(store, quote.id, { ...draft, notes: "changed" }), "a sent quote is never edited").toBe(false);
  expect(sendQuote(store, quote.id, { actor: "Dave" })).toEqual({ refused: "not-draft" });
  expect(leadById(store, leadId)?.status).toBe("quoted");
});

it("an e-mail that never left makes the quote a draft again, without a link", () => {
  const { token, quote } = sentQuote();
  unsendQuote(store, quote.id, "connection refused");
  expect(quoteById(store, quote.id)).toMatchObject({ status: "draft", expiresAt: null });
  expect(checkQuoteLink(store, token, T0).state).toBe("unknown");
});

describe("the customer's link", () => {
  it("is open until the end of the valid-until day, then expired", () => {
    const { token } = sentQuote();
    expect(checkQuoteLink(store, token, new Date("2026-12-24T23:59:59Z")).state).toBe("open");
    expect(checkQuoteLink(store, token, new Date("2026-12-25T00:00:00Z")).state).toBe("expired");
  });

  it("says a forged or unknown token is unknown, the same for both", () => {
    sentQuote();
    expect(checkQuoteLink(store, "x".repeat(43), T0)).toEqual({ state: "unknown" });
    expect(checkQuoteLink(store, "<script>", T0)).toEqual({ state: "unknown" });
  });

  it("says replaced once a revision is sent, and the revision has its own link", () => {
    const { token, quote } = sentQuote();
    const revision = reviseQuote(store, quote.id, { actor: "Dave", now: later(1) })!;
    expect(quoteNumber(revision)).toBe("Q-2026-0001 rev 2");
    expect(reviseQuote(store, quote.id, { actor: "Dave" })?.id, "one revision at a time").toBe(revision.id);
    expect(checkQuoteLink(store, token, later(1)).state, "still open while the revision is a draft").toBe("open");
    const sent = sendQuote(store, revision.id, { actor: "Dave", now: later(1) });
    if ("refused" in sent) throw new Error(sent.refused);
    expect(checkQuoteLink(store, token, later(1)).state).toBe("replaced");
    expect(checkQuoteLink(store, sent.token, later(1)).state).toBe("open");
  });
});

it("the first view is recorded once", () => {
  const { quote } = sentQuote();
  expect(markViewed(store, quote.id, later(1))).toBe(true);
  expect(markViewed(store, quote.id, later(2))).toBe(false);
  expect(quoteById(store, quote.id)).toMatchObject({ status: "viewed", viewedAt: later(1).toISOString() });
});

it("accepting records who, when and where, locks the quote and wins the request; twice changes nothing", () => {
  const { quote } = sentQuote();
  expect(acceptQuote(store, quote.id, { name: "Jane Smith", address: "192.0.2.1", now: later(2) })).toBe(true);
  expect(acceptQuote(store, quote.id, { name: "Someone Else", address: "192.0.2.9", now: later(3) })).toBe(false);
  expect(declineQuote(store, quote.id, { name: "", address: "192.0.2.9", reason: "no", now: later(3) })).toBe(false);
  expect(quoteById(store, quote.id)).toMatchObject({ status: "accepted", answerName: "Jane Smith", answerAddress: "192.0.2.1", answeredAt: later(2).toISOString() });
  expect(leadById(store, leadId)?.status).toBe("won");
  expect(reviseQuote(store, quote.id, { actor: "Dave" }), "an accepted quote is not revised").toBeUndefined();
});

it("declining keeps the reason and loses the request; an expired quote takes no answer", () => {
  const { quote } = sentQuote();
  expect(acceptQuote(store, quote.id, { name: "Jane Smith", address: "192.0.2.1", now: later(31) })).toBe(false);
  expect(declineQuote(store, quote.id, { name: "", address: "192.0.2.1", reason: "Too dear", now: later(2) })).toBe(true);
  expect(quoteById(store, quote.id)).toMatchObject({ status: "declined", declineReason: "Too dear" });
  expect(leadById(store, leadId)?.status).toBe("lost");
});

describe("expiry", () => {
  it("the inbox lists a quote in its last three days; at the end of its valid-until day it becomes Expired, once", () => {
    const { quote } = sentQuote();
    expect(quotesExpiringSoon(store, new Date("2026-12-21T23:59:00Z"))).toEqual([]);
    expect(quotesExpiringSoon(store, new Date("2026-12-22T00:00:00Z")).map((q) => [q.id, q.leadName])).toEqual([[quote.id, "Jane Smith"]]);
    expect(expireDue(store, new Date("2026-12-24T23:59:59Z"))).toBe(0);
    expect(expireDue(store, new Date("2026-12-25T00:00:00Z"))).toBe(1);
    expect(expireDue(store, new Date("2026-12-26T00:00:00Z"))).toBe(0);
    expect(quoteById(store, quote.id)?.status).toBe("expired");
    expect(quotesExpiringSoon(store, new Date("2026-12-24T00:00:00Z"))).toEqual([]);
  });

  it("an answered quote never expires", () => {
    const { quote } = sentQuote();
    acceptQuote(store, quote.id, { name: "Jane Smith", address: "192.0.2.1", now: later(1) });
    expect(expireDue(store, later(60))).toBe(0);
    expect(quoteById(store, quote.id)?.status).toBe("accepted");
  });
});

it("an e-mail refused for a revision gives the earlier one back its state, link and all", () => {
  const { token, quote } = sentQuote();
  markViewed(store, quote.id, later(1));
  const revision = reviseQuote(store, quote.id, { actor: "Dave", now: later(1) })!;
  sendQuote(store, revision.id, { actor: "Dave", now: later(1) });
  expect(quoteById(store, quote.id)?.status).toBe("replaced");
  unsendQuote(store, revision.id, "mailbox full");
  expect(quoteById(store, quote.id)?.status).toBe("viewed");
  expect(quoteById(store, revision.id)?.status).toBe("draft");
  expect(checkQuoteLink(store, token, later(1)).state).toBe("open");
});
