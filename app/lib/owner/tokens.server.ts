/** Secrets handed to a browser or printed once: only their SHA-256 is ever stored. */
import { createHash, randomBytes } from "node:crypto";

/** A 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export const DAY_MS = 24 * 60 * 60 * 1000;
