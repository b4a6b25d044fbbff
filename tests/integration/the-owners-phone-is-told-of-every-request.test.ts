/**
 * The owner's devices are told of each stored request by Web Push, through a real push service on
 * loopback that checks the VAPID signature and decrypts each message; the queue keeps and retries
 * what could not go; the reminders go at most once, only when the request is still unanswered,
 * and wait for opening time. Time is a clock the test moves, never a sleep.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import webpush from "web-push";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { enqueue, JobRunner, pendingJobs } from "~/lib/jobs/jobs.server.ts";
import { queueLeadFollowUps, reminderHandler } from "~/lib/requests/follow-ups.server.ts";
import { LeadStore } from "~/lib/requests/leads.server.ts";
import type { NewLead } from "~/lib/requests/lead.ts";
import { setStatus } from "~/lib/requests/inbox.server.ts";
import { addPasskey, removePasskey } from "~/lib/owner/passkeys.server.ts";
import { addSubscription, devices, pushHandler, vapidKeys } from "~/lib/jobs/push.server.ts";
import { startPushReceiver, type PushReceiver } from "../support/push-receiver.ts";

const site = fileContent.business;

const HOUR = 3_600_000;
const SARAH: NewLead = {
  form: "quote",
  page: "/areas/roofers-in-hitchin/",
  name: "Sarah Jane Morgan",
  email: "sarah@example.org",
  phone: "07700 900123",
  location: "12 Bancroft, Hitchin SG5 1JW",
  message: "Slipped tiles over the back bedroom after the storm",
};

let receiver: PushReceiver;
let dir: string;
let store: LeadStore;
let clock: Date;
let runner: JobRunner;
let passkeyId: number;

beforeAll(async () => (receiver = await startPushReceiver()));
afterAll(() => receiver.close());

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "push-"));
  store = new LeadStore(path.join(dir, "leads.sqlite"));
  // Tuesday 24 November 2026, 10:00 in Stevenage (GMT): the office is open.
  clock = new Date("2026-11-24T10:00:00Z");
  const keys = vapidKeys(store.db, {});
  runner = new JobRunner(
    store,
    {
      ...pushHandler(store, { keys, subject: `mailto:${site.email}`, agent: new Agent({ ca: receiver.caPem }) }),
      ...reminderHandler(store, () => site.openingHours),
    },
    { now: () => clock, retryBaseMs: 60_000, log: () => {} },
  );
  passkeyId = addPasskey(store, { credentialId: "phone", publicKey: new Uint8Array([1]), counter: 0, name: "Phone" }).id;
  receiver.setResponse(null);
  receiver.received.length = 0;
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function subscribeDevice(name: string, owner = passkeyId) {
  const subscription = receiver.subscribe(name);
  addSubscription(store, owner, subscription, `${name} device`, clock);
  return subscription;
}

/** Stores a request the way the forms do: its follow-up work in its own transaction. */
function storeRequest(lead: NewLead = SARAH) {
  return store.inTransaction(() => store.add(lead, { notify: false, now: clock, alongside: (row) => queueLeadFollowUps(store.db, row, site.openingHours, { mail: false, hourlyCap: 30 }, clock) }));
}

const pushed = () => receiver.received.filter((push) => push.status === 201).map((push) => ({ ...push, message: JSON.parse(push.payload!) }));

describe("a stored request", () => {
  it("is pushed, signed and encrypted, to every device, with who, where and which page, and nothing private", async () => {
    const keys = vapidKeys(store.db, {});
    subscribeDevice("phone");
    subscribeDevice("laptop");
    const lead = storeRequest();
    await runner.runDue();

    const pushes = pushed();
    expect(pushes.map((push) => push.name).sort()).toEqual(["laptop", "phone"]);
    for (const push of pushes) {
      expect(push.message).toEqual({
        title: "New quote request",
        body: "Sarah M. · Hitchin · Hitchin town page",
        url: `/admin/requests/${lead.id}`,
        tag: `request-${lead.id}`,
      });
      expect(push.ttl).toBe(86_400);
      expect(push.urgency).toBe("high");
      expect(push.vapid).toMatchObject({ sub: `mailto:${site.email}`, publicKey: keys.publicKey });
      for (const secret of ["07700", "900123", "Slipped", "Bancroft", "Morgan", "sarah@"]) expect(push.payload).not.toContain(secret);
    }
  });

  it("says New message for the contact form, and the postcode's district when no town is named", async () => {
    subscribeDevice("phone");
    storeRequest({ ...SARAH, form: "contact", page: "/contact", name: "Bob", location: "AL1 3XX" });
    await runner.runDue();
    expect(pushed()[0]!.message).toMatchObject({ title: "New message", body: "Bob · AL1 · Contact page" });
  });

  it("keeps the VAPID keys made on first start", () => {
    const first = vapidKeys(store.db, {});
    expect(vapidKeys(store.db, {})).toEqual(first);
    expect(vapidKeys(store.db, { VAPID_PUBLIC_KEY: "pub", VAPID_PRIVATE_KEY: "priv" })).toEqual({ publicKey: "pub", privateKey: "priv" });
    // A real P-256 pair: web-push accepts it.
    expect(() => webpush.setVapidDetails(`mailto:${site.email}`, first.publicKey, first.privateKey)).not.toThrow();
  });
});

describe("when a device or the push service fails", () => {
  it("deletes a device the push service says is gone (410), and keeps the others", async () => {
    subscribeDevice("phone");
    subscribeDevice("old-tablet");
    receiver.setResponse((push) => (push.name === "old-tablet" ? 410 : 201));
    storeRequest();
    await runner.runDue();
    expect(devices(store).map((device) => device.device)).toEqual(["phone device"]);
    expect(pushed().map((push) => push.name)).toEqual(["phone"]);
    expect(pendingJobs(store.db, "push")).toBe(0);
  });

  it("loses nothing while the push service is down: the push waits and goes when it is back", async () => {
    subscribeDevice("phone");
    receiver.setResponse("down");
    storeRequest();
    await runner.runDue();
    expect(pushed()).toHaveLength(0);
    expect(pendingJobs(store.db, "push")).toBe(1);
    expect(devices(store)).toHaveLength(1);

    // Tried again after the pause, and again after a longer one.
    receiver.setResponse(503);
    clock = new Date(clock.getTime() + 61_000);
    await runner.runDue();
    expect(receiver.received.filter((push) => push.status === 503)).toHaveLength(1);
    clock = new Date(clock.getTime() + 61_000);
    await runner.runDue();
    expect(receiver.received.filter((push) => push.status === 503)).toHaveLength(1);
    receiver.setResponse(null);
    clock = new Date(clock.getTime() + 121_000);
    await runner.runDue();
    expect(pushed()).toHaveLength(1);
    expect(pendingJobs(store.db, "push")).toBe(0);
  });

  it("stops trying once the push would be a day old", async () => {
    subscribeDevice("phone");
    receiver.setResponse(500);
    storeRequest();
    for (let hour = 0; hour <= 26; hour++) {
      await runner.runDue();
      clock = new Date(clock.getTime() + HOUR);
    }
    const row = store.db.prepare("SELECT done_at, outcome, attempts FROM jobs WHERE kind = 'push' ORDER BY id").get() as { done_at: string; outcome: string; attempts: number };
    expect(row.outcome).toBe("gave up");
    expect(row.attempts).toBeGreaterThan(3);
    const tries = receiver.received.filter((push) => JSON.parse(push.payload!).title === "New quote request");
    expect(tries).toHaveLength(row.attempts);
  });

  it("stops pushing to the devices of a passkey that is removed", async () => {
    const laptopKey = addPasskey(store, { credentialId: "laptop", publicKey: new Uint8Array([2]), counter: 0, name: "Laptop" }).id;
    subscribeDevice("phone");
    subscribeDevice("laptop", laptopKey);
    expect(removePasskey(store, laptopKey, "Phone")).toBe(true);
    expect(devices(store).map((device) => device.passkeyName)).toEqual(["Phone"]);
    storeRequest();
    await runner.runDue();
    expect(pushed().map((push) => push.name)).toEqual(["phone"]);
  });
});

describe("the reminders", () => {
  const titles = () => pushed().map((push) => push.message.title as string);

  it("push 'Still waiting' at one hour and 'Due in' at twenty, each once, holding the second for opening time", async () => {
    subscribeDevice("phone");
    storeRequest();
    await runner.runDue();
    expect(titles()).toEqual(["New quote request"]);

    clock = new Date("2026-11-24T10:59:00Z");
    await runner.runDue();
    expect(titles()).toHaveLength(1);
    clock = new Date("2026-11-24T11:00:00Z");
    await runner.runDue();
    expect(titles()).toEqual(["New quote request", "Still waiting: Sarah M. (1 h)"]);
    clock = new Date("2026-11-24T13:00:00Z");
    await runner.runDue();
    expect(titles()).toHaveLength(2);

    // Twenty hours on is Wednesday 06:00, before the office opens: it waits for 08:00.
    clock = new Date("2026-11-25T06:00:00Z");
    await runner.runDue();
    expect(titles()).toHaveLength(2);
    clock = new Date("2026-11-25T08:00:00Z");
    await runner.runDue();
    expect(titles()).toEqual(["New quote request", "Still waiting: Sarah M. (1 h)", "Due in 2 h: Sarah M."]);
    clock = new Date("2026-11-26T08:00:00Z");
    await runner.runDue();
    expect(titles()).toHaveLength(3);
  });

  it("a request on Saturday afternoon is reminded of on Monday morning", async () => {
    subscribeDevice("phone");
    clock = new Date("2026-11-28T15:30:00Z");
    storeRequest();
    clock = new Date("2026-11-28T17:00:00Z");
    await runner.runDue();
    expect(titles()).toEqual(["New quote request"]);
    clock = new Date("2026-11-30T08:00:00Z");
    await runner.runDue();
    expect(titles()).toEqual(["New quote request", "Still waiting: Sarah M. (40 h)", "Overdue: Sarah M. (40 h)"]);
  });

  it("are not sent for a request that was answered", async () => {
    subscribeDevice("phone");
    const lead = storeRequest();
    setStatus(store, lead.id, "contacted", "Phone");
    clock = new Date("2026-11-25T12:00:00Z");
    await runner.runDue();
    expect(titles()).toEqual(["New quote request"]);
    const outcomes = store.db.prepare("SELECT outcome FROM jobs WHERE kind = 'reminder'").all().map((row) => (row as { outcome: string }).outcome);
    expect(outcomes).toEqual(["not needed: answered", "not needed: answered"]);
  });

  it("are queued once per request, whatever asks again", () => {
    const lead = storeRequest();
    const again = enqueue(store.db, { kind: "reminder", payload: { leadId: lead.id, stage: "1h" }, runAt: clock, onceKey: `reminder-1h:${lead.id}` });
    expect(again).toBe(false);
    expect(pendingJobs(store.db, "reminder")).toBe(2);
  });
});
