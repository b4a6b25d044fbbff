/**
 * What a draft says, as one short string: the send confirmation page carries it, and Yes sends
 * only if the draft still says the same (a change made in another tab since is never sent
 * unseen). A quote's and an invoice's drafts both use it.
 */
import { createHash } from "node:crypto";
import type { Quote } from "./quotes.server.ts";

/** The short string of whatever the draft says (any JSON value). */
export function versionOf(said: unknown): string {
  return createHash("sha256").update(JSON.stringify(said)).digest("base64url").slice(0, 22);
}

export function quoteVersion(quote: Pick<Quote, "lines" | "vat" | "validUntil" | "notes" | "guarantees" | "revision">): string {
  return versionOf([quote.lines, quote.vat, quote.validUntil, quote.notes, quote.guarantees, quote.revision]);
}
