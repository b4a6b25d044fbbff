/**
 * The applied keys (migration 0021): each once-only key the dispatcher applied, with the answer
 * it gave, written in the same transaction as the change. Kept 30 days.
 */
import type { DatabaseSync } from "node:sqlite";
import { asRow } from "./connection.server.ts";
import { statement } from "./statements.ts";

/** What an applied action answered: a redirect (`to`, with its headers when it had any), or a page's data with its status. */
export type StoredAnswer = { status: number; to: string; headers?: Record<string, string> } | { status: number; body: unknown };

export interface AppliedKey {
  name: string;
  path: string;
  answer: StoredAnswer;
}

/** How long an applied key is kept: a phone's outbox sends within days, never a month. */
export const KEPT_DAYS = 30;

export function appliedKey(db: DatabaseSync, key: string): AppliedKey | undefined {
  const row = statement(db, "SELECT name, path, answer FROM applied_actions WHERE once_key = ?").get(key);
  if (!row) return undefined;
  const { name, path, answer } = asRow<{ name: string; path: string; answer: string }>(row);
  return { name, path, answer: JSON.parse(answer) as StoredAnswer };
}

export function recordAppliedKey(db: DatabaseSync, key: string, applied: AppliedKey, now: Date) {
  statement(db, "INSERT INTO applied_actions (once_key, name, path, applied_at, answer) VALUES (?, ?, ?, ?, ?)").run(key, applied.name, applied.path, now.toISOString(), JSON.stringify(applied.answer));
}

/** Forgets the keys applied more than 30 days before `now` (the nightly job); how many. */
export function forgetAppliedKeys(db: DatabaseSync, now: Date): number {
  const before = new Date(now.getTime() - KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return Number(db.prepare("DELETE FROM applied_actions WHERE applied_at < ?").run(before).changes);
}
