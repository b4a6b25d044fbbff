/**
 * Web Push to the owner's devices (RFC 8030, with VAPID, RFC 8292, and the aes128gcm encryption of
 * RFC 8291, all done by the `web-push` library). No paid service sits in between: the server
 * speaks to the browser maker's push service directly.
 *
 * - The VAPID keys are made on first start and kept in the database (so a backup holds them), or
 *   read from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.
 * - Each subscription belongs to the passkey that turned it on; removing the passkey removes it.
 * - Every push is a job in the queue, one per device: a device that is down is retried with a
 *   growing pause for up to a day (the push's TTL); a 404 or 410 means the subscription is gone,
 *   and it is deleted.
 * - A push says who and where, never a phone number or the message.
 */
import type { Agent } from "node:https";
import type { DatabaseSync } from "node:sqlite";
import webpush from "web-push";
import { enqueue, type JobHandler } from "./jobs.server.ts";
import { asRow, type Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The server's VAPID keys: from the environment, else the stored pair, else a new pair stored now. */
export function vapidKeys(db: DatabaseSync, env: NodeJS.ProcessEnv = process.env): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const stored = db.prepare("SELECT value FROM server_keys WHERE name = 'vapid'").get() as { value: string } | undefined;
  if (stored) return JSON.parse(stored.value) as VapidKeys;
  const keys = webpush.generateVAPIDKeys();
  // INSERT OR IGNORE and read back: two processes starting together agree on one pair.
  db.prepare("INSERT OR IGNORE INTO server_keys (name, value) VALUES ('vapid', ?)").run(JSON.stringify(keys));
  return JSON.parse((db.prepare("SELECT value FROM server_keys WHERE name = 'vapid'").get() as { value: string }).value) as VapidKeys;
}

export interface PushSubscriptionJSON {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Device {
  id: number;
  passkeyId: number;
  device: string;
  createdAt: string;
  lastSentAt: string | null;
  /** The passkey's name, to say whose device it is. */
  passkeyName: string | null;
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** A browser's subscription as posted, checked; undefined for anything else. */
export function parseSubscription(value: unknown): PushSubscriptionJSON | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== "string" || endpoint.length > 2000) return undefined;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:") return undefined;
  const { p256dh, auth } = keys ?? {};
  if (typeof p256dh !== "string" || typeof auth !== "string" || !BASE64URL.test(p256dh) || !BASE64URL.test(auth)) return undefined;
  if (p256dh.length > 200 || auth.length > 100) return undefined;
  return { endpoint, keys: { p256dh, auth } };
}

/** Stores a device's subscription for the passkey (again for a known endpoint: it moves to this passkey). */
export function addSubscription(store: Db, passkeyId: number, subscription: PushSubscriptionJSON, device: string, now = new Date()): number {
  const row = store.db
    .prepare(
      `INSERT INTO push_subscriptions (passkey_id, endpoint, p256dh, auth, device, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET passkey_id = excluded.passkey_id, p256dh = excluded.p256dh, auth = excluded.auth, device = excluded.device
       RETURNING id`,
    )
    .get(passkeyId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, device.slice(0, 100), now.toISOString()) as { id: number };
  return row.id;
}

export function removeSubscription(store: Db, id: number): boolean {
  return Number(store.db.prepare("DELETE FROM push_subscriptions WHERE id = ?").run(id).changes) > 0;
}

export function devices(store: Db): Device[] {
  return store.db
    .prepare(
      `SELECT s.id, s.passkey_id AS passkeyId, s.device, s.created_at AS createdAt, s.last_sent_at AS lastSentAt, p.name AS passkeyName
       FROM push_subscriptions s LEFT JOIN passkeys p ON p.id = s.passkey_id ORDER BY s.id`,
    )
    .all()
    .map((row) => asRow<Device>(row));
}

export function deviceCount(db: DatabaseSync): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM push_subscriptions").get() as { n: number }).n;
}

/** "Chrome on Android", from the browser's user agent: enough for the owner to tell devices apart. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /SamsungBrowser/.test(userAgent)
      ? "Samsung Internet"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Chrome\/|Chromium\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad|iPod/.test(userAgent)
      ? "iPhone or iPad"
      : /Mac OS X/.test(userAgent)
        ? "Mac"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux|CrOS/.test(userAgent)
            ? "Linux"
            : "a computer";
  return `${browser} on ${system}`;
}

/** What a push shows: a title, a line, and the owner's page it opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path in the owner's area. */
  url: string;
  /** Pushes with one tag replace each other on the device (a request's reminder replaces its alert). */
  tag: string;
}

/** A push lives a day in the push service while the device is off; so is it tried. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Queues the message to every device, in the caller's transaction. Returns how many. */
export function queuePush(db: DatabaseSync, message: PushMessage, now = new Date()): number {
  const ids = statement(db, "SELECT id FROM push_subscriptions ORDER BY id").all() as { id: number }[];
  for (const { id } of ids) {
    enqueue(db, { kind: "push", payload: { subscriptionId: id, ...message }, runAt: now, giveUpAt: new Date(now.getTime() + PUSH_TTL_SECONDS * 1000), now });
  }
  return ids.length;
}

/** "Sarah M.": the first name and the initial of the last, never the whole name. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Someone";
  const last = words.length > 1 ? ` ${words.at(-1)!.charAt(0).toUpperCase()}.` : "";
  return `${words[0]}${last}`;
}

const POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*\d[A-Z]{2}\b/i;

/**
 * Where the request is, without the street: a town we serve named in the address or postcode
 * field, else the postcode's first half (SG4), else nothing.
 */
export function placeOf(location: string, towns: readonly string[]): string | undefined {
  const lower = location.toLowerCase();
  const town = towns.find((name) => new RegExp(`\\b${name.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(lower));
  if (town) return town;
  const postcode = POSTCODE.exec(location);
  return postcode ? postcode[1]!.toUpperCase() : undefined;
}

export interface PushSender {
  keys: VapidKeys;
  /** mailto: of the business's address: push services refuse placeholder subjects. */
  subject: string;
  /** For tests: the agent that trusts a loopback push service's certificate. */
  agent?: Agent;
}

interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long a signed VAPID JWT runs (push services take up to 24 h, RFC 8292). */
const VAPID_EXPIRES_SECONDS = 12 * 60 * 60;
/** How long one signed JWT is reused for a push service: it always has at least 11 h left. */
const VAPID_REUSE_MS = 60 * 60 * 1000;

/**
 * The VAPID Authorization header for a push service, signed once an hour rather than once a push
 * (the ES256 signature was half of each push's work on the main thread). Real time, not the
 * queue's clock: the push service checks `exp` against its own.
 */
export function vapidAuthorizations(sender: Pick<PushSender, "keys" | "subject">): (endpoint: string) => string {
  const signed = new Map<string, { header: string; at: number }>();
  return (endpoint) => {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = signed.get(audience);
    if (cached && now - cached.at < VAPID_REUSE_MS) return cached.header;
    const expires = Math.floor(now / 1000) + VAPID_EXPIRES_SECONDS;
    const header = webpush.getVapidHeaders(audience, sender.subject, sender.keys.publicKey, sender.keys.privateKey, "aes128gcm", expires).Authorization;
    signed.set(audience, { header, at: now });
    return header;
  };
}

/** The queue's handler for "push": sends to one device; a gone device is deleted. */
export function pushHandler(store: Db, sender: PushSender): Record<string, JobHandler> {
  const authorization = vapidAuthorizations(sender);
  return {
    push: async (job, now) => {
      const { subscriptionId, title, body, url, tag } = job.payload as unknown as { subscriptionId: number } & PushMessage;
      const sub = store.db.prepare("SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE id = ?").get(subscriptionId) as StoredSubscription | undefined;
      if (!sub) return { outcome: "not sent: device removed" };
      const remaining = Math.max(60, Math.round((Date.parse(job.createdAt) + PUSH_TTL_SECONDS * 1000 - now.getTime()) / 1000));
      try {
        await webpush.sendNotification(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify({ title, body, url, tag }),
          {
            headers: { Authorization: authorization(sub.endpoint) },
            TTL: Math.min(PUSH_TTL_SECONDS, remaining),
            urgency: "high",
            ...(sender.agent ? { agent: sender.agent } : {}),
          },
        );
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) {
          return {
            outcome: `device gone (${status}): subscription deleted`,
            commit: () => store.db.prepare("DELETE FROM push_subscriptions WHERE id = ?").run(subscriptionId),
          };
        }
        // The endpoint is a secret: the error names the push service's host only.
        throw new Error(`push service ${new URL(sub.endpoint).host} answered ${status ?? (error instanceof Error ? error.message : error)}`, { cause: error });
      }
      return { outcome: "sent", commit: () => store.db.prepare("UPDATE push_subscriptions SET last_sent_at = ? WHERE id = ?").run(now.toISOString(), subscriptionId) };
    },
  };
}
