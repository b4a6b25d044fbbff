/**
 * Reviews from every finished job. "Job done" on a Won request makes a review request with a
 * one-time link (`/review/{token}`, only its hash kept, 60 days); it goes to every finished job,
 * never only to chosen ones (Google forbids "review gating"). The customer gives stars, words, the
 * name to show and consent; every review is kept, whatever its stars. The owner publishes one
 * (only with consent) into the testimonials, or keeps it private. Every step is audited.
 */
import { asRow, type Db } from "../db/connection.server.ts";
import { checkName, displayName } from "../../content/rules/names.ts";
import { queuePush, shortName } from "../jobs/push.server.ts";
import { enqueue } from "../jobs/jobs.server.ts";
import { recordAudit } from "../db/audit.server.ts";
import type { LeadStatus } from "../requests/status.ts";
import { DAY_MS, findByToken, hashToken, linkState, newToken } from "../links/tokens.server.ts";

export const REVIEW_LINK_DAYS = 60;

export type ReviewStatus = "requested" | "submitted" | "published" | "private";

export interface Review {
  id: number;
  leadId: number;
  requestedAt: string;
  expiresAt: string;
  submittedAt: string | null;
  stars: number | null;
  text: string | null;
  displayName: string | null;
  consent: boolean;
  status: ReviewStatus;
}

const COLUMNS = `id, lead_id AS leadId, requested_at AS requestedAt, expires_at AS expiresAt, submitted_at AS submittedAt, stars, text,
  display_name AS displayName, consent, status`;
const asReview = (row: unknown): Review => {
  const review = asRow<Omit<Review, "consent"> & { consent: number }>(row);
  return { ...review, consent: review.consent === 1 };
};

export function reviewPath(token: string): string {
  return `/review/${token}`;
}

/**
 * Whether Job done may ask a request's customer for a review: only a Won request, and only once
 * (a second tap, or a replayed Yes, finds it asked). Undefined when there is no such request.
 */
export type JobDoneState = { state: "ask" } | { state: "asked"; requestedAt: string } | { state: "not-won"; status: LeadStatus };

export function jobDoneState(store: Db, leadId: number): JobDoneState | undefined {
  const lead = store.db.prepare("SELECT status FROM leads WHERE id = ?").get(leadId) as { status: LeadStatus } | undefined;
  if (!lead) return undefined;
  const asked = store.db.prepare("SELECT requested_at AS requestedAt FROM reviews WHERE lead_id = ? ORDER BY id LIMIT 1").get(leadId) as { requestedAt: string } | undefined;
  if (asked) return { state: "asked", requestedAt: asked.requestedAt };
  return lead.status === "won" ? { state: "ask" } : { state: "not-won", status: lead.status };
}

/**
 * Job done: a review request for a Won request not asked before, with its token returned once.
 * `alongside` runs in the same transaction (the e-mail's row in the queue): when it throws,
 * nothing is kept. Undefined when `jobDoneState` does not say "ask".
 */
export function requestReview(
  store: Db,
  leadId: number,
  options: { actor: string; now?: Date; alongside?: (review: Review, now: Date) => void },
): { token: string; review: Review } | undefined {
  const now = options.now ?? new Date();
  return store.inTransaction(() => {
    if (jobDoneState(store, leadId)?.state !== "ask") return undefined;
    const token = newToken();
    const row = store.db
      .prepare(`INSERT INTO reviews (lead_id, token_hash, requested_at, expires_at) VALUES (?, ?, ?, ?) RETURNING ${COLUMNS}`)
      .get(leadId, hashToken(token), now.toISOString(), new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS).toISOString());
    recordAudit(store, { actor: options.actor, action: "marked the job done and asked for a review", leadId, now });
    const review = asReview(row);
    options.alongside?.(review, now);
    return { token, review };
  });
}

/**
 * A new link for a review request still waiting, for its e-mail: the token is returned once and
 * only its hash kept; the link made before stops working. Undefined when it no longer waits.
 */
export function renewReviewLink(store: Db, id: number): string | undefined {
  const token = newToken();
  const changed = store.db.prepare("UPDATE reviews SET token_hash = ? WHERE id = ? AND status = 'requested'").run(hashToken(token), id).changes;
  return Number(changed) ? token : undefined;
}

/**
 * Takes back a review request whose e-mail never left (the queue gave it up): the customer never
 * had the link. Call it inside a transaction.
 */
export function withdrawReviewRequest(store: Db, id: number, reason: string) {
  const review = store.db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE id = ? AND status = 'requested'`).get(id);
  if (!review) return;
  store.db.prepare("DELETE FROM reviews WHERE id = ?").run(id);
  recordAudit(store, { actor: "mail server", action: "refused the review request's e-mail; it was not sent", leadId: asReview(review).leadId, detail: reason.slice(0, 200) });
}

/** An open link carries the name the form starts with: empty when the request's fails the name rule. */
export type ReviewLink = { state: "open"; review: Review; displayName: string } | { state: "done"; review: Review } | { state: "unknown" | "expired" };

/**
 * What a customer's link leads to (the one rule of tokens.server.ts). A used link thanks its
 * customer for the review it took; an unknown or forged one reveals nothing.
 */
export function checkReviewLink(store: Db, token: string, now: Date = new Date()): ReviewLink {
  const row = findByToken(token, (hash) => store.db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE token_hash = ?`).get(hash));
  return reviewLinkOf(store, row ? asReview(row) : undefined, now);
}

/**
 * The request's review as its customer's own page reaches it (/c/{token}/review): the same states
 * as its link's, but the link made for the e-mail is left as it is. Unknown when none was asked.
 */
export function reviewOfRequest(store: Db, leadId: number, now: Date = new Date()): ReviewLink {
  const row = store.db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE lead_id = ? ORDER BY id LIMIT 1`).get(leadId);
  return reviewLinkOf(store, row ? asReview(row) : undefined, now);
}

function reviewLinkOf(store: Db, review: Review | undefined, now: Date): ReviewLink {
  const state = linkState(review && { expiresAt: review.expiresAt, used: review.status !== "requested" }, now);
  if (state === "used") return { state: "done", review: review! };
  if (state === "open") {
    const lead = store.db.prepare("SELECT name FROM leads WHERE id = ?").get(review!.leadId) as { name: string } | undefined;
    return { state, review: review!, displayName: suggestedName(lead?.name ?? "") };
  }
  return { state: state === "expired" ? "expired" : "unknown" };
}

/**
 * The name the review form starts with: the request's first name and initial ("Sarah M."), with
 * capitals when it was typed without, or nothing when that would not pass the name rule.
 */
export function suggestedName(requestName: string): string {
  if (!requestName.trim()) return "";
  const checked = checkName(shortName(displayName(requestName)));
  return checked.ok ? checked.name : "";
}

export interface ReviewAnswer {
  stars: number;
  text: string;
  displayName: string;
  consent: boolean;
  now?: Date;
}

export const REVIEW_NOTICE = "review-notice";

/**
 * A new review reaches the owner by push and e-mail, through the one queue, in the review's own
 * transaction; its key makes it once per review.
 */
function tellOwnerOfReview(store: Db, review: { id: number; leadId: number; name: string; stars: number }, now: Date) {
  if (!enqueue(store.db, { kind: REVIEW_NOTICE, payload: { reviewId: review.id, leadId: review.leadId }, runAt: now, onceKey: `${REVIEW_NOTICE}:${review.id}`, giveUpAt: new Date(now.getTime() + 7 * DAY_MS), now })) return;
  queuePush(store.db, { title: "New review", body: `${shortName(review.name)} · ${review.stars} ${review.stars === 1 ? "star" : "stars"}`, url: `/admin/requests/${review.leadId}`, tag: `request-${review.leadId}` }, now);
}

/** The customer's review, once: false when the link was used or has expired meanwhile. */
export function submitReview(store: Db, id: number, answer: ReviewAnswer): boolean {
  const now = answer.now ?? new Date();
  return store.inTransaction(() => {
    const changed = Number(
      store.db
        .prepare(
          `UPDATE reviews SET status = 'submitted', submitted_at = ?, stars = ?, text = ?, display_name = ?, consent = ?
           WHERE id = ? AND status = 'requested' AND expires_at > ?`,
        )
        .run(now.toISOString(), answer.stars, answer.text, answer.displayName, answer.consent ? 1 : 0, id, now.toISOString()).changes,
    );
    if (changed) {
      const review = store.db.prepare("SELECT r.lead_id AS leadId, l.name FROM reviews r JOIN leads l ON l.id = r.lead_id WHERE r.id = ?").get(id) as { leadId: number; name: string };
      recordAudit(store, { actor: "the customer", action: `left a ${answer.stars}-star review`, leadId: review.leadId, detail: answer.consent ? "may be published" : "not for publishing", now });
      tellOwnerOfReview(store, { id, leadId: review.leadId, name: review.name, stars: answer.stars }, now);
    }
    return changed === 1;
  });
}

/** Reviews the customers have written, newest first, with their request's name and page. */
export function submittedReviews(store: Db): (Review & { leadName: string; leadPage: string; leadLocation: string })[] {
  return store.db
    .prepare(
      `SELECT r.id, r.lead_id AS leadId, r.requested_at AS requestedAt, r.expires_at AS expiresAt, r.submitted_at AS submittedAt, r.stars, r.text,
         r.display_name AS displayName, r.consent, r.status, leads.name AS leadName, leads.page AS leadPage, leads.location AS leadLocation
       FROM reviews r JOIN leads ON leads.id = r.lead_id WHERE r.status <> 'requested' ORDER BY r.submitted_at DESC, r.id DESC`,
    )
    .all()
    .map((row) => ({ ...asReview(row), ...(row as { leadName: string; leadPage: string; leadLocation: string }) }));
}

export function reviewById(store: Db, id: number): Review | undefined {
  const row = store.db.prepare(`SELECT ${COLUMNS} FROM reviews WHERE id = ?`).get(id);
  return row ? asReview(row) : undefined;
}

/** The owner keeps a submitted review off the site: false when it is not one waiting for his decision. */
export function keepReviewPrivate(store: Db, id: number, actor: string): boolean {
  return store.inTransaction(() => {
    const review = reviewById(store, id);
    if (review?.status !== "submitted") return false;
    store.db.prepare("UPDATE reviews SET status = 'private' WHERE id = ?").run(id);
    recordAudit(store, { actor, action: "kept a review private", leadId: review.leadId });
    return true;
  });
}

/**
 * Marks a review published, in the transaction that records the site version showing it: false
 * when it is no longer waiting for the owner's decision, or its customer did not consent.
 */
export function markReviewPublished(store: Db, id: number, actor: string, version: number): boolean {
  const review = reviewById(store, id);
  if (review?.status !== "submitted" || !review.consent) return false;
  store.db.prepare("UPDATE reviews SET status = 'published' WHERE id = ?").run(id);
  recordAudit(store, { actor, action: "published the customer's review on the site", leadId: review.leadId, detail: `version ${version}` });
  return true;
}
