/**
 * The thank-you page's one-time link to book a survey (issue 38 §4), under the one link rule
 * (./tokens.server.ts): a 256-bit token made when the request is stored and shown once, on the
 * page its form answers with; only its hash is kept. It opens the request's times until a survey
 * is booked with it or it expires; the customer's page link is the other way in after that.
 */
import type { DatabaseSync } from "node:sqlite";
import { statement } from "../db/statements.ts";
import { DAY_MS, findByToken, hashToken, linkState, newToken, type LinkState } from "./tokens.server.ts";

/** How long the thank-you page's link books: two days, then the customer's page does. */
export const BOOKING_TOKEN_DAYS = 2;

/** Makes a request's booking link, in the transaction that stores the request; returns its token. */
export function makeBookingToken(db: DatabaseSync, leadId: number, now: Date): string {
  const token = newToken();
  statement(db, "INSERT INTO survey_booking_tokens (token_hash, lead_id, expires_at) VALUES (?, ?, ?)").run(hashToken(token), leadId, new Date(now.getTime() + BOOKING_TOKEN_DAYS * DAY_MS).toISOString());
  return token;
}

export type BookingLink = { state: "open"; leadId: number } | { state: Exclude<LinkState, "open"> };

/** Where a booking link leads: its request while open; a forged one is unknown, a used or old one closed. */
export function checkBookingToken(db: DatabaseSync, token: string, now: Date = new Date()): BookingLink {
  const row = findByToken(token, (hash) => statement(db, "SELECT lead_id AS leadId, expires_at AS expiresAt, used_at AS usedAt FROM survey_booking_tokens WHERE token_hash = ?").get(hash) as { leadId: number; expiresAt: string; usedAt: string | null } | undefined);
  const state = linkState(row && { expiresAt: row.expiresAt, used: row.usedAt !== null }, now);
  return state === "open" ? { state, leadId: row!.leadId } : { state };
}

/** Closes a request's booking link for good, in the booking's transaction. */
export function closeBookingToken(db: DatabaseSync, leadId: number, now: Date): void {
  statement(db, "UPDATE survey_booking_tokens SET used_at = ? WHERE lead_id = ? AND used_at IS NULL").run(now.toISOString(), leadId);
}
