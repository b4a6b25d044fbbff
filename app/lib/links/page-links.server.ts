/**
 * The link to a customer's own page, /c/{token} (docs/decisions/0026-one-link-rule.md). Every
 * request has one from the moment it is stored, and every e-mail to the customer carries it. It
 * is shown again and again (each e-mail, the owner's request page, to text), so it is derived:
 * the row keeps a random id, and the token is that id with a MAC made by the key kept outside the
 * database (tokens.server.ts). Reset marks the row replaced and makes another: the old link then
 * answers 410, and the request's erasure removes every row (the link then answers 404).
 */
import type { DatabaseSync } from "node:sqlite";
import type { KeyedDb } from "../db/connection.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import { derivedToken, linkIdOf, linkState, newLinkId } from "./tokens.server.ts";
import { statement } from "../db/statements.ts";

const PURPOSE = "customer-page";

export function customerPagePath(token: string): string {
  return `/c/${token}`;
}

/** Gives a request its page, in the transaction that stores it. */
export function makeCustomerPage(db: DatabaseSync, leadId: number, now: Date): void {
  statement(db, "INSERT INTO customer_page_links (link_id, lead_id, made_at) VALUES (?, ?, ?)").run(newLinkId(), leadId, now.toISOString());
}

/** The token of a request's page as it is now; undefined when it has none (the request was erased). */
export function customerPageToken(store: KeyedDb, leadId: number): string | undefined {
  const row = statement(store.db, "SELECT link_id AS linkId FROM customer_page_links WHERE lead_id = ? AND replaced_at IS NULL").get(leadId) as { linkId: string } | undefined;
  return row ? derivedToken(store.linkKey, PURPOSE, row.linkId) : undefined;
}

/** The page's whole address, for an e-mail; undefined when the request was erased. */
export function customerPageUrl(store: KeyedDb, siteUrl: string, leadId: number): string | undefined {
  const token = customerPageToken(store, leadId);
  return token ? `${siteUrl}${customerPagePath(token)}` : undefined;
}

/** Where a customer's page link leads: the request, a page replaced by a newer link, or nothing. */
export type CustomerLink = { state: "open"; leadId: number } | { state: "replaced" | "unknown" };

/** The one rule (tokens.server.ts): a forged token, or one whose request was erased, is unknown. */
export function checkCustomerLink(store: KeyedDb, token: string, now: Date = new Date()): CustomerLink {
  const linkId = linkIdOf(store.linkKey, PURPOSE, token);
  const row = linkId
    ? (statement(store.db, "SELECT lead_id AS leadId, replaced_at AS replacedAt FROM customer_page_links WHERE link_id = ?").get(linkId) as { leadId: number; replacedAt: string | null } | undefined)
    : undefined;
  const state = linkState(row && { expiresAt: null, replaced: row.replacedAt !== null }, now);
  if (state === "open") return { state, leadId: row!.leadId };
  return { state: state === "replaced" ? "replaced" : "unknown" };
}

/**
 * Reset customer link: the page's link now is replaced by a new one, which every later e-mail
 * carries; returns its token, or undefined when there is no such request.
 */
export function resetCustomerLink(store: KeyedDb, leadId: number, actor: string, now: Date = new Date()): string | undefined {
  return store.inTransaction(() => {
    if (!store.db.prepare("SELECT 1 FROM leads WHERE id = ?").get(leadId)) return undefined;
    store.db.prepare("UPDATE customer_page_links SET replaced_at = ? WHERE lead_id = ? AND replaced_at IS NULL").run(now.toISOString(), leadId);
    makeCustomerPage(store.db, leadId, now);
    recordAudit(store, { actor, action: "reset the customer's page link: the old one no longer opens it", leadId, now });
    return customerPageToken(store, leadId);
  });
}
