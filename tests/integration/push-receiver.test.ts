/**
 * The test push service (tests/support/push-receiver.ts) against the web-push library: what
 * web-push sends arrives decrypted with its VAPID claims checked, what is forged or sent to a
 * dead subscription is refused the way a real push service refuses it, and web-push sees the
 * refusal.
 */
import { createCipheriv, createECDH, createPrivateKey, hkdfSync, randomBytes, sign } from "node:crypto";
import https from "node:https";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import webpush, { WebPushError, type RequestOptions } from "web-push";
import { startPushReceiver, type BrowserSubscription, type PushReceiver } from "../support/push-receiver.ts";

const SUBJECT = "mailto:owner@example.com";
const VAPID = webpush.generateVAPIDKeys();

let receiver: PushReceiver;
let agent: https.Agent;

beforeEach(async () => {
  receiver = await startPushReceiver();
  agent = new https.Agent({ ca: receiver.caPem });
});
afterEach(async () => {
  agent.destroy();
  await receiver.close();
});

function send(subscription: BrowserSubscription, payload: string, options: RequestOptions = {}) {
  return webpush.sendNotification(subscription, payload, {
    vapidDetails: { subject: SUBJECT, publicKey: VAPID.publicKey, privateKey: VAPID.privateKey },
    TTL: 86400,
    agent,
    ...options,
  });
}

/** The WebPushError a send was refused with. */
async function refusal(sending: Promise<unknown>): Promise<WebPushError> {
  const error = await sending.then(
    () => new Error("The push was accepted"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebPushError);
  return error as WebPushError;
}

/** A vapid Authorization header signed by hand with the VAPID private key, with the claims given. */
function vapidHeader(claims: Record<string, unknown>, publicKey = VAPID.publicKey, privateKey = VAPID.privateKey): string {
  const point = Buffer.from(publicKey, "base64url");
  const key = createPrivateKey({
    key: { kty: "EC", crv: "P-256", d: privateKey, x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const unsigned = [{ typ: "JWT", alg: "ES256" }, claims].map((part) => Buffer.from(JSON.stringify(part)).toString("base64url")).join(".");
  const signature = sign("sha256", Buffer.from(unsigned), { key, dsaEncoding: "ieee-p1363" }).toString("base64url");
  return `vapid t=${unsigned}.${signature}, k=${publicKey}`;
}

const inHours = (hours: number) => Math.floor(Date.now() / 1000) + hours * 3600;

describe("a push sent by web-push", () => {
  it("arrives decrypted, with its TTL, urgency, topic and VAPID claims", async () => {
    const subscription = receiver.subscribe("owner-phone");
    expect(subscription).toEqual({
      endpoint: expect.stringMatching(new RegExp(`^${receiver.origin}/push/owner-phone-[\\w-]{16}$`)),
      expirationTime: null,
      keys: { p256dh: expect.stringMatching(/^[\w-]{87}$/), auth: expect.stringMatching(/^[\w-]{22}$/) },
    });
    const message = { title: "New quote request", body: "Jane Doe, Stevenage: gutter repair", url: "/owner/leads/42" };

    const result = await send(subscription, JSON.stringify(message), { urgency: "high", topic: "new-lead" });
    expect(result.statusCode).toBe(201);
    expect(result.headers.location).toMatch(new RegExp(`^${receiver.origin}/message/`));

    const [push] = await receiver.waitFor(1);
    expect(push).toMatchObject({ endpoint: subscription.endpoint, name: "owner-phone", status: 201, ttl: 86400, urgency: "high", topic: "new-lead" });
    expect(push!.error).toBeUndefined();
    expect(JSON.parse(push!.payload!)).toEqual(message);
    expect(push!.vapid).toMatchObject({ sub: SUBJECT, aud: receiver.origin, publicKey: VAPID.publicKey });
    expect(push!.vapid!.exp).toBeGreaterThan(inHours(0));
    expect(push!.vapid!.exp).toBeLessThanOrEqual(inHours(24));
  });

  it("is refused with 401 when the JWT is signed by another key than the k= it names", async () => {
    const subscription = receiver.subscribe();
    const other = webpush.generateVAPIDKeys();
    const error = await refusal(
      send(subscription, "forged", { vapidDetails: { subject: SUBJECT, publicKey: VAPID.publicKey, privateKey: other.privateKey } }),
    );
    expect(error.statusCode).toBe(401);
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({ status: 401, payload: null, error: "The JWT signature does not verify against k=" });
    expect(receiver.received[0]!.vapid!.publicKey).toBe(VAPID.publicKey);
    await expect(receiver.waitFor(1, 200)).rejects.toThrow(/Timed out .* received: 401 \(The JWT signature/);
  });

  it.each([
    { why: "all is well (the control)", claims: { aud: "origin", exp: inHours(12), sub: SUBJECT }, status: 201, error: undefined },
    { why: "aud is another push service", claims: { aud: "https://fcm.googleapis.com", exp: inHours(12), sub: SUBJECT }, status: 403, error: /aud is https:\/\/fcm/ },
    { why: "the JWT has expired", claims: { aud: "origin", exp: inHours(-1), sub: SUBJECT }, status: 401, error: /expired/ },
    { why: "exp is more than 24 hours ahead", claims: { aud: "origin", exp: inHours(25), sub: SUBJECT }, status: 401, error: /more than 24 hours/ },
    { why: "sub is an http: URL", claims: { aud: "origin", exp: inHours(12), sub: "http://example.com" }, status: 403, error: /not a mailto: or https: URL/ },
    { why: "sub is missing", claims: { aud: "origin", exp: inHours(12) }, status: 401, error: /lacks a string sub/ },
  ])("answers $status when $why", async ({ claims, status, error }) => {
    const subscription = receiver.subscribe();
    const authorization = vapidHeader({ ...claims, aud: claims.aud === "origin" ? receiver.origin : claims.aud });
    // No vapidDetails: web-push then sends the hand-made Authorization header as it is.
    const sending = send(subscription, "hello", { vapidDetails: undefined, headers: { Authorization: authorization } });
    if (status === 201) expect((await sending).statusCode).toBe(201);
    else expect((await refusal(sending)).statusCode).toBe(status);
    const [push] = receiver.received;
    expect(push!.status).toBe(status);
    if (error) expect(push!.error).toMatch(error);
    else expect([push!.payload, push!.error]).toEqual(["hello", undefined]);
  });

  it("is refused with 401 without any Authorization", async () => {
    const error = await refusal(send(receiver.subscribe(), "hello", { vapidDetails: undefined }));
    expect(error.statusCode).toBe(401);
    expect(receiver.received[0]).toMatchObject({ status: 401, error: "No Authorization header", vapid: null });
  });

  it("gets 410 Gone after setResponse(410), as a revoked subscription does, and 201 again after setResponse(null)", async () => {
    const subscription = receiver.subscribe();
    receiver.setResponse(410);
    const error = await refusal(send(subscription, "anyone there?"));
    expect(error.statusCode).toBe(410);
    expect(error.endpoint).toBe(subscription.endpoint);
    expect(receiver.received[0]).toMatchObject({ status: 410, payload: "anyone there?" });

    receiver.setResponse((push) => (push.payload === "busy" ? 503 : 201));
    expect((await refusal(send(subscription, "busy"))).statusCode).toBe(503);
    expect((await send(subscription, "fine")).statusCode).toBe(201);

    receiver.setResponse(null);
    expect((await send(subscription, "back")).statusCode).toBe(201);
    expect((await receiver.waitFor(2)).map((p) => p.payload)).toEqual(["fine", "back"]);
  });

  it("fails to connect at all while the service is down", async () => {
    const subscription = receiver.subscribe();
    receiver.setResponse("down");
    const error: unknown = await send(subscription, "hello").catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(WebPushError);
    expect((error as NodeJS.ErrnoException).code).toBe("ECONNRESET");
    expect(receiver.received).toHaveLength(0);
  });

  it("gets 404 for an endpoint the service never gave out", async () => {
    const { keys } = receiver.subscribe();
    const unknown = { endpoint: `${receiver.origin}/push/never-subscribed`, expirationTime: null, keys };
    const error = await refusal(send(unknown, "hello"));
    expect(error.statusCode).toBe(404);
    expect(receiver.received[0]).toMatchObject({ endpoint: unknown.endpoint, status: 404, error: "No such subscription", payload: null });
  });

  it("decrypts a payload of about 3000 octets", async () => {
    const subscription = receiver.subscribe();
    const text = Array.from({ length: 190 }, (_, i) => `${String(i).padStart(3, "0")} Ümläut✓ `).join("");
    expect(Buffer.byteLength(text)).toBe(3040);
    await send(subscription, text);
    const [push] = await receiver.waitFor(1);
    expect(push!.payload).toBe(text);
  });

  it("answers 413 to a body longer than 4096 octets", async () => {
    const error = await refusal(send(receiver.subscribe(), "x".repeat(4050)));
    expect(error.statusCode).toBe(413);
  });
});

describe("a body of many small records", () => {
  /** Encrypts as RFC 8291 does, in records of `rs` octets, each padded with zeros after its delimiter. */
  function encrypt(subscription: BrowserSubscription, text: string, rs: number): Buffer {
    const sender = createECDH("prime256v1");
    const senderPublic = sender.generateKeys();
    const uaPublic = Buffer.from(subscription.keys.p256dh, "base64url");
    const hkdf = (salt: Buffer, ikm: Buffer, info: string | Buffer, length: number) => Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
    const ikm = hkdf(Buffer.from(subscription.keys.auth, "base64url"), sender.computeSecret(uaPublic), Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, senderPublic]), 32);
    const salt = randomBytes(16);
    const cek = hkdf(salt, ikm, "Content-Encoding: aes128gcm\0", 16);
    const nonce = hkdf(salt, ikm, "Content-Encoding: nonce\0", 12);

    const data = Buffer.from(text);
    const perRecord = rs - 16 - 1 - 10; // ten zeros of padding in every record
    const records: Buffer[] = [];
    for (let seq = 0, start = 0; start < data.length; seq++, start += perRecord) {
      const last = start + perRecord >= data.length;
      const plain = Buffer.concat([data.subarray(start, start + perRecord), Buffer.from([last ? 2 : 1]), Buffer.alloc(10)]);
      const recordNonce = Buffer.from(nonce);
      recordNonce.writeUInt32BE((recordNonce.readUInt32BE(8) ^ seq) >>> 0, 8);
      const cipher = createCipheriv("aes-128-gcm", cek, recordNonce);
      records.push(cipher.update(plain), cipher.final(), cipher.getAuthTag());
    }
    const head = Buffer.alloc(21);
    salt.copy(head);
    head.writeUInt32BE(rs, 16);
    head[20] = senderPublic.length;
    return Buffer.concat([head, senderPublic, ...records]);
  }

  /** POSTs a body as a push; `drop` names headers to leave out. */
  function post(endpoint: string, body: Buffer, drop: string[] = []): Promise<number> {
    return new Promise((resolve, reject) => {
      const all = { Authorization: vapidHeader({ aud: receiver.origin, exp: inHours(1), sub: SUBJECT }), TTL: "60", "Content-Encoding": "aes128gcm" };
      const headers = Object.fromEntries(Object.entries(all).filter(([name]) => !drop.includes(name)));
      https
        .request(endpoint, { method: "POST", headers, agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        })
        .on("error", reject)
        .end(body);
    });
  }

  it("is decrypted record by record, padding taken off", async () => {
    const subscription = receiver.subscribe();
    const text = "Twelve records of a roofing quote. ".repeat(10);
    const body = encrypt(subscription, text, 50);
    expect(body.length).toBeGreaterThan(86 + 10 * 50);
    expect(await post(subscription.endpoint, body)).toBe(201);
    expect(receiver.received[0]).toMatchObject({ status: 201, payload: text, urgency: null, ttl: 60 });
  });

  it("is refused with 400 when a record is altered", async () => {
    const subscription = receiver.subscribe();
    const body = encrypt(subscription, "Twelve records of a roofing quote. ".repeat(10), 50);
    body[139] = body[139]! ^ 1; // a byte of the second record (header 86, first record 50)
    expect(await post(subscription.endpoint, body)).toBe(400);
    expect(receiver.received[0]).toMatchObject({ status: 400, payload: null, error: "Record 1 does not decrypt: wrong keys, or altered" });
  });

  it("is refused with 400 when it ends early, at a full record that is not the last", async () => {
    const subscription = receiver.subscribe();
    const body = encrypt(subscription, "Twelve records of a roofing quote. ".repeat(10), 50);
    expect(await post(subscription.endpoint, body.subarray(0, 86 + 3 * 50))).toBe(400);
    expect(receiver.received[0]!.error).toBe("Record 2 has padding delimiter 1, not 2");
  });

  it.each([
    { drop: "TTL", status: 400, error: "The TTL header is missing or not a number of seconds" },
    { drop: "Content-Encoding", status: 415, error: "Content-Encoding is missing, not aes128gcm" },
  ])("is refused with $status without its $drop header", async ({ drop, status, error }) => {
    const subscription = receiver.subscribe();
    expect(await post(subscription.endpoint, encrypt(subscription, "hello", 4096), [drop])).toBe(status);
    expect(receiver.received[0]).toMatchObject({ status, error, payload: null });
  });
});
