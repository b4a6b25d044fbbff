/**
 * What a customer did that the owner has not seen yet (issue 35 §1): asked to rearrange a visit,
 * wrote a review, accepted a quote, each after the owner last opened the request's page. Opening
 * it (`markSeen`) clears the chips. Read for a whole list of jobs in one query.
 */
import type { Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";
import type { Asked } from "./job.ts";

/** The owner opened the request's page: what the customer did before now is seen. */
export function markSeen(store: Db, leadId: number, now: Date = new Date()) {
  statement(store.db, "UPDATE leads SET seen_at = ? WHERE id = ?").run(now.toISOString(), leadId);
}

const SINCE = "COALESCE(l.seen_at, '')";

/** For each of these requests, what its customer did since the owner last opened it, in the chips' order. */
export function askedSinceSeen(store: Db, leadIds: readonly number[]): Map<number, Asked[]> {
  const asked = new Map<number, Asked[]>();
  if (leadIds.length === 0) return asked;
  const rows = store.db
    .prepare(
      `SELECT l.id,
              EXISTS (SELECT 1 FROM rearrange_requests r WHERE r.lead_id = l.id AND r.asked_at > ${SINCE}) AS rearrange,
              EXISTS (SELECT 1 FROM reviews v WHERE v.lead_id = l.id AND v.submitted_at > ${SINCE}) AS review,
              EXISTS (SELECT 1 FROM quotes q WHERE q.lead_id = l.id AND q.status = 'accepted' AND q.answered_at > ${SINCE}) AS accepted
       FROM leads l WHERE l.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(leadIds)) as { id: number; rearrange: number; review: number; accepted: number }[];
  for (const row of rows) {
    const chips = (["rearrange", "review", "accepted"] as const).filter((kind) => row[kind]);
    if (chips.length) asked.set(row.id, chips);
  }
  return asked;
}
