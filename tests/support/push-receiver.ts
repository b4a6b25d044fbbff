/**
 * A real Web Push service on loopback, for tests. It speaks HTTPS with a self-signed certificate
 * made at start, hands out subscriptions the way a browser does, checks each push's VAPID
 * authorization (RFC 8292) and decrypts its aes128gcm body (RFC 8188, RFC 8291) with the keys the
 * "browser" kept, and keeps what it received.
 */
import { execFile } from "node:child_process";
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** One push as the service received it, and what it answered. */
export interface ReceivedPush {
  endpoint: string;
  /** The name given to subscribe(), or null. */
  name: string | null;
  /** The status the service answered with. */
  status: number;
  ttl: number | null;
  urgency: string | null;
  topic: string | null;
  /** The JWT's claims and the key it names (k=); null when there was no readable VAPID header. */
  vapid: { sub: string; aud: string; exp: number; publicKey: string } | null;
  /** The decrypted message as UTF-8; null when there was no body or it was refused before reading. */
  payload: string | null;
  /** Why the push was refused. */
  error?: string;
}

/** What PushSubscription.toJSON() gives in a browser. */
export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/**
 * How the service answers a push that passed every check: a status instead of 201, a function
 * choosing one, "down" to drop every connection unanswered, or null for 201 again.
 */
export type PushResponse = number | ((push: ReceivedPush) => number) | "down" | null;

export interface PushReceiverOptions {
  /** The largest request body taken, in octets; a larger one is answered 413. RFC 8030 asks for 4096. */
  maxBodyBytes?: number;
}

export interface PushReceiver {
  /** https://127.0.0.1:port, the origin a VAPID JWT's aud must name. */
  origin: string;
  port: number;
  /** The certificate's PEM file, for NODE_EXTRA_CA_CERTS. */
  caFile: string;
  caPem: string;
  subscribe: (name?: string) => BrowserSubscription;
  /** Every push, refused ones too, in the order they arrived. */
  received: ReceivedPush[];
  setResponse: (response: PushResponse) => void;
  /** Resolves with the accepted (2xx) pushes once there are at least `count`. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedPush[]>;
  close: () => Promise<void>;
}

/** The keys a browser keeps for one subscription. */
interface Subscription {
  name: string | null;
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
}

/** A push turned away, with the status to answer. */
class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const run = promisify(execFile);

/** VAPID JWTs may not claim to live longer than this (RFC 8292 §2). */
const MAX_VAPID_LIFETIME_S = 24 * 60 * 60;

export async function startPushReceiver(options: PushReceiverOptions = {}): Promise<PushReceiver> {
  const maxBodyBytes = options.maxBodyBytes ?? 4096;
  const dir = await mkdtemp(path.join(tmpdir(), "push-receiver-"));
  const { keyPem, certPem, certFile } = await makeCertificate(dir);

  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  let response: PushResponse = null;

  const server = createServer({ key: keyPem, cert: certPem });
  // "Down" drops new connections before TLS, and requests on connections kept alive from before.
  server.on("connection", (socket) => {
    if (response === "down") socket.destroy();
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (response === "down") return void req.socket.destroy();
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const origin = `https://127.0.0.1:${port}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const { pathname } = new URL(req.url ?? "/", origin);
    const id = /^\/push\/([^/]+)$/.exec(pathname)?.[1];
    if (id === undefined) return void res.writeHead(404).end();
    if (req.method !== "POST") return void res.writeHead(405, { Allow: "POST" }).end();
    const body = await readBody(req, maxBodyBytes);

    const ttl = header(req, "ttl");
    const push: ReceivedPush = {
      endpoint: origin + pathname,
      name: null,
      status: 201,
      ttl: ttl !== null && /^\d+$/.test(ttl) ? Number(ttl) : null,
      urgency: header(req, "urgency"),
      topic: header(req, "topic"),
      vapid: null,
      payload: null,
    };
    try {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Refusal(404, "No such subscription");
      push.name = subscription.name;
      if (body === null) throw new Refusal(413, `The body is longer than ${maxBodyBytes} octets`);
      checkVapid(req.headers.authorization, origin, push);
      if (push.ttl === null) throw new Refusal(400, "The TTL header is missing or not a number of seconds");
      // A push without a body is allowed (RFC 8030 §5); one with a body must be aes128gcm.
      if (body.length > 0) {
        const encoding = header(req, "content-encoding");
        if (encoding !== "aes128gcm") throw new Refusal(415, `Content-Encoding is ${encoding ?? "missing"}, not aes128gcm`);
        push.payload = decrypt(body, subscription).toString("utf8");
      }
      if (typeof response === "number") push.status = response;
      else if (typeof response === "function") push.status = response(push);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      push.status = error.status;
      push.error = error.message;
    }

    received.push(push);
    for (const check of [...waiters]) check();
    // RFC 8030 §5: 201 with the message's own URL in Location, and the TTL kept.
    const headers = push.status === 201 ? { Location: `${origin}/message/${randomBytes(9).toString("base64url")}`, TTL: String(push.ttl) } : {};
    res.writeHead(push.status, headers).end(push.error ?? "");
  }

  return {
    origin,
    port,
    caFile: certFile,
    caPem: certPem,
    received,

    subscribe(name?: string) {
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = (name ? `${encodeURIComponent(name)}-` : "") + randomBytes(12).toString("base64url");
      subscriptions.set(id, { name: name ?? null, ecdh, publicKey, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
      };
    },

    setResponse(next: PushResponse) {
      response = next;
      if (next === "down") server.closeIdleConnections();
    },

    waitFor(count: number, timeoutMs = 5000) {
      return new Promise<ReceivedPush[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = received.map((p) => `${p.status}${p.error ? ` (${p.error})` : ""}`).join(", ") || "nothing";
          reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${count} accepted pushes; received: ${seen}`));
        }, timeoutMs);
        function check() {
          const accepted = received.filter((p) => p.status >= 200 && p.status < 300);
          if (accepted.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(accepted);
        }
        waiters.add(check);
        check();
      });
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A self-signed EC P-256 certificate for 127.0.0.1 and localhost, made by the openssl CLI. */
async function makeCertificate(dir: string) {
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  await run("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", keyFile, "-out", certFile, "-days", "2", "-subj", "/CN=127.0.0.1",
    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
  ]);
  return { keyPem: await readFile(keyFile, "utf8"), certPem: await readFile(certFile, "utf8"), certFile };
}

/** The body, or null when it is longer than `limit` (read to the end either way). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(size <= limit ? Buffer.concat(chunks) : null));
    req.on("error", reject);
  });
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" ? value : null;
}

/** base64url without padding, strictly: Buffer.from(…, "base64url") skips what it cannot read. */
function base64url(text: string | undefined, what: string): Buffer {
  if (text === undefined || !/^[A-Za-z0-9_-]*$/.test(text)) throw new Refusal(401, `${what} is not base64url`);
  return Buffer.from(text, "base64url");
}

function json(bytes: Buffer, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(bytes.toString("utf8"));
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new Refusal(401, `${what} is not a JSON object`);
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292) and records its claims on the push.
 * Absent, malformed, wrongly signed or expired is 401; a good signature on claims this service
 * does not take (another audience, a subject that is not mailto: or https:) is 403.
 */
function checkVapid(authorization: string | undefined, origin: string, push: ReceivedPush) {
  if (!authorization) throw new Refusal(401, "No Authorization header");
  const scheme = /^vapid\s+(.*)$/i.exec(authorization);
  if (!scheme) throw new Refusal(401, `Authorization is not the vapid scheme: ${authorization.split(" ")[0]}`);
  const params = new Map<string, string>();
  for (const part of scheme[1]!.split(",")) {
    const i = part.indexOf("=");
    if (i > 0) params.set(part.slice(0, i).trim().toLowerCase(), part.slice(i + 1).trim());
  }
  const token = params.get("t");
  const k = params.get("k");
  if (!token || !k) throw new Refusal(401, "The vapid Authorization lacks t= or k=");

  const parts = token.split(".");
  if (parts.length !== 3) throw new Refusal(401, "t= is not a JWT");
  const [head, body, signature] = parts as [string, string, string];
  const jwtHeader = json(base64url(head, "The JWT header"), "The JWT header");
  if (jwtHeader.alg !== "ES256") throw new Refusal(401, `The JWT is signed with ${String(jwtHeader.alg)}, not ES256`);
  const claims = json(base64url(body, "The JWT claims"), "The JWT claims");
  const { sub, aud, exp } = claims;
  if (typeof sub !== "string" || typeof aud !== "string" || typeof exp !== "number") {
    throw new Refusal(401, "The JWT lacks a string sub, a string aud or a numeric exp");
  }
  push.vapid = { sub, aud, exp, publicKey: k };

  const point = base64url(k, "k=");
  if (point.length !== 65 || point[0] !== 0x04) throw new Refusal(401, "k= is not an uncompressed P-256 public key");
  let key;
  try {
    const coordinates = { x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") };
    key = createPublicKey({ key: { kty: "EC", crv: "P-256", ...coordinates }, format: "jwk" });
  } catch {
    throw new Refusal(401, "k= is not a point on P-256");
  }
  const signed = verify("sha256", Buffer.from(`${head}.${body}`), { key, dsaEncoding: "ieee-p1363" }, base64url(signature, "The JWT signature"));
  if (!signed) throw new Refusal(401, "The JWT signature does not verify against k=");

  const now = Math.floor(Date.now() / 1000);
  if (exp <= now) throw new Refusal(401, `The JWT expired ${now - exp} s ago`);
  if (exp > now + MAX_VAPID_LIFETIME_S) throw new Refusal(401, `The JWT's exp is ${exp - now} s ahead, more than 24 hours`);
  if (aud !== origin) throw new Refusal(403, `The JWT's aud is ${aud}, not ${origin}`);
  if (!/^(mailto:|https:)/.test(sub)) throw new Refusal(403, `The JWT's sub is ${sub}, not a mailto: or https: URL`);
}

/**
 * Opens an aes128gcm body (RFC 8188) with the subscription's keys (RFC 8291).
 * Header: salt (16) | rs (4, big-endian) | idlen (1) | keyid (idlen: the sender's public key).
 */
function decrypt(body: Buffer, subscription: Subscription): Buffer {
  if (body.length < 21) throw new Refusal(400, "The body is shorter than an aes128gcm header");
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  if (rs < 18) throw new Refusal(400, `The record size ${rs} is below the least, 18`);
  if (idlen !== 65) throw new Refusal(400, `The keyid is ${idlen} octets, not a 65-octet P-256 public key`);
  if (body.length < 21 + idlen) throw new Refusal(400, "The body ends inside the keyid");
  const senderPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);

  let ecdhSecret: Buffer;
  try {
    ecdhSecret = subscription.ecdh.computeSecret(senderPublic);
  } catch {
    throw new Refusal(400, "The keyid is not a point on P-256");
  }
  // RFC 8291 §3.4: the auth secret and both public keys go into the IKM; then RFC 8188 §2.2-2.3.
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscription.publicKey, senderPublic]);
  const ikm = hkdf(subscription.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);

  if (records.length === 0) throw new Refusal(400, "The body has a header but no record");
  const plaintext: Buffer[] = [];
  for (let seq = 0, start = 0; start < records.length; seq++, start += rs) {
    const record = records.subarray(start, start + rs);
    const last = start + rs >= records.length;
    if (record.length < 17) throw new Refusal(400, `Record ${seq} is ${record.length} octets, too short for a tag and a delimiter`);
    // Each record's nonce is NONCE XOR its sequence number (big-endian, in the last octets).
    const recordNonce = Buffer.from(nonce);
    recordNonce.writeUInt32BE((recordNonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv("aes-128-gcm", cek, recordNonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    } catch {
      throw new Refusal(400, `Record ${seq} does not decrypt: wrong keys, or altered`);
    }
    // Padding: the data, one delimiter (2 in the last record, 1 in the others), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const expected = last ? 2 : 1;
    if (plain[end] !== expected) throw new Refusal(400, `Record ${seq} has padding delimiter ${String(plain[end])}, not ${expected}`);
    plaintext.push(plain.subarray(0, end));
  }
  return Buffer.concat(plaintext);
}

/** HKDF-SHA-256, Extract then Expand (RFC 5869). */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}
