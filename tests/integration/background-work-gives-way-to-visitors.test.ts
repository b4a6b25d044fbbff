/**
 * Background work (pushes, e-mails, reminders) never holds up a visitor: while requests keep
 * arriving it takes its turn at most once per gap, and runs flat out once they stop; a lone
 * request's push still goes at once. A backlog of the owner's e-mails is sent without waiting for
 * the next timer; a server stopping finishes the pass under way and leaves the rest queued. The
 * VAPID signature, the costliest part of a push, is made once an hour per push service.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import webpush from "web-push";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enqueue, JobRunner, pendingJobs } from "~/lib/jobs/jobs.server.ts";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import { SARAHS_REQUEST as LEAD } from "../support/leads.ts";
import { mailTransport } from "~/lib/mail/mailer.server.ts";
import { fileContent } from "~/content/index.ts";
import { ownerMailHandler } from "~/lib/requests/notify.server.ts";
import { vapidAuthorizations } from "~/lib/jobs/push.server.ts";
import { Turns } from "~/lib/jobs/visitors-first.ts";
import { startSmtp } from "../support/smtp.ts";


describe("whose turn it is", () => {
  it("lets background work run at once when no visitor is waiting, and once per gap while they keep coming", () => {
    let now = 1_000;
    const turns = new Turns({ quietMs: 250, gapMs: 100, now: () => now });
    expect(turns.wait()).toBe(0);

    // A lone request: its pass is the first in a long while, so it goes at once.
    turns.visitor();
    expect(turns.wait()).toBe(0);
    void turns.pass();

    // Visitors keep arriving: the next pass waits until 100 ms after the last one started.
    now += 30;
    turns.visitor();
    expect(turns.wait()).toBe(70);
    now += 50;
    turns.visitor();
    expect(turns.wait()).toBe(20);
    now += 20;
    expect(turns.wait()).toBe(0);
  });

  it("stops holding background work back once visitors have been quiet for a while", () => {
    let now = 0;
    const turns = new Turns({ quietMs: 250, gapMs: 1_000, now: () => now });
    turns.visitor();
    void turns.pass();
    now = 100;
    turns.visitor();
    // The gap would say 900 ms; a quarter of a second without a visitor comes first.
    expect(turns.wait()).toBe(250);
    now = 350;
    expect(turns.wait()).toBe(0);
  });
});

describe("the job runner", () => {
  let dir: string;
  let store: LeadStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "turns-"));
    store = new LeadStore(path.join(dir, "leads.sqlite"));
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function queue(count: number) {
    for (let i = 0; i < count; i++) enqueue(store.db, { kind: "work", payload: { i }, runAt: new Date(0) });
  }

  it("while visitors arrive, starts a pass of ten at most once per gap; when they stop, does the rest at once", async () => {
    const gapMs = 40;
    const turns = new Turns({ quietMs: 150, gapMs });
    const starts: number[] = [];
    let batchStartedAt = -1;
    const runner = new JobRunner(
      store,
      {
        work: () => {
          const now = performance.now();
          // Jobs of one pass start together; a new pass starts after a gap.
          if (now - batchStartedAt > 5) starts.push((batchStartedAt = now));
        },
      },
      { turns, log: () => {} },
    );
    queue(60);
    const visitors = setInterval(() => turns.visitor(), 5);
    turns.visitor();
    const run = runner.runDue();
    await new Promise((resolve) => setTimeout(resolve, 5 * gapMs));
    clearInterval(visitors);
    const whileBusy = starts.length;
    const doneWhileBusy = 60 - pendingJobs(store.db);
    await run;

    expect(pendingJobs(store.db)).toBe(0);
    // Held back: at most one pass per gap (five gaps, plus the first at once), ten jobs each.
    expect(whileBusy).toBeGreaterThanOrEqual(2);
    expect(whileBusy).toBeLessThanOrEqual(6);
    expect(doneWhileBusy).toBeLessThanOrEqual(whileBusy * 10);
    const busyStarts = starts.slice(0, whileBusy);
    for (let i = 1; i < busyStarts.length; i++) expect(busyStarts[i]! - busyStarts[i - 1]!).toBeGreaterThanOrEqual(gapMs - 1);
  });

  it("stops after the pass under way, leaving the rest queued for the next start", async () => {
    const runner = new JobRunner(store, { work: () => void runner.stop() }, { turns: new Turns(), log: () => {} });
    queue(35);
    await runner.runDue();
    expect(pendingJobs(store.db)).toBe(25);
    // Stopped: a wake does nothing.
    await runner.runDue();
    expect(pendingJobs(store.db)).toBe(25);
  });
});

describe("the owner's e-mails", () => {
  it("go out in full after a burst, without waiting for the next timer", async () => {
    const smtp = await startSmtp();
    const dir = mkdtempSync(path.join(tmpdir(), "burst-"));
    const store = new LeadStore(path.join(dir, "leads.sqlite"));
    try {
      for (let i = 0; i < 45; i++) store.add({ ...LEAD, name: `Burst ${i}` }, { notify: true });
      const mail = { transport: mailTransport(`smtp://127.0.0.1:${smtp.port}`), from: { name: "Kestrel", address: "office@example.com" }, ownerTo: "office@example.com" };
      const runner = new JobRunner(store, ownerMailHandler(store, () => fileContent.business, "https://www.example.com", mail), { turns: new Turns() });
      await runner.runDue();
      expect(smtp.messages).toHaveLength(45);
      expect(store.list().filter((lead) => lead.delivery === "pending")).toHaveLength(0);
      await runner.stop();
      mail.transport.close();
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
      await smtp.close();
    }
  });
});

describe("the VAPID signature", () => {
  afterEach(() => vi.useRealTimers());

  it("is made once an hour per push service, and runs 12 hours from when it was made", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
    const keys = webpush.generateVAPIDKeys();
    const authorization = vapidAuthorizations({ keys, subject: "mailto:office@example.com" });
    const first = authorization("https://push.example.net/send/abc");
    const claims = (header: string) => JSON.parse(Buffer.from(/t=([^.]+)\.([^.]+)\./.exec(header)![2]!, "base64url").toString()) as { aud: string; exp: number };
    expect(claims(first)).toMatchObject({ aud: "https://push.example.net", exp: Date.parse("2026-11-24T22:00:00Z") / 1000 });
    // ES256 signatures differ each time they are made: the same header is the same signature, reused.
    expect(authorization("https://push.example.net/send/other-device")).toBe(first);
    const elsewhere = authorization("https://updates.example.org/wpush/v2/xyz");
    expect(claims(elsewhere).aud).toBe("https://updates.example.org");

    vi.setSystemTime(new Date("2026-11-24T10:59:00Z"));
    expect(authorization("https://push.example.net/send/abc")).toBe(first);
    vi.setSystemTime(new Date("2026-11-24T11:00:01Z"));
    const next = authorization("https://push.example.net/send/abc");
    expect(next).not.toBe(first);
    expect(claims(next).exp).toBe(Date.parse("2026-11-24T23:00:01Z") / 1000);
  });
});
