/** The audit table: every change made in the owner's area or from the owner command, who and when. */
import { asRow, type Db } from "./connection.server.ts";
import { statement } from "./statements.ts";

export interface AuditEntry {
  id: number;
  at: string;
  /** The passkey's name for the owner's area, "server shell" for the owner command. */
  actor: string;
  action: string;
  leadId: number | null;
  detail: string;
}

export function recordAudit(store: Db, entry: { actor: string; action: string; leadId?: number; detail?: string; now?: Date }) {
  statement(store.db, "INSERT INTO audit (at, actor, action, lead_id, detail) VALUES (?, ?, ?, ?, ?)").run((entry.now ?? new Date()).toISOString(), entry.actor, entry.action, entry.leadId ?? null, entry.detail ?? "");
}

/** A request's history, newest first (a line with no words, the dispatcher's own record of an action, is left out). */
export function auditOfLead(store: Db, leadId: number): AuditEntry[] {
  return store.db
    .prepare("SELECT id, at, actor, action, lead_id AS leadId, detail FROM audit WHERE lead_id = ? AND action <> '' ORDER BY at DESC, id DESC")
    .all(leadId)
    .map((row) => asRow<AuditEntry>(row));
}

/** Changes to the owner's area itself (passkeys added and removed), newest first. */
export function auditOfOwnerArea(store: Db, limit = 20): AuditEntry[] {
  return store.db
    .prepare("SELECT id, at, actor, action, lead_id AS leadId, detail FROM audit WHERE lead_id IS NULL AND action <> '' ORDER BY at DESC, id DESC LIMIT ?")
    .all(limit)
    .map((row) => asRow<AuditEntry>(row));
}
