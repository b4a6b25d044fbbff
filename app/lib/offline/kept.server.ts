/**
 * What the owner's phone keeps for a time with no signal (issue 36 §1, docs/decisions/0034):
 * the inbox, every open request's page and its Book a visit form, the diary, each draft quote and
 * its Send question, each sent invoice (to record a payment), each draft invoice and its Send
 * question, Money and Help, Waiting to send, and the app's own page for a page not kept. The service worker asks for this list
 * (/admin/offline/pages.json) and keeps the pages under an id derived from the session, so a
 * new sign-in never sees another session's pages.
 */
import { createHash } from "node:crypto";
import type { Db } from "../db/connection.server.ts";
import { DAY_MS } from "../links/tokens.server.ts";

/** The header every signed-in page carries: the id the phone keeps its pages under. */
export const KEEP_HEADER = "X-Owner-Keep";
/** The header the service worker's background fetches carry: not the owner opening a page. */
export const KEEPING_HEADER = "X-Owner-Keeping";

/** An id for the session's kept pages: derived from its token, never the token itself. */
export function keepId(sessionToken: string): string {
  return createHash("sha256").update(`kept-pages\n${sessionToken}`, "utf8").digest("hex").slice(0, 32);
}

/** Whether this request is the service worker keeping the page, not the owner opening it. */
export function isKeeping(request: Request): boolean {
  return request.headers.get(KEEPING_HEADER) === "1";
}

/** At most this many requests and drafts are kept: the phone's 5 MB stay the limit. */
const MOST = 150;

/** The pages the phone keeps, most needed first (the service worker stops at 5 MB). */
export function keptPages(store: Db, now: Date = new Date()): string[] {
  const until = new Date(now.getTime() + 14 * DAY_MS).toISOString();
  const requests = store.db
    .prepare(
      `SELECT l.id FROM leads l
       WHERE l.erased_at IS NULL
         AND (l.status IN ('new', 'contacted', 'quoted')
              OR (l.status = 'won' AND EXISTS (SELECT 1 FROM visits v WHERE v.lead_id = l.id AND v.status = 'booked' AND v.start_at >= ? AND v.start_at < ?)))
       ORDER BY l.id DESC LIMIT ${MOST}`,
    )
    .all(now.toISOString(), until) as { id: number }[];
  const drafts = store.db
    .prepare(`SELECT q.id FROM quotes q JOIN leads l ON l.id = q.lead_id WHERE q.status = 'draft' AND l.erased_at IS NULL ORDER BY q.id DESC LIMIT ${MOST}`)
    .all() as { id: number }[];
  const invoices = store.db
    .prepare(`SELECT i.id, i.status FROM invoices i JOIN leads l ON l.id = i.lead_id WHERE i.status IN ('sent', 'draft') AND l.erased_at IS NULL ORDER BY i.id DESC LIMIT ${MOST}`)
    .all() as { id: number; status: string }[];
  return [
    "/admin",
    "/admin/diary",
    "/admin/offline",
    "/admin/waiting",
    ...requests.map((row) => `/admin/requests/${row.id}`),
    ...drafts.map((row) => `/admin/quotes/${row.id}`),
    // The forms for what can be done with no signal: book a visit, record a payment.
    ...requests.map((row) => `/admin/requests/${row.id}/visits/new`),
    ...invoices.map((row) => `/admin/invoices/${row.id}`),
    // The questions before a send, which say with no signal that it goes when the signal is back.
    ...drafts.map((row) => `/admin/quotes/${row.id}/send`),
    ...invoices.filter((row) => row.status === "draft").map((row) => `/admin/invoices/${row.id}/send`),
    "/admin/money",
    "/admin/help",
  ];
}
