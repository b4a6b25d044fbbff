/**
 * What a draft quote says, as one short string: the send confirmation page carries it, and Yes
 * sends only if the quote still says the same (a change made in another tab since is never sent
 * unseen).
 */
import { createHash } from "node:crypto";
import type { Quote } from "../owner/quotes.server.ts";

export function quoteVersion(quote: Pick<Quote, "lines" | "vat" | "validUntil" | "notes" | "guarantees" | "revision">): string {
  const said = JSON.stringify([quote.lines, quote.vat, quote.validUntil, quote.notes, quote.guarantees, quote.revision]);
  return createHash("sha256").update(said).digest("base64url").slice(0, 22);
}
