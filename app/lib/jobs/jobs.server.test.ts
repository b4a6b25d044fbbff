/**
 * The one queue, on a clock the test moves and a real SMTP server: a due row runs once; a failed
 * send is tried again after a pause that grows; a row taken by a process killed mid-send is sent
 * by the next one; a row due later is left alone until then.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, expect, it } from "vitest";
import { startSmtp, waitFor } from "../../../tests/support/smtp.ts";
import { enqueue, JobRunner, pendingJobs, type JobHandler } from "./jobs.server.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { mailTransport, sendToCustomer, type OutgoingMail } from "../mail/mailer.server.ts";

const T0 = new Date("2026-11-25T09:00:00Z");
const BASE_MS = 30_000;
let dir: string;
let store: LeadStore;
let clock: Date;
const closing: (() => unknown)[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "kestrel-queue-"));
  store = new LeadStore(path.join(dir, "leads.sqlite"));
  clock = T0;
});
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function smtpServer(options?: Parameters<typeof startSmtp>[1]) {
  const smtp = await startSmtp(0, options);
  closing.push(() => smtp.close());
  return smtp;
}

function mailTo(port: number): OutgoingMail {
  const mail = { transport: mailTransport(`smtp://127.0.0.1:${port}`), from: { name: "Kestrel Roofing", address: "office@example.com" }, ownerTo: "office@example.com" };
  closing.push(() => mail.transport.close());
  return mail;
}

/** The queue's handler for a test letter: one e-mail to the address in its payload. */
const letterHandler = (mail: OutgoingMail): Record<string, JobHandler> => ({
  letter: async (job) => {
    await sendToCustomer(mail, { email: "office@example.com" }, { to: { address: String(job.payload.to) }, subject: `Letter ${String(job.payload.n)}`, text: "Hello.", html: "<p>Hello.</p>" });
    return { outcome: "sent" };
  },
});

const runner = (handlers: Record<string, JobHandler>) => new JobRunner(store, handlers, { now: () => clock, retryBaseMs: BASE_MS, log: () => {} });
const row = (id = 1) =>
  store.db.prepare("SELECT run_at AS runAt, attempts, last_error AS lastError, done_at AS doneAt, outcome FROM jobs WHERE id = ?").get(id) as {
    runAt: string;
    attempts: number;
    lastError: string | null;
    doneAt: string | null;
    outcome: string | null;
  };
const later = (ms: number) => new Date(T0.getTime() + ms);

it("runs a due row once, and records it done", async () => {
  const smtp = await smtpServer();
  enqueue(store.db, { kind: "letter", payload: { to: "jane@example.org", n: 1 }, runAt: T0, now: T0 });
  const queue = runner(letterHandler(mailTo(smtp.port)));
  await queue.runDue();
  await queue.runDue();
  clock = later(60 * 60_000);
  await queue.runDue();
  expect(smtp.messages.map((m) => m.to)).toEqual([["jane@example.org"]]);
  expect(row()).toMatchObject({ attempts: 1, lastError: null, doneAt: T0.toISOString(), outcome: "sent" });
  expect(pendingJobs(store.db)).toBe(0);
});

it("leaves a row due later alone until its time, then runs it", async () => {
  const smtp = await smtpServer();
  enqueue(store.db, { kind: "letter", payload: { to: "later@example.org", n: 1 }, runAt: later(60 * 60_000), now: T0 });
  const queue = runner(letterHandler(mailTo(smtp.port)));
  await queue.runDue();
  clock = later(60 * 60_000 - 1);
  await queue.runDue();
  expect(smtp.messages).toHaveLength(0);
  expect(row()).toMatchObject({ attempts: 0, doneAt: null });
  clock = later(60 * 60_000);
  await queue.runDue();
  expect(smtp.messages).toHaveLength(1);
  expect(row()).toMatchObject({ attempts: 1, outcome: "sent" });
});

it("tries a refused send again after a pause that doubles each time, and sends it once the mail server takes it", async () => {
  let full = true;
  const smtp = await smtpServer({ refuse: () => (full ? "Mailbox full" : undefined) });
  enqueue(store.db, { kind: "letter", payload: { to: "retry@example.org", n: 1 }, runAt: T0, now: T0 });
  const queue = runner(letterHandler(mailTo(smtp.port)));

  await queue.runDue();
  expect(row()).toMatchObject({ attempts: 1, runAt: later(BASE_MS).toISOString(), doneAt: null });
  expect(row().lastError).toContain("Mailbox full");
  // Not due yet: nothing is tried.
  clock = later(BASE_MS - 1);
  await queue.runDue();
  expect(row().attempts).toBe(1);

  clock = later(BASE_MS);
  await queue.runDue();
  expect(row()).toMatchObject({ attempts: 2, runAt: later(BASE_MS + 2 * BASE_MS).toISOString() });
  clock = later(3 * BASE_MS);
  await queue.runDue();
  expect(row()).toMatchObject({ attempts: 3, runAt: later(3 * BASE_MS + 4 * BASE_MS).toISOString() });
  expect(smtp.messages).toHaveLength(0);

  full = false;
  clock = later(7 * BASE_MS);
  await queue.runDue();
  expect(smtp.messages).toHaveLength(1);
  expect(row()).toMatchObject({ attempts: 4, lastError: null, outcome: "sent" });
});

it("sends a row whose process was killed mid-send when the next one starts", async () => {
  // The first process's message reaches this server, which never answers: the send hangs.
  const hanging = await smtpServer({ hold: true });
  enqueue(store.db, { kind: "letter", payload: { to: "survivor@example.org", n: 1 }, runAt: T0, now: T0 });
  const module = (file: string) => JSON.stringify(pathToFileURL(path.join(import.meta.dirname, file)).href);
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { LeadStore } = await import(${module("../requests/leads.server.ts")});
       const { JobRunner } = await import(${module("jobs.server.ts")});
       const { mailTransport, sendToCustomer } = await import(${module("../mail/mailer.server.ts")});
       const store = new LeadStore(${JSON.stringify(path.join(dir, "leads.sqlite"))});
       const mail = { transport: mailTransport("smtp://127.0.0.1:${hanging.port}"), from: { name: "Kestrel Roofing", address: "office@example.com" }, ownerTo: "office@example.com" };
       const letter = (job) => sendToCustomer(mail, { email: "office@example.com" }, { to: { address: job.payload.to }, subject: "Letter", text: "Hello." });
       await new JobRunner(store, { letter }, { log: () => {} }).runDue();`,
    ],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  closing.push(() => {
    child.kill("SIGKILL");
    return exited;
  });
  await waitFor(() => hanging.messages.length === 1, 20_000);
  child.kill("SIGKILL");
  await exited;
  expect(row(), "killed mid-send: not done, and its try not counted").toMatchObject({ attempts: 0, doneAt: null });

  const smtp = await smtpServer();
  await runner(letterHandler(mailTo(smtp.port))).runDue();
  expect(smtp.messages.map((m) => m.to)).toEqual([["survivor@example.org"]]);
  expect(row()).toMatchObject({ attempts: 1, outcome: "sent" });
});
