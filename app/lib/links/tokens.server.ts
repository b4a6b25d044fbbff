/**
 * The one rule for every link that stands in for a sign-in (invites, quotes, reviews, the
 * customer's page; the calendar feed to come), docs/decisions/0026-one-link-rule.md:
 * - a link shown once (an invite, a quote's, a review's) is a random token of 256 bits, and only
 *   its SHA-256 is in the database;
 * - a link shown again and again (the customer's page) is derived: a random id kept in the
 *   database and a MAC of it made with a key kept outside the database (db/link-key.server.ts),
 *   so a reset is a new id and the old link is refused;
 * - either way the database alone never yields a working link;
 * - an expiry, single use where it must be, and a replacement that closes the link it replaced;
 * - the same answers wherever a visitor meets a closed link: unknown (404, also for anything that
 *   is not our token's shape, so nothing says whether another document exists), and expired,
 *   replaced or used (410), each with a plain message and the phone number.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

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

/** What a derived link is for: the same id gives each purpose a different link. */
export type DerivedPurpose = "customer-page" | "calendar-feed";

const ID_BYTES = 16;
const MAC_BYTES = 16;

/** A derived link's id: 128 random bits, as hex. Kept in the database; it opens nothing alone. */
export function newLinkId(): string {
  return randomBytes(ID_BYTES).toString("hex");
}

function mac(key: Buffer, purpose: DerivedPurpose, id: Buffer): Buffer {
  return createHmac("sha256", key).update(`${purpose}\0`).update(id).digest().subarray(0, MAC_BYTES);
}

/**
 * The link's token for an id: the id and its MAC (128 bits that only the key makes), 43
 * characters like every other token. The same key, purpose and id always give the same token.
 */
export function derivedToken(key: Buffer, purpose: DerivedPurpose, linkId: string): string {
  const id = Buffer.from(linkId, "hex");
  if (id.length !== ID_BYTES) throw new Error("A derived link's id is 32 hex digits");
  return Buffer.concat([id, mac(key, purpose, id)]).toString("base64url");
}

/**
 * The id a derived token carries, when its MAC is the key's (compared in constant time); undefined
 * for anything else, so a forged token is never looked up.
 */
export function linkIdOf(key: Buffer, purpose: DerivedPurpose, token: string): string | undefined {
  if (!looksLikeToken(token)) return undefined;
  const bytes = Buffer.from(token, "base64url");
  // Only the one spelling of the bytes: base64url would also read a token with other last bits.
  if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString("base64url") !== token) return undefined;
  const id = bytes.subarray(0, ID_BYTES);
  return timingSafeEqual(bytes.subarray(ID_BYTES), mac(key, purpose, id)) ? id.toString("hex") : undefined;
}
