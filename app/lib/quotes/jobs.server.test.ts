/**
 * The quote's and the review request's e-mails are rows of the queue, committed with Send and
 * Job done; their handlers make the PDF and a fresh link from what is stored and send them over
 * real SMTP. Given up after a week of refusals, the send is taken back as when it was refused at once.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { attachmentsOf, headersOf, letterParts, startMailServer } from "../../../tests/support/smtp.ts";
import { JobRunner } from "../jobs/jobs.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { auditOfLead } from "../db/audit.server.ts";
import { createQuote, quoteById, saveDraft, sendQuote, checkQuoteLink } from "./quotes.server.ts";
import { queueReviewRequest, reviewHandlers } from "../reviews/mail.server.ts";
import { checkReviewLink, requestReview, reviewById } from "../reviews/reviews.server.ts";
import { queueQuoteSend } from "./events.server.ts";
import { quoteHandlers } from "./jobs.server.ts";

const T0 = new Date("2026-11-24T10:00:00Z");
const DAY = 86_400_000;
let store: LeadStore;
let server: Awaited<ReturnType<typeof startMailServer>>;
let clock: Date;
let leadId: number;

beforeEach(async () => {
  store = new LeadStore(":memory:");
  clock = T0;
  server = await startMailServer();
  leadId = store.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St", message: "Tiles" }).id;
});
afterEach(async () => {
  await server.close();
  store.close();
});

function runner() {
  const mail = server.mail;
  const business = fileContent.business;
  return new JobRunner(
    store,
    { ...quoteHandlers(store, () => business, "https://www.example.com", () => business.openingHours, mail), ...reviewHandlers(store, () => business, "https://www.example.com", mail) },
    { now: () => clock, retryBaseMs: 30_000, log: () => {} },
  );
}

/** Send, as the owner's action does it: the e-mail's row committed with the send. */
function sentQuote(): number {
  const quote = createQuote(store, leadId, { actor: "Dave", now: T0 })!;
  saveDraft(store, quote.id, { lines: [{ description: "Ridge tiles", quantity: 100, unitPence: 45000 }], vat: false, validUntil: "2027-03-01", notes: "", guarantees: [], followUps: false });
  const sent = sendQuote(store, quote.id, { actor: "Dave", now: T0, alongside: (q, now) => queueQuoteSend(store.db, q.id, now) });
  if ("refused" in sent) throw new Error(sent.refused);
  return quote.id;
}

const linkIn = (raw: string, kind: "q" | "review") => new RegExp(`https://www\\.example\\.com/${kind}/([\\w-]+)`).exec(raw.replace(/=\r?\n/g, ""))![1]!;

it("sends a quote with its PDF, made from the stored quote, and a link that opens it", async () => {
  const id = sentQuote();
  await runner().runDue();
  expect(server.smtp.messages).toHaveLength(1);
  const [pdf] = attachmentsOf(server.smtp.messages[0]!.raw);
  expect(pdf!.filename).toMatch(/^Q-2026-\d{4}\.pdf$/);
  expect(pdf!.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(checkQuoteLink(store, linkIn(server.smtp.messages[0]!.raw, "q"), T0)).toMatchObject({ state: "open", quote: { id } });
  await runner().runDue();
  expect(server.smtp.messages, "sent once").toHaveLength(1);
});

it("sends the quote as a letter: plain text and HTML with the same button, the logo inside the e-mail itself", async () => {
  sentQuote();
  await runner().runDue();
  const { raw } = server.smtp.messages[0]!;
  const { text, html, logo } = letterParts(raw);
  const link = `https://www.example.com/q/${linkIn(raw, "q")}`;
  expect(html).toMatch(/^<!DOCTYPE html>\s*<html lang="en-GB">/);
  expect(html).toContain(`<a href="${link}"`);
  expect(html).toMatch(/>View your quote<\/a>/);
  expect(text).toContain(`View your quote: ${link}`);
  expect(text).toContain("Dear Jane Smith,");
  const cid = /src="cid:([^"]+)"/.exec(html)![1]!;
  expect(logo?.headers.get("content-id")).toBe(`<${cid}>`);
  expect(headersOf(raw).get("subject")).toMatch(/^Your quote Q-2026-\d{4} from Kestrel Roofing$/);
});

it("gives a quote's e-mail up after a week of refusals: the quote is a draft again, its links gone", async () => {
  const id = sentQuote();
  server.refuse("Mailbox full");
  await runner().runDue();
  clock = new Date(T0.getTime() + 6 * DAY);
  await runner().runDue();
  expect(quoteById(store, id)?.status, "still tried within the week").toBe("sent");
  clock = new Date(T0.getTime() + 7 * DAY);
  await runner().runDue();
  expect(quoteById(store, id)).toMatchObject({ status: "draft", expiresAt: null });
  expect(store.db.prepare("SELECT COUNT(*) AS n FROM quote_links").get()).toEqual({ n: 0 });
  expect(auditOfLead(store, leadId).map((a) => a.action)).toContain("refused the quote's e-mail; it is a draft again");
  expect(server.smtp.messages).toHaveLength(0);
});

it("sends a review request with a link of its own, and withdraws it after a week of refusals", async () => {
  store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(leadId);
  const ask = (lead = leadId) => requestReview(store, lead, { actor: "Dave", now: clock, alongside: (review, now) => queueReviewRequest(store.db, review, now) })!.review.id;
  const first = ask();
  await runner().runDue();
  expect(server.smtp.messages).toHaveLength(1);
  expect(checkReviewLink(store, linkIn(server.smtp.messages[0]!.raw, "review"), T0)).toMatchObject({ state: "open", review: { id: first } });

  server.refuse("Mailbox full");
  // Each job is asked once: the refused one is another won job's.
  const otherLead = store.add({ form: "quote", page: "/", name: "John Smith", email: "john@example.org", phone: "07700 900001", location: "2 High St", message: "Gutter" }).id;
  store.db.prepare("UPDATE leads SET status = 'won' WHERE id = ?").run(otherLead);
  const second = ask(otherLead);
  await runner().runDue();
  expect(reviewById(store, second)?.status).toBe("requested");
  clock = new Date(T0.getTime() + 7 * DAY);
  await runner().runDue();
  expect(reviewById(store, second)).toBeUndefined();
  expect(auditOfLead(store, otherLead).map((a) => a.action)).toContain("refused the review request's e-mail; it was not sent");
});
