/**
 * The owner's e-mail of each request, as a row of the queue: its outcome is written on the
 * request (pending, its tries and last error, then sent), and a request an older version left
 * waiting is sent once the queue has it.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { startMailServer } from "../../../tests/support/smtp.ts";
import { JobRunner, pendingJobs } from "../jobs/jobs.server.ts";
import { LeadStore } from "./leads.server.ts";
import type { NewLead } from "./lead.ts";
import { fileContent } from "../../content/index.ts";
import { ownerMailHandler, queueWaitingOwnerMail } from "./notify.server.ts";

const T0 = new Date("2026-11-25T09:00:00Z");
const REQUEST: NewLead = { form: "quote", page: "/", name: "Olive Older", email: "olive@example.org", phone: "07700 900777", location: "2 Bury Lane", message: "Moss on the north slope." };
let store: LeadStore;
let server: Awaited<ReturnType<typeof startMailServer>>;
let clock: Date;

beforeEach(async () => {
  store = new LeadStore(":memory:");
  clock = T0;
  server = await startMailServer({ from: "web@example.com", ownerTo: "office@example.com" });
});
afterEach(async () => {
  await server.close();
  store.close();
});

const runner = () =>
  new JobRunner(store, ownerMailHandler(store, () => fileContent.business, "https://www.example.com", server.mail), {
    now: () => clock,
    retryBaseMs: 60_000,
    log: () => {},
  });
const stored = (id: number) => store.list().find((lead) => lead.id === id)!;

it("writes each try on the request: pending with its tries and last error, then sent", async () => {
  const lead = store.add(REQUEST, { notify: true, now: T0 });
  expect(pendingJobs(store.db, "owner-mail")).toBe(1);
  server.refuse("Mailbox full");
  await runner().runDue();
  expect(stored(lead.id)).toMatchObject({ delivery: "pending", attempts: 1, nextAttemptAt: new Date(T0.getTime() + 60_000).toISOString() });
  expect(stored(lead.id).lastError).toContain("Mailbox full");
  server.refuse(undefined);
  clock = new Date(T0.getTime() + 60_000);
  await runner().runDue();
  expect(stored(lead.id)).toMatchObject({ delivery: "sent", attempts: 2, nextAttemptAt: null, lastError: null });
  expect(server.smtp.messages).toHaveLength(1);
  expect(server.smtp.messages[0]!.raw).toContain("Moss on the north slope.");
});

it("queues nothing for a request stored while e-mail is not set up", () => {
  const lead = store.add(REQUEST, { notify: false, now: T0 });
  expect(stored(lead.id).delivery).toBe("none");
  expect(pendingJobs(store.db)).toBe(0);
  expect(queueWaitingOwnerMail(store.db)).toBe(0);
});

it("sends a request an older version left waiting, keeping its tries so far", async () => {
  // As the version with its own loop left it: pending, tried twice, with no row in the queue.
  store.db
    .prepare("INSERT INTO leads (created_at, form, page, name, email, phone, location, message, delivery, attempts, next_attempt_at, last_error) VALUES (?, 'quote', '/', ?, ?, ?, '', ?, 'pending', 2, ?, 'timeout')")
    .run(T0.toISOString(), REQUEST.name, REQUEST.email, REQUEST.phone, REQUEST.message, new Date(T0.getTime() + 120_000).toISOString());
  expect(queueWaitingOwnerMail(store.db)).toBe(1);
  expect(queueWaitingOwnerMail(store.db), "once").toBe(0);
  await runner().runDue();
  expect(server.smtp.messages, "not before its next try").toHaveLength(0);
  clock = new Date(T0.getTime() + 120_000);
  await runner().runDue();
  expect(server.smtp.messages).toHaveLength(1);
  expect(store.list()[0]).toMatchObject({ delivery: "sent", attempts: 3, lastError: null });
});
