/**
 * Prepared statements kept per database: `db.prepare` compiles its SQL every time it is called,
 * which on the path that stores a visitor's request cost more than running the statement.
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";

const prepared = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/** The statement for `sql` on `db`, compiled on first use. */
export function statement(db: DatabaseSync, sql: string): StatementSync {
  let byText = prepared.get(db);
  if (!byText) prepared.set(db, (byText = new Map()));
  let compiled = byText.get(sql);
  if (!compiled) byText.set(sql, (compiled = db.prepare(sql)));
  return compiled;
}
