/**
 * The one rule for every link that stands in for a sign-in (invites, quotes, reviews; the
 * customer's page and the calendar feed to come):
 * - a random token of 256 bits in the link, and only its SHA-256 in the database, so the
 *   database alone never yields a working link;
 * - an expiry, single use where it must be, and a replacement that closes the link it replaced;
 * - the same answers wherever a visitor meets a closed link: unknown (404, also for anything that
 *   is not our token's shape, so nothing says whether another document exists), and expired,
 *   replaced or used (410), each with a plain message and the phone number.
 */
import { createHash, randomBytes } from "node:crypto";

/** A 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether a link's token has the shape of ours; anything else is unknown without a database look-up. */
export function looksLikeToken(token: string): boolean {
  return /^[\w-]{20,100}$/.test(token);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** What a visitor meets at a private link. */
export type LinkState = "open" | "unknown" | "expired" | "replaced" | "used";
export type ClosedLinkState = Exclude<LinkState, "open">;

/** The answer to a closed link: nothing found is 404; found but closed for good is 410. */
export const CLOSED_LINK_STATUS: Record<ClosedLinkState, 404 | 410> = { unknown: 404, expired: 410, replaced: 410, used: 410 };

/** What decides a found link's state; each kind of link says which of these it has. */
export interface LinkFacts {
  /** ISO instant from which the link no longer opens; null for none. */
  expiresAt: string | null;
  /** A newer document took its place. */
  replaced?: boolean;
  /** A single-use link that was used. */
  used?: boolean;
  /** Closed by its document's own state before its expiry came (a quote marked expired). */
  expired?: boolean;
}

/**
 * The record behind a token, or undefined: a token that is not of our shape is never looked up,
 * so a forged one and an unknown one are answered alike.
 */
export function findByToken<T>(token: string, find: (hash: string) => T | undefined): T | undefined {
  return looksLikeToken(token) ? find(hashToken(token)) : undefined;
}

/** The state of a link from what was found for it (undefined: nothing), at `now`. Replaced and used come before expired. */
export function linkState(facts: LinkFacts | undefined, now: Date): LinkState {
  if (!facts) return "unknown";
  if (facts.replaced) return "replaced";
  if (facts.used) return "used";
  if (facts.expired || (facts.expiresAt !== null && facts.expiresAt <= now.toISOString())) return "expired";
  return "open";
}
