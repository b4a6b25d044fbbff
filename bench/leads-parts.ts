/**
 * The parts of bench:leads (bench/leads.ts): the form as the benchmark posts it (urlencoded, or
 * multipart with a photo), the tally of answers against the stored rows, the server's memory,
 * and the loopback push service and SMTP server (bench/services.ts) with the devices they serve.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { AutocannonRequest, AutocannonResult } from "autocannon";
import { fileContent } from "../app/content/index.ts";
import { bookVisits } from "../app/lib/visits/book.server.ts";
import { calendarFeedPath, calendarFeedToken } from "../app/lib/visits/feed.server.ts";
import { LeadStore } from "../app/lib/requests/leads.server.ts";
import { addDays, ukInstant, ukToday } from "../app/lib/time/uk-time.ts";
import { addPasskey } from "../app/lib/owner/passkeys.server.ts";
import { addSubscription } from "../app/lib/jobs/push.server.ts";
import { spawn, type ChildProcess } from "node:child_process";
import type { IncomingHttpHeaders } from "node:http";
import type { BrowserSubscription } from "../tests/support/push-receiver.ts";
import type { ServicesMessage } from "./services.ts";
import { BenchError, fmt, type OpenRequest } from "./support.ts";

export const FIELDS = {
  email: "bench@example.org",
  phone: "07700 900123",
  address: "12 Orchard Way, Stevenage",
  message: "Two slipped tiles above the back bedroom, and the valley is leaking.",
};

export const NOTICE = "Thank you! We&#x27;ll get back to you within 24 hours.";

/** What a stored request is answered with. */
export type Success = { kind: "notice"; status: number } | { kind: "redirect"; status: number; location: string };

export function describeSuccess(success: Success): string {
  return success.kind === "notice" ? `${success.status} with the thank-you notice` : `${success.status} → ${success.location}`;
}

export function headerValue(headers: Record<string, string | string[]>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

export interface Tally {
  sent: Set<string>;
  ok: Set<string>;
  /** Answered, but not with the success answer: status → names. */
  other: Map<number, Set<string>>;
}

export function newTally(): Tally {
  return { sent: new Set(), ok: new Set(), other: new Map() };
}

/** How a request's body is sent: its Content-Type and the body for a given name. */
export interface Encoding {
  contentType: string;
  body: (name: string) => string | Buffer;
}

export const URLENCODED: Encoding = {
  contentType: "application/x-www-form-urlencoded",
  body: (name) => new URLSearchParams({ name, ...FIELDS }).toString(),
};

/** The form as a browser sends it with a photo chosen: multipart, the photo after the fields. */
export function multipartWithPhoto(photo: Buffer): Encoding {
  const boundary = "----KestrelBenchBoundary7MA4YWxkTrZu0gW";
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fields = Object.entries(FIELDS).map(([name, value]) => part(name, value)).join("");
  const photoHead = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="IMG_0001.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: (name) => Buffer.concat([Buffer.from(part("name", name) + fields + photoHead), photo, end]),
  };
}

/** Whether an answer is the success answer a valid post gets. */
export function isSuccess(success: Success, status: number, body: string, location: string | undefined): boolean {
  return status === success.status && (success.kind === "notice" ? body.includes(NOTICE) : withoutReference(location) === success.location);
}

export function record(tally: Tally, name: string, ok: boolean, status: number) {
  if (ok) return void tally.ok.add(name);
  const names = tally.other.get(status) ?? new Set<string>();
  names.add(name);
  tally.other.set(status, names);
}

/** One POST that autocannon sends again and again, each time under a new name. */
export function quoteRequest(prefix: string, origin: string, success: Success, tally: Tally, encoding: Encoding = URLENCODED): AutocannonRequest {
  let n = 0;
  return {
    method: "POST",
    path: "/?index",
    headers: { "Content-Type": encoding.contentType, Origin: origin },
    setupRequest: (request, context) => {
      const name = `${prefix} ${++n}`;
      context.name = name;
      tally.sent.add(name);
      return { ...request, body: encoding.body(name) };
    },
    onResponse: (status, body, context, headers) => {
      record(tally, String(context.name), isSuccess(success, status, body, headerValue(headers, "location")), status);
    },
  };
}

/** The same POST for an open load (bench/support.ts openLoad): request i is sent under its own name. */
export function openQuoteRequests(prefix: string, origin: string, success: Success, tally: Tally) {
  const nameOf = (index: number) => `${prefix} ${index + 1}`;
  return {
    request: (index: number): OpenRequest => {
      tally.sent.add(nameOf(index));
      return { method: "POST", path: "/?index", headers: { "Content-Type": URLENCODED.contentType, Origin: origin }, body: URLENCODED.body(nameOf(index)) };
    },
    onResponse: (index: number, status: number, headers: IncomingHttpHeaders, body: string) => {
      const location = Array.isArray(headers.location) ? headers.location[0] : headers.location;
      record(tally, nameOf(index), isSuccess(success, status, body, location), status);
    },
  };
}

/** A stored request's redirect names its reference (?sent=K-1042): every answer has its own. */
export function withoutReference(location: string | undefined): string | undefined {
  return location?.replace(/\?sent=K-\d+/, "");
}

/** One valid post, to learn what success looks like; anything else means there is nothing to measure. */
export async function probe(url: string, name: string): Promise<Success> {
  const response = await fetch(`${url}/?index`, {
    method: "POST",
    body: new URLSearchParams({ name, ...FIELDS }),
    headers: { Origin: url },
    redirect: "manual",
  });
  const body = await response.text();
  if (response.status >= 200 && response.status < 300 && body.includes(NOTICE)) return { kind: "notice", status: response.status };
  const location = response.headers.get("location");
  if (response.status >= 300 && response.status < 400 && location && new URL(location, url).pathname === "/") {
    return { kind: "redirect", status: response.status, location: withoutReference(location)! };
  }
  throw new BenchError(
    `a valid quote post answered ${response.status}${location ? ` → ${location}` : ""}, neither the thank-you notice nor a redirect back to the page`,
  );
}

/** The stored requests under this prefix, each with how many photos it has. */
export function storedPhotoCounts(dataDir: string, prefix: string): Map<string, number> {
  const db = new DatabaseSync(path.join(dataDir, "leads.sqlite"), { readOnly: true });
  try {
    const rows = db
      .prepare("SELECT name, (SELECT COUNT(*) FROM lead_photos p WHERE p.lead_id = l.id) AS photos FROM leads l WHERE name LIKE ?")
      .all(`${prefix} %`) as { name: string; photos: number }[];
    return new Map(rows.map((r) => [r.name, r.photos]));
  } finally {
    db.close();
  }
}

export function storedNames(dataDir: string, prefix: string): Set<string> {
  return new Set(storedPhotoCounts(dataDir, prefix).keys());
}

/** The server's resident memory in MB now (Linux /proc), or undefined elsewhere. */
export function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's memory every 100 ms until the returned function is called; it returns the peak. */
export function samplePeakRss(pid: number): () => number | undefined {
  let peak: number | undefined;
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  }, 100);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/**
 * Matches the answers to the stored rows: every successful answer must have its row and no
 * refused request may have one. Requests still in flight when autocannon stopped at the deadline
 * may be stored without an answer seen; they are counted apart.
 */
export function compareWithStore(tally: Tally, stored: Set<string>) {
  const refused = new Set([...tally.other.values()].flatMap((names) => [...names]));
  const okWithoutRow = [...tally.ok].filter((name) => !stored.has(name));
  const refusedWithRow = [...refused].filter((name) => stored.has(name));
  const neverSent = [...stored].filter((name) => !tally.sent.has(name));
  const cutOff = [...stored].filter((name) => tally.sent.has(name) && !tally.ok.has(name) && !refused.has(name));
  const consistent = okWithoutRow.length === 0 && refusedWithRow.length === 0 && neverSent.length === 0;
  const notes: string[] = [];
  let check: string;
  let checkMet: boolean;
  if (stored.size === tally.ok.size && consistent) {
    check = "equal";
    checkMet = true;
  } else if (consistent && stored.size === tally.ok.size + cutOff.length) {
    check = `NOT EQUAL (+${cutOff.length} in flight at the end)`;
    checkMet = true;
    notes.push(
      `- ${cutOff.length} stored rows are requests that were still in flight when autocannon stopped at the deadline: stored, ` +
        "but their answers were no longer awaited. Every successful answer has its row and no refused request was stored, so nothing was lost.",
    );
  } else {
    check = "NOT EQUAL";
    checkMet = false;
    notes.push(
      `- ${okWithoutRow.length} requests were answered as stored but have no row, ${refusedWithRow.length} were refused but stored, ` +
        `${neverSent.length} rows match no request sent.`,
    );
  }
  const others = [...tally.other].map(([status, names]) => `${status} × ${fmt(names.size)}`).join(", ");
  return { refused, check, checkMet, notes, others };
}

export function statusCodes(result: AutocannonResult): string {
  return Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code} × ${fmt(count)}`)
    .join(", ") || "none";
}

/** Two devices that get notifications, on the loopback push service: as the owner's phone and laptop. */
export function addDevices(dataDir: string, subscriptions: BrowserSubscription[]) {
  const store = new LeadStore(path.join(dataDir, "leads.sqlite"));
  try {
    const passkey = addPasskey(store, { credentialId: "bench", publicKey: new Uint8Array([1]), counter: 0, name: "Bench phone" });
    subscriptions.forEach((subscription, i) => addSubscription(store, passkey.id, subscription, `Bench device ${i + 1}`));
  } finally {
    store.close();
  }
}

/** Pushes still queued in the server's database. */
export function queuedPushes(dataDir: string): number {
  const db = new DatabaseSync(path.join(dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'push' AND done_at IS NULL").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * The SMTP server and the push service, in a process of their own (bench/services.ts): their work
 * (decrypting every push) stays out of this process, where autocannon times the answers.
 */
export interface Services {
  smtpPort: number;
  caFile: string;
  subscriptions: BrowserSubscription[];
  /** How many pushes the service has accepted so far. */
  delivered: () => Promise<number>;
  /** Accepted pushes per request page, and e-mails received; then the services stop. */
  report: () => Promise<Extract<ServicesMessage, { type: "report" }>>;
  stop: () => void;
}

export async function startServices(): Promise<Services> {
  const child: ChildProcess = spawn(process.execPath, [path.join(import.meta.dirname, "services.ts")], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const next = <T extends ServicesMessage["type"]>(type: T) =>
    new Promise<Extract<ServicesMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: ServicesMessage) => {
        if (message.type !== type) return;
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(message as Extract<ServicesMessage, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new BenchError(`the SMTP and push services stopped (exit ${code})`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  const ready = await next("ready");
  return {
    smtpPort: ready.smtpPort,
    caFile: ready.caFile,
    subscriptions: ready.subscriptions,
    delivered: async () => {
      const answer = next("delivered");
      child.send({ type: "delivered" });
      return (await answer).count;
    },
    report: async () => {
      const answer = next("report");
      child.send({ type: "report" });
      return answer;
    },
    stop: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}

/** The stored requests under this prefix by id, to match each push to its request. */
export function storedIds(dataDir: string, prefix: string): number[] {
  const db = new DatabaseSync(path.join(dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return (db.prepare("SELECT id FROM leads WHERE name LIKE ?").all(`${prefix} %`) as { id: number }[]).map((row) => row.id);
  } finally {
    db.close();
  }
}

/** Waits (up to `maxMs`) until the server has sent every queued push; returns when that was, or undefined. */
export async function drainPushes(dataDir: string, maxMs: number): Promise<number | undefined> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    if (queuedPushes(dataDir) === 0) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/**
 * A year of visits (`count`, 2,000 by default) booked on requests of their own, one a working
 * hour from tomorrow on, through the owner's own booking: their invitations go out at once, and
 * their day-before reminders and morning pushes wait in the queue for the whole run.
 */
export function seedVisits(dataDir: string, count = 2000): void {
  const store = new LeadStore(path.join(dataDir, "leads.sqlite"));
  try {
    const today = ukToday();
    for (let i = 0; i < count; i++) {
      const lead = store.add({ form: "quote", page: "/", name: `Visit ${i} Bench`, email: `visit-${i}@example.org`, phone: "07700 900123", location: `${i} High Street, Hitchin`, message: "A year of visits." }, { notify: false });
      const day = addDays(today, 1 + Math.floor((i * 365) / count));
      const from = (9 + (i % 8)) * 60;
      bookVisits(store, lead.id, { kind: i % 3 ? "job-day" : "survey", days: [{ start: ukInstant(day, from), end: ukInstant(day, from + 60) }], notes: "" }, { actor: "Bench", hours: fileContent.business.openingHours, mail: true });
    }
  } finally {
    store.close();
  }
}

/** Jobs of a kind not done yet, in the server's database. */
export function pendingOf(dataDir: string, kind: string): number {
  const db = new DatabaseSync(path.join(dataDir, "leads.sqlite"), { readOnly: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE kind = ? AND done_at IS NULL").get(kind) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The owner's calendar feed fetched `runs` times: each answer's time in ms, its size, and how many visits it held. */
export async function feedTimes(url: string, dataDir: string, runs = 7): Promise<{ ms: number[]; bytes: number; events: number }> {
  const store = new LeadStore(path.join(dataDir, "leads.sqlite"));
  const feed = `${url}${calendarFeedPath(calendarFeedToken(store))}`;
  store.close();
  const ms: number[] = [];
  let body = "";
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(feed);
    body = await response.text();
    if (response.status !== 200) throw new BenchError(`the calendar feed answered ${response.status}`);
    ms.push(performance.now() - started);
  }
  return { ms, bytes: Buffer.byteLength(body), events: body.split("BEGIN:VEVENT").length - 1 };
}

/** Waits (up to `maxMs`) until `done` says so; returns whether it did. */
export async function waitUntil(done: () => boolean, maxMs: number): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    if (done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return done();
}
