/**
 * What a customer does on a job reaches the owner by push and by e-mail, each exactly once, through
 * the one queue (issue 35 §1): an accepted quote, an Ask to rearrange and a new review. The e-mails
 * go through a real SMTP server on loopback, the pushes through a real push service that checks
 * the VAPID signature and decrypts each one. The queue runs again and again; nothing goes twice.
 * The job's card carries a chip for each until the owner opens the request.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { JobRunner } from "~/lib/jobs/jobs.server.ts";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { addPasskey } from "~/lib/owner/passkeys.server.ts";
import { addSubscription, pushHandler, vapidKeys } from "~/lib/jobs/push.server.ts";
import { acceptQuote, createQuote, saveDraft, sendQuote } from "~/lib/quotes/quotes.server.ts";
import { quoteHandlers } from "~/lib/quotes/jobs.server.ts";
import { askToRearrange, rearrangeHandler } from "~/lib/visits/rearrange.server.ts";
import { requestReview, submitReview } from "~/lib/reviews/reviews.server.ts";
import { reviewHandlers } from "~/lib/reviews/mail.server.ts";
import { askedSinceSeen, markSeen } from "~/lib/requests/seen.server.ts";
import { startMailServer, subjectOf, type ReceivedMail } from "../support/smtp.ts";
import { startPushReceiver, type PushReceiver } from "../support/push-receiver.ts";

const business = fileContent.business;
const SITE = "https://kestrel.example";

let receiver: PushReceiver;
let mailServer: Awaited<ReturnType<typeof startMailServer>>;
let dir: string;
let store: LeadStore;
let clock: Date;
let runner: JobRunner;

beforeAll(async () => {
  receiver = await startPushReceiver();
  mailServer = await startMailServer();
});
afterAll(async () => {
  receiver.close();
  await mailServer.close();
});

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "job-news-"));
  store = new LeadStore(path.join(dir, "leads.sqlite"));
  // Tuesday 24 November 2026, 10:00 in Stevenage: the office is open.
  clock = new Date("2026-11-24T10:00:00Z");
  const keys = vapidKeys(store.db, {});
  const mail = mailServer.mail;
  runner = new JobRunner(
    store,
    {
      ...pushHandler(store, { keys, subject: `mailto:${business.email}`, agent: new Agent({ ca: receiver.caPem }) }),
      ...quoteHandlers(store, () => business, SITE, () => business.openingHours, mail),
      ...rearrangeHandler(store, () => business, SITE, mail),
      ...reviewHandlers(store, () => business, SITE, mail),
    },
    { now: () => clock, retryBaseMs: 60_000, log: () => {} },
  );
  const passkeyId = addPasskey(store, { credentialId: "phone", publicKey: new Uint8Array([1]), counter: 0, name: "Phone" }).id;
  addSubscription(store, passkeyId, receiver.subscribe("phone"), "phone device", clock);
  receiver.setResponse(null);
  receiver.received.length = 0;
  mailServer.smtp.messages.length = 0;
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const pushTitles = () => receiver.received.filter((push) => push.status === 201).map((push) => (JSON.parse(push.payload!) as { title: string }).title);
const toOwner = () => mailServer.smtp.messages.filter((message: ReceivedMail) => message.to.includes("office@example.com")).map((message) => subjectOf(message.raw));

/** Runs the queue three times over, as the server's passes would. */
async function drain() {
  for (let i = 0; i < 3; i++) await runner.runDue();
}

it("an accepted quote, an Ask to rearrange and a new review each reach the owner once by push and once by e-mail", async () => {
  const lead = store.add({ form: "quote", page: "/", name: "Sarah Jane Morgan", email: "sarah@example.org", phone: "07700 900123", location: "12 Bancroft, Hitchin", message: "Slipped tiles" }, { notify: false, now: clock });
  const quote = createQuote(store, lead.id, { actor: "Phone", now: clock })!;
  saveDraft(store, quote.id, { lines: [{ description: "Re-fix slipped tiles", quantity: 100, unitPence: 182_400 }], vat: false, validUntil: "2026-12-24", notes: "", guarantees: [], followUps: false });
  sendQuote(store, quote.id, { actor: "Phone", now: clock });
  await drain();
  receiver.received.length = 0;
  mailServer.smtp.messages.length = 0;

  expect(acceptQuote(store, quote.id, { name: "Sarah Jane Morgan", address: "12 Bancroft, Hitchin", now: clock })).toBe(true);
  expect(leadById(store, lead.id)!.status, "an accepted quote makes the job Won at once").toBe("won");
  await drain();
  expect(pushTitles().filter((title) => title.includes("accepted"))).toHaveLength(1);
  expect(toOwner().filter((subject) => /accepted/i.test(subject))).toHaveLength(1);
  expect(askedSinceSeen(store, [lead.id]).get(lead.id)).toEqual(["accepted"]);

  const visit = store.db
    .prepare("INSERT INTO visits (lead_id, kind, start_at, end_at, uid, told, created_at, changed_at) VALUES (?, 'job-day', '2026-12-08T08:00:00Z', '2026-12-08T16:00:00Z', 'job-1', 'e-mail', ?, ?)")
    .run(lead.id, clock.toISOString(), clock.toISOString()).lastInsertRowid;
  expect(askToRearrange(store, lead.id, Number(visit), "My daughter is visiting that week.", clock)).toEqual({ ok: true });
  await drain();
  expect(pushTitles().filter((title) => title === "Asked to rearrange a visit")).toHaveLength(1);
  expect(toOwner().filter((subject) => subject.includes("asks to rearrange a visit"))).toHaveLength(1);

  const asked = requestReview(store, lead.id, { actor: "Phone", now: clock })!;
  const answer = { stars: 5, text: "Tidy and on time.", displayName: "Sarah M.", consent: true, now: clock };
  expect(submitReview(store, asked.review.id, answer)).toBe(true);
  expect(submitReview(store, asked.review.id, answer), "a review is written once").toBe(false);
  await drain();
  expect(pushTitles().filter((title) => title === "New review")).toHaveLength(1);
  expect(toOwner().filter((subject) => subject.includes("left a 5-star review"))).toEqual(["K-1001: Sarah Jane Morgan left a 5-star review"]);

  expect(askedSinceSeen(store, [lead.id]).get(lead.id), "each shows as a chip on the job's card").toEqual(["rearrange", "review", "accepted"]);
  markSeen(store, lead.id, new Date(clock.getTime() + 1000));
  expect(askedSinceSeen(store, [lead.id]).get(lead.id), "until the owner opens the job").toBeUndefined();
});
