/**
 * Owner sessions: a 256-bit random token in the browser's cookie, its SHA-256 in the table. A
 * session lasts 30 days from its last use and ends with its passkey.
 */
import { DAY_MS, hashToken, newToken } from "../links/tokens.server.ts";
import type { Db } from "../db/connection.server.ts";

export const SESSION_IDLE_MS = 30 * DAY_MS;
/** Last use is written at most this often, so that reading a page rarely writes to disk. */
export const SESSION_TOUCH_MS = 60 * 60 * 1000;

export interface OwnerSession {
  passkeyId: number;
  /** The passkey's name: who made a change. */
  name: string;
  /** True when the last use was just moved on: the cookie is sent again with a fresh lifetime. */
  renewed: boolean;
}

export function createSession(store: Db, passkeyId: number, now: Date = new Date()): string {
  const token = newToken();
  const at = now.toISOString();
  store.db.prepare("INSERT INTO owner_sessions (token_hash, passkey_id, created_at, last_used_at) VALUES (?, ?, ?, ?)").run(hashToken(token), passkeyId, at, at);
  return token;
}

/** The session of this token, renewed for another 30 days; undefined when unknown, expired or its passkey is gone. */
export function resumeSession(store: Db, token: string | undefined, now: Date = new Date()): OwnerSession | undefined {
  if (!token || !/^[\w-]{43}$/.test(token)) return undefined;
  const hash = hashToken(token);
  const row = store.db
    .prepare(
      `SELECT s.passkey_id AS passkeyId, s.last_used_at AS lastUsedAt, p.name AS name
       FROM owner_sessions s JOIN passkeys p ON p.id = s.passkey_id WHERE s.token_hash = ?`,
    )
    .get(hash) as { passkeyId: number; lastUsedAt: string; name: string } | undefined;
  if (!row) return undefined;
  const idle = now.getTime() - Date.parse(row.lastUsedAt);
  if (idle >= SESSION_IDLE_MS) {
    endSession(store, token);
    return undefined;
  }
  const renewed = idle >= SESSION_TOUCH_MS;
  if (renewed) store.db.prepare("UPDATE owner_sessions SET last_used_at = ? WHERE token_hash = ?").run(now.toISOString(), hash);
  return { passkeyId: row.passkeyId, name: row.name, renewed };
}

export function endSession(store: Db, token: string) {
  store.db.prepare("DELETE FROM owner_sessions WHERE token_hash = ?").run(hashToken(token));
}

/** Forgets sessions unused for 30 days (they no longer work anyway). */
export function sweepSessions(store: Db, now: Date = new Date()) {
  store.db.prepare("DELETE FROM owner_sessions WHERE last_used_at <= ?").run(new Date(now.getTime() - SESSION_IDLE_MS).toISOString());
}

/** Whether this token is a live session, read only (the visit counter leaves the owner's own visits out). */
export function isLiveSession(store: Db, token: string | undefined, now: Date = new Date()): boolean {
  if (!token || !/^[\w-]{43}$/.test(token)) return false;
  const row = store.db
    .prepare("SELECT s.last_used_at AS lastUsedAt FROM owner_sessions s JOIN passkeys p ON p.id = s.passkey_id WHERE s.token_hash = ?")
    .get(hashToken(token)) as { lastUsedAt: string } | undefined;
  return Boolean(row) && now.getTime() - Date.parse(row!.lastUsedAt) < SESSION_IDLE_MS;
}
