import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { addPasskey, removePasskey } from "./passkeys.server.ts";
import { createSession, endSession, resumeSession, SESSION_IDLE_MS, SESSION_TOUCH_MS, sweepSessions } from "./sessions.server.ts";
import { hashToken } from "../links/tokens.server.ts";

let store: LeadStore;
const T0 = new Date("2026-11-01T12:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const passkey = (name = "Phone") => addPasskey(store, { credentialId: randomBytes(16).toString("base64url"), publicKey: randomBytes(77), counter: 0, name, now: T0 });

beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

describe("sessions", () => {
  it("a token is 256 random bits, and only its SHA-256 is stored", () => {
    const token = createSession(store, passkey().id, T0);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const stored = store.db.prepare("SELECT token_hash FROM owner_sessions").all().map((r) => r.token_hash);
    expect(stored).toEqual([hashToken(token)]);
    expect(JSON.stringify(store.db.prepare("SELECT * FROM owner_sessions").all())).not.toContain(token);
    expect(createSession(store, passkey().id, T0)).not.toBe(token);
  });

  it("resumes with the passkey's name, and refuses unknown or malformed tokens", () => {
    const key = passkey("Dave's phone");
    const token = createSession(store, key.id, T0);
    expect(resumeSession(store, token, T0)).toEqual({ passkeyId: key.id, name: "Dave's phone", renewed: false });
    expect(resumeSession(store, undefined, T0)).toBeUndefined();
    expect(resumeSession(store, "", T0)).toBeUndefined();
    expect(resumeSession(store, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, T0)).toBeUndefined();
    expect(resumeSession(store, "x'; DROP TABLE leads; --", T0)).toBeUndefined();
  });

  it("lasts 30 days from last use, sliding: each use (written at most hourly) moves the end on", () => {
    const token = createSession(store, passkey().id, T0);
    expect(resumeSession(store, token, at(SESSION_TOUCH_MS - 1))?.renewed).toBe(false);
    expect(resumeSession(store, token, at(SESSION_TOUCH_MS))?.renewed).toBe(true);
    // 29 days after that use it still works, and renews again.
    expect(resumeSession(store, token, at(SESSION_TOUCH_MS + 29 * 86_400_000))?.renewed).toBe(true);
    const lastUse = SESSION_TOUCH_MS + 29 * 86_400_000;
    expect(resumeSession(store, token, at(lastUse + SESSION_IDLE_MS - 1))).toBeDefined();
  });

  it("ends 30 days after last use, and is then forgotten", () => {
    const token = createSession(store, passkey().id, T0);
    expect(resumeSession(store, token, at(SESSION_IDLE_MS))).toBeUndefined();
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM owner_sessions").get()).toEqual({ n: 0 });
  });

  it("removing a passkey ends its sessions and no other's", () => {
    const lost = passkey("Lost phone");
    const kept = passkey("Laptop");
    const lostTokens = [createSession(store, lost.id, T0), createSession(store, lost.id, T0)];
    const keptToken = createSession(store, kept.id, T0);
    expect(removePasskey(store, lost.id, "Laptop")).toBe(true);
    for (const token of lostTokens) expect(resumeSession(store, token, T0)).toBeUndefined();
    expect(resumeSession(store, keptToken, T0)?.name).toBe("Laptop");
    expect(removePasskey(store, lost.id, "Laptop"), "only once").toBe(false);
    const audit = store.db.prepare("SELECT actor, action, detail FROM audit").all().map((r) => ({ ...r }));
    expect(audit).toEqual([{ actor: "Laptop", action: "removed a passkey", detail: "Lost phone" }]);
  });

  it("signing out ends one session; the sweep forgets idle ones", () => {
    const key = passkey();
    const a = createSession(store, key.id, T0);
    const b = createSession(store, key.id, at(SESSION_IDLE_MS));
    endSession(store, a);
    expect(resumeSession(store, a, T0)).toBeUndefined();
    sweepSessions(store, at(SESSION_IDLE_MS + 1));
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM owner_sessions").get()).toEqual({ n: 1 });
    expect(resumeSession(store, b, at(SESSION_IDLE_MS + 1))).toBeDefined();
  });
});
