/**
 * Invites: the only way to a first passkey. `npm run owner -- invite` makes one on the server's
 * shell; the link carries the token, the table only its hash. Valid 24 hours, once.
 */
import { asRow, type Db } from "../db/connection.server.ts";
import { DAY_MS, findByToken, hashToken, linkState, newToken } from "../links/tokens.server.ts";

export const INVITE_VALID_MS = DAY_MS;

export interface Invite {
  id: number;
  name: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export type InviteState = { state: "valid"; invite: Invite } | { state: "used" | "expired" | "unknown" };

export function invitePath(token: string): string {
  return `/admin/invite/${token}`;
}

/** Makes an invite and returns its token (shown once, never stored). */
export function createInvite(store: Db, options: { name: string; now?: Date }): { token: string; invite: Invite } {
  const now = options.now ?? new Date();
  const token = newToken();
  const row = store.db
    .prepare(
      `INSERT INTO owner_invites (token_hash, name, created_at, expires_at) VALUES (?, ?, ?, ?)
       RETURNING id, name, created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt`,
    )
    .get(hashToken(token), options.name, now.toISOString(), new Date(now.getTime() + INVITE_VALID_MS).toISOString());
  return { token, invite: asRow<Invite>(row) };
}

export function checkInvite(store: Db, token: string, now: Date = new Date()): InviteState {
  const invite = findByToken(token, (hash) => store.db.prepare("SELECT id, name, created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt FROM owner_invites WHERE token_hash = ?").get(hash));
  const found = invite ? asRow<Invite>(invite) : undefined;
  const state = linkState(found && { expiresAt: found.expiresAt, used: found.usedAt !== null }, now);
  if (state === "open") return { state: "valid", invite: found! };
  return { state: state === "replaced" ? "unknown" : state };
}

/** Marks the invite used; false when it was used or expired meanwhile (two tabs, one link). */
export function spendInvite(store: Db, id: number, now: Date = new Date()): boolean {
  const at = now.toISOString();
  return Number(store.db.prepare("UPDATE owner_invites SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?").run(at, id, at).changes) === 1;
}
