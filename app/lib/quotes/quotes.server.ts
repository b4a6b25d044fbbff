/**
 * The quotes table: written quotes made from a request. A quote is a Draft while the owner
 * writes it; Send locks it for good and gives the customer a private link. A change after that
 * is a new revision under the same number, and sending it marks the old one Replaced. Every step
 * is audited on the request, in the same transaction.
 */
import { fileContent, type Business } from "../../content/index.ts";
import { asRow, type Db } from "../db/connection.server.ts";
import { FOLLOW_UP_DAYS, queueFollowUps, queueQuoteEvent, type QuoteEvent } from "./events.server.ts";
import { quoteTotals, type QuoteLine } from "./money.ts";
import { recordAudit } from "../db/audit.server.ts";
import { addDays, ukDate, ukDayEnd } from "../time/uk-time.ts";
import { followEvent } from "../requests/inbox.server.ts";
import type { QuoteStatus } from "./status.ts";
import { DAY_MS, findByToken, hashToken, linkState, newToken, type ClosedLinkState } from "../links/tokens.server.ts";

/** How long a new quote is valid, unless the owner sets another date. */
export const DEFAULT_VALID_DAYS = 30;
/** The most lines a quote takes: a phone screen of them is already long. */
export const MAX_LINES = 30;

export interface Quote {
  id: number;
  leadId: number;
  year: number;
  sequence: number;
  revision: number;
  status: QuoteStatus;
  createdAt: string;
  lines: QuoteLine[];
  vat: boolean;
  vatNumber: string | null;
  /** The last day the quote can be accepted, YYYY-MM-DD in UK time. */
  validUntil: string;
  notes: string;
  /** The guarantee lines from the business facts that apply, as they read there. */
  guarantees: string[];
  netPence: number;
  vatPence: number;
  totalPence: number;
  followUps: boolean;
  /** The end of the valid-until day (set when sent): the link stops working then. */
  expiresAt: string | null;
  sentAt: string | null;
  viewedAt: string | null;
  answeredAt: string | null;
  /** The name the customer typed to accept, or their name on a decline. */
  answerName: string | null;
  /** The network address the answer came from. */
  answerAddress: string | null;
  declineReason: string | null;
}

const COLUMNS = `id, lead_id AS leadId, year, sequence, revision, status, created_at AS createdAt, lines, vat,
  vat_number AS vatNumber, valid_until AS validUntil, notes, guarantees, net_pence AS netPence, vat_pence AS vatPence,
  total_pence AS totalPence, follow_ups AS followUps, expires_at AS expiresAt, sent_at AS sentAt, viewed_at AS viewedAt,
  answered_at AS answeredAt, answer_name AS answerName, answer_address AS answerAddress, decline_reason AS declineReason`;

function asQuote(row: unknown): Quote {
  const raw = asRow<Omit<Quote, "lines" | "guarantees" | "vat" | "followUps"> & { lines: string; guarantees: string; vat: number; followUps: number }>(row);
  return { ...raw, lines: JSON.parse(raw.lines) as QuoteLine[], guarantees: JSON.parse(raw.guarantees) as string[], vat: raw.vat === 1, followUps: raw.followUps === 1 };
}

/** "Q-2026-0042", and "Q-2026-0042 rev 2" for a revision. */
export function quoteNumber(quote: Pick<Quote, "year" | "sequence" | "revision">): string {
  const base = `Q-${quote.year}-${String(quote.sequence).padStart(4, "0")}`;
  return quote.revision > 1 ? `${base} rev ${quote.revision}` : base;
}

/** The quote's file name: "Q-2026-0042.pdf", "Q-2026-0042-rev-2.pdf". */
export function quoteFileName(quote: Pick<Quote, "year" | "sequence" | "revision">): string {
  return `${quoteNumber(quote).replace(" rev ", "-rev-")}.pdf`;
}

export function quotePath(token: string): string {
  return `/q/${token}`;
}

/** A new quote's valid-until day: DEFAULT_VALID_DAYS UK days after `now`'s. */
function defaultValidUntil(now: Date): string {
  return addDays(ukDate(now), DEFAULT_VALID_DAYS);
}

export function quoteById(store: Db, id: number): Quote | undefined {
  const row = store.db.prepare(`SELECT ${COLUMNS} FROM quotes WHERE id = ?`).get(id);
  return row ? asQuote(row) : undefined;
}

/** A request's quotes, newest first. */
export function quotesOfLead(store: Db, leadId: number): Quote[] {
  return store.db.prepare(`SELECT ${COLUMNS} FROM quotes WHERE lead_id = ? ORDER BY id DESC`).all(leadId).map(asQuote);
}

/** A new Draft for the request, numbered next in its year; undefined when there is no such request. */
export function createQuote(store: Db, leadId: number, options: { actor: string; vatNumber?: string; now?: Date }): Quote | undefined {
  const now = options.now ?? new Date();
  return store.inTransaction(() => {
    if (!store.db.prepare("SELECT 1 FROM leads WHERE id = ?").get(leadId)) return undefined;
    const year = Number(ukDate(now).slice(0, 4));
    const { next } = store.db.prepare("SELECT COALESCE(MAX(sequence), 0) + 1 AS next FROM quotes WHERE year = ?").get(year) as { next: number };
    const row = store.db
      .prepare(
        `INSERT INTO quotes (lead_id, year, sequence, created_at, vat, vat_number, valid_until)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
      )
      .get(leadId, year, next, now.toISOString(), options.vatNumber ? 1 : 0, options.vatNumber ?? null, defaultValidUntil(now));
    const quote = asQuote(row);
    recordAudit(store, { actor: options.actor, action: "started a quote", leadId, detail: quoteNumber(quote), now });
    return quote;
  });
}

export interface QuoteDraft {
  lines: QuoteLine[];
  vat: boolean;
  validUntil: string;
  notes: string;
  guarantees: string[];
  followUps: boolean;
}

/** Saves the owner's changes to a Draft, with its totals; false when the quote is no longer a draft. */
export function saveDraft(store: Db, id: number, draft: QuoteDraft): boolean {
  const totals = quoteTotals(draft.lines, draft.vat);
  const changed = store.db
    .prepare(
      `UPDATE quotes SET lines = ?, vat = ?, valid_until = ?, notes = ?, guarantees = ?, follow_ups = ?, net_pence = ?, vat_pence = ?, total_pence = ?
       WHERE id = ? AND status = 'draft'`,
    )
    .run(JSON.stringify(draft.lines), draft.vat ? 1 : 0, draft.validUntil, draft.notes, JSON.stringify(draft.guarantees), draft.followUps ? 1 : 0,
      totals.netPence, totals.vatPence, totals.totalPence, id).changes;
  return Number(changed) === 1;
}

export type SendRefusal = "not-draft" | "no-lines" | "past-date" | "earlier-answered";

/**
 * Locks a Draft and gives it a link: Sent, with the token's hash and an expiry at the end of its
 * valid-until day; the request becomes Quoted and an earlier revision Replaced. The token is
 * returned once and never stored. `hours`, the opening hours published now (the files' unless
 * given), plan its follow-ups. `alongside` runs in the same transaction once it is sent (the
 * e-mail's row in the queue): when it throws, nothing of the send is kept.
 */
export function sendQuote(
  store: Db,
  id: number,
  options: { actor: string; now?: Date; hours?: Business["openingHours"]; alongside?: (quote: Quote, now: Date) => void },
): { token: string; quote: Quote } | { refused: SendRefusal } {
  const now = options.now ?? new Date();
  return store.inTransaction(() => {
    const quote = quoteById(store, id);
    if (!quote || quote.status !== "draft") return { refused: "not-draft" as const };
    if (quote.lines.length === 0) return { refused: "no-lines" as const };
    if (quote.validUntil < ukDate(now)) return { refused: "past-date" as const };
    const earlier = store.db
      .prepare("SELECT id, status FROM quotes WHERE year = ? AND sequence = ? AND revision < ? AND status NOT IN ('replaced', 'draft')")
      .all(quote.year, quote.sequence, quote.revision) as { id: number; status: QuoteStatus }[];
    if (earlier.some((e) => e.status === "accepted")) return { refused: "earlier-answered" as const };
    const token = newToken();
    store.db
      .prepare("UPDATE quotes SET status = 'sent', token_hash = ?, expires_at = ?, sent_at = ? WHERE id = ?")
      .run(hashToken(token), ukDayEnd(quote.validUntil).toISOString(), now.toISOString(), id);
    for (const e of earlier) store.db.prepare("UPDATE quotes SET status = 'replaced' WHERE id = ?").run(e.id);
    recordAudit(store, { actor: options.actor, action: "sent the quote", leadId: quote.leadId, detail: quoteNumber(quote), now });
    followEvent(store, quote.leadId, "quote-sent", options.actor, now);
    queueFollowUps(store.db, id, now, options.hours ?? fileContent.business.openingHours);
    const sent = quoteById(store, id)!;
    options.alongside?.(sent, now);
    return { token, quote: sent };
  });
}

/**
 * Takes back a send whose e-mail never left (the mail server refused it): the quote is a Draft
 * again and its link is gone, since the customer never had it. The request stays Quoted only if
 * it was so before; the audit says what happened.
 */
export function unsendQuote(store: Db, id: number, reason: string): void {
  store.inTransaction(() => takeBackSend(store, id, reason));
}

/** unsendQuote inside the caller's transaction (the queue's, when it gives the e-mail up). */
export function takeBackSend(store: Db, id: number, reason: string): void {
  const quote = quoteById(store, id);
  if (!quote || quote.status !== "sent" || quote.viewedAt) return;
  store.db.prepare("UPDATE quotes SET status = 'draft', token_hash = NULL, expires_at = NULL, sent_at = NULL WHERE id = ?").run(id);
  store.db.prepare("DELETE FROM quote_links WHERE quote_id = ?").run(id);
  // The revisions this send replaced get back the state they had (only an answered quote has answered_at).
  store.db
    .prepare(
      `UPDATE quotes SET status = CASE WHEN answered_at IS NOT NULL THEN 'declined' WHEN expires_at <= ? THEN 'expired' WHEN viewed_at IS NOT NULL THEN 'viewed' ELSE 'sent' END
       WHERE year = ? AND sequence = ? AND revision < ? AND status = 'replaced' AND sent_at IS NOT NULL`,
    )
    .run(new Date().toISOString(), quote.year, quote.sequence, quote.revision);
  recordAudit(store, { actor: "mail server", action: "refused the quote's e-mail; it is a draft again", leadId: quote.leadId, detail: `${quoteNumber(quote)}: ${reason.slice(0, 200)}` });
}

/**
 * A new Draft revision of a sent quote, with its lines, for the owner to change. When a newer
 * revision is already being written, that one is returned. Undefined for a draft or an accepted quote.
 */
export function reviseQuote(store: Db, id: number, options: { actor: string; now?: Date }): Quote | undefined {
  const now = options.now ?? new Date();
  return store.inTransaction(() => {
    const quote = quoteById(store, id);
    if (!quote || quote.status === "draft" || quote.status === "accepted" || quote.status === "replaced") return undefined;
    const newer = store.db.prepare(`SELECT ${COLUMNS} FROM quotes WHERE year = ? AND sequence = ? AND revision > ? ORDER BY revision DESC`).get(quote.year, quote.sequence, quote.revision);
    if (newer) return asQuote(newer);
    const validUntil = quote.validUntil < ukDate(now) ? defaultValidUntil(now) : quote.validUntil;
    const row = store.db
      .prepare(
        `INSERT INTO quotes (lead_id, year, sequence, revision, created_at, lines, vat, vat_number, valid_until, notes, guarantees,
           net_pence, vat_pence, total_pence, follow_ups)
         SELECT lead_id, year, sequence, revision + 1, ?, lines, vat, vat_number, ?, notes, guarantees, net_pence, vat_pence, total_pence, follow_ups
         FROM quotes WHERE id = ? RETURNING ${COLUMNS}`,
      )
      .get(now.toISOString(), validUntil, id);
    const revision = asQuote(row);
    recordAudit(store, { actor: options.actor, action: "started a revision of the quote", leadId: quote.leadId, detail: quoteNumber(revision), now });
    return revision;
  });
}

export type QuoteLink = { state: "open"; quote: Quote } | { state: Exclude<ClosedLinkState, "used"> };

/**
 * What a customer's link leads to (the one rule of tokens.server.ts). Open covers an answered
 * quote too: it shows the answer, and an answer closes neither the link nor its expiry.
 */
export function checkQuoteLink(store: Db, token: string, now: Date = new Date()): QuoteLink {
  // The link the quote was sent with, or one a follow-up e-mail carried.
  const row = findByToken(
    token,
    (hash) =>
      store.db.prepare(`SELECT ${COLUMNS} FROM quotes WHERE token_hash = ?`).get(hash) ??
      store.db.prepare(`SELECT ${COLUMNS} FROM quotes WHERE id = (SELECT quote_id FROM quote_links WHERE token_hash = ?)`).get(hash),
  );
  const quote = row ? asQuote(row) : undefined;
  const answered = quote?.status === "accepted" || quote?.status === "declined";
  const state = linkState(quote && { replaced: quote.status === "replaced", expired: quote.status === "expired", expiresAt: answered ? null : quote.expiresAt }, now);
  if (state === "open") return { state, quote: quote! };
  return { state: state === "used" ? "unknown" : state };
}

/** Records the customer's first look; true only that first time, so the owner is told once. */
export function markViewed(store: Db, id: number, now: Date = new Date()): boolean {
  return store.inTransaction(() => {
    const changed = Number(store.db.prepare("UPDATE quotes SET status = 'viewed', viewed_at = ? WHERE id = ? AND status = 'sent'").run(now.toISOString(), id).changes);
    if (changed) {
      const quote = quoteById(store, id)!;
      recordAudit(store, { actor: "the customer", action: "opened the quote", leadId: quote.leadId, detail: quoteNumber(quote), now });
      tellOwnerOf(store, quote, "viewed", now);
    }
    return changed === 1;
  });
}

export interface Answer {
  name: string;
  address: string;
  now?: Date;
}

/** Whether the quote still waits for an answer at `now`. */
function awaitsAnswer(quote: Quote, now: Date): boolean {
  return (quote.status === "sent" || quote.status === "viewed") && Boolean(quote.expiresAt && quote.expiresAt > now.toISOString());
}

/**
 * The customer accepts: their name, the time and the address are recorded, the quote is locked
 * as Accepted and the request is Won. False when it no longer waits for an answer (a second
 * accept changes nothing).
 */
export function acceptQuote(store: Db, id: number, answer: Answer): boolean {
  return answerQuote(store, id, answer, "accepted");
}

/** The customer declines, with an optional reason; the request is Lost. */
export function declineQuote(store: Db, id: number, answer: Answer & { reason: string }): boolean {
  return answerQuote(store, id, answer, "declined", answer.reason);
}

function answerQuote(store: Db, id: number, answer: Answer, status: "accepted" | "declined", reason?: string): boolean {
  const now = answer.now ?? new Date();
  return store.inTransaction(() => {
    const quote = quoteById(store, id);
    if (!quote || !awaitsAnswer(quote, now)) return false;
    store.db
      .prepare("UPDATE quotes SET status = ?, answered_at = ?, answer_name = ?, answer_address = ?, decline_reason = ? WHERE id = ?")
      .run(status, now.toISOString(), answer.name, answer.address, reason ?? null, id);
    const actor = answer.name ? `${answer.name} (customer)` : "the customer";
    recordAudit(store, {
      actor,
      action: status === "accepted" ? "accepted the quote" : "declined the quote",
      leadId: quote.leadId,
      detail: reason ? `${quoteNumber(quote)}: ${reason}` : quoteNumber(quote),
      now,
    });
    followEvent(store, quote.leadId, status === "accepted" ? "quote-accepted" : "quote-declined", actor, now);
    tellOwnerOf(store, quote, status, now);
    return true;
  });
}

/** Queues the owner's e-mail and push for a customer's step, in the step's transaction. */
function tellOwnerOf(store: Db, quote: Quote, event: QuoteEvent, now: Date) {
  const lead = store.db.prepare("SELECT name FROM leads WHERE id = ?").get(quote.leadId) as { name: string } | undefined;
  queueQuoteEvent(store.db, { id: quote.id, leadId: quote.leadId, number: quoteNumber(quote), totalPence: quote.totalPence, customerName: lead?.name ?? "" }, event, now);
}

/**
 * A further link to a quote, for a follow-up e-mail: its token is returned once and only its hash
 * is kept. It leads where the first link does, and stops with the quote.
 */
export function addQuoteLink(store: Db, quoteId: number, now: Date = new Date()): string {
  const token = newToken();
  store.db.prepare("INSERT INTO quote_links (token_hash, quote_id, created_at) VALUES (?, ?, ?)").run(hashToken(token), quoteId, now.toISOString());
  return token;
}

/** Turns a quote's follow-up e-mails off or on again (a draft's, or a sent one's still waiting). */
export function setFollowUps(store: Db, id: number, on: boolean, actor: string): boolean {
  return store.inTransaction(() => {
    const quote = quoteById(store, id);
    if (!quote || !["draft", "sent", "viewed"].includes(quote.status)) return false;
    if (quote.followUps === on) return true;
    store.db.prepare("UPDATE quotes SET follow_ups = ? WHERE id = ?").run(on ? 1 : 0, id);
    recordAudit(store, { actor, action: on ? "turned the quote's follow-ups on" : "turned the quote's follow-ups off", leadId: quote.leadId, detail: quoteNumber(quote) });
    return true;
  });
}

/** How far ahead the inbox warns of a quote about to expire. */
export const EXPIRING_SOON_DAYS = 3;

export interface ExpiringQuote {
  id: number;
  year: number;
  sequence: number;
  revision: number;
  leadName: string;
  expiresAt: string;
}

/** Sent or viewed quotes, unanswered, whose link stops working within a few days: soonest first. */
export function quotesExpiringSoon(store: Db, now: Date = new Date()): ExpiringQuote[] {
  return store.db
    .prepare(
      `SELECT quotes.id, year, sequence, revision, leads.name AS leadName, expires_at AS expiresAt FROM quotes JOIN leads ON leads.id = quotes.lead_id
       WHERE quotes.status IN ('sent', 'viewed') AND expires_at > ? AND expires_at <= ? ORDER BY expires_at, quotes.id`,
    )
    .all(now.toISOString(), new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS).toISOString())
    .map((row) => asRow<ExpiringQuote>(row));
}

/**
 * Marks Expired every unanswered quote past its valid-until day, with a line in its request's
 * history; returns how many. The link already refuses an answer from that moment: this makes the
 * owner's pages say so too.
 */
export function expireDue(store: Db, now: Date = new Date()): number {
  return store.inTransaction(() => {
    const due = store.db
      .prepare(`SELECT ${COLUMNS} FROM quotes WHERE status IN ('sent', 'viewed') AND expires_at <= ?`)
      .all(now.toISOString())
      .map(asQuote);
    for (const quote of due) {
      store.db.prepare("UPDATE quotes SET status = 'expired' WHERE id = ?").run(quote.id);
      recordAudit(store, { actor: "the site", action: "marked the quote expired", leadId: quote.leadId, detail: quoteNumber(quote), now });
    }
    return due.length;
  });
}

export interface FollowUpEntry {
  day: number;
  runAt: string;
  doneAt: string | null;
  outcome: string;
}

/** A quote's follow-up e-mails as queued: planned, sent, or why not. */
export function followUpsOf(store: Db, quoteId: number): FollowUpEntry[] {
  return FOLLOW_UP_DAYS.flatMap((day) => {
    const row = store.db.prepare("SELECT run_at AS runAt, done_at AS doneAt, outcome FROM jobs WHERE once_key = ?").get(`quote-follow-up-${day}:${quoteId}`) as
      | { runAt: string; doneAt: string | null; outcome: string | null }
      | undefined;
    return row ? [{ day, runAt: row.runAt, doneAt: row.doneAt, outcome: row.outcome ?? "" }] : [];
  });
}
