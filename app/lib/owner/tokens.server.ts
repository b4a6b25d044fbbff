/**
 * The one rule for every link that stands in for a sign-in (invites, quotes): a random token of
 * 256 bits in the link, only its SHA-256 stored, an expiry, and single use where it must be.
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
