import { afterEach, beforeEach, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { checkInvite, createInvite, INVITE_VALID_MS, invitePath, spendInvite } from "./invites.server.ts";
import { hashToken } from "../links/tokens.server.ts";

let store: LeadStore;
const T0 = new Date("2026-11-01T12:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeEach(() => (store = new LeadStore(":memory:")));
afterEach(() => store.close());

it("an invite is a 256-bit token in a path that works on any host; only its hash is stored", () => {
  const { token, invite } = createInvite(store, { name: "Dave", now: T0 });
  expect(Buffer.from(token, "base64url")).toHaveLength(32);
  expect(invitePath(token)).toBe(`/admin/invite/${token}`);
  expect(store.db.prepare("SELECT token_hash FROM owner_invites").get()).toEqual({ token_hash: hashToken(token) });
  expect(invite).toMatchObject({ name: "Dave", createdAt: T0.toISOString(), expiresAt: at(24 * 3_600_000).toISOString(), usedAt: null });
});

it("is valid for 24 hours, then expired", () => {
  const { token } = createInvite(store, { name: "Dave", now: T0 });
  expect(checkInvite(store, token, at(INVITE_VALID_MS - 1)).state).toBe("valid");
  expect(checkInvite(store, token, at(INVITE_VALID_MS)).state).toBe("expired");
});

it("works once: a second use, or a use after expiry, is refused", () => {
  const { token, invite } = createInvite(store, { name: "Dave", now: T0 });
  expect(spendInvite(store, invite.id, at(1000))).toBe(true);
  expect(spendInvite(store, invite.id, at(2000))).toBe(false);
  expect(checkInvite(store, token, at(3000)).state).toBe("used");
  const late = createInvite(store, { name: "Sue", now: T0 });
  expect(spendInvite(store, late.invite.id, at(INVITE_VALID_MS))).toBe(false);
});

it("an unknown or malformed token is not an invite", () => {
  createInvite(store, { name: "Dave", now: T0 });
  for (const token of ["", "short", "x".repeat(43), "../../../etc/passwd", `${"a".repeat(40)}'--`]) {
    expect(checkInvite(store, token, T0).state).toBe("unknown");
  }
});
