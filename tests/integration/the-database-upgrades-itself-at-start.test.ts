/**
 * The real server brings the database up to date at start (app/lib/db/), or, when a migration
 * fails, does not start and names it, leaving the file as it was.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, it } from "vitest";
import { MIGRATIONS } from "../../app/lib/db/migrations/index.ts";
import { startServer } from "../support/server.ts";

/** A data folder whose database the code before numbered migrations made, with one request in it. */
function oldDataDir(upTo: number, extra = ""): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-upgrade-"));
  const db = new DatabaseSync(path.join(dir, "leads.sqlite"));
  for (const migration of MIGRATIONS.slice(0, upTo)) db.exec(migration.sql);
  db.exec(`PRAGMA user_version = ${upTo}`);
  db.prepare("INSERT INTO leads (created_at, form, page, name, email, phone, location, message) VALUES (?, 'quote', '/', 'Kept Across', 'k@example.org', '01438 000000', '', 'Sent before the upgrade')").run("2026-01-01T00:00:00Z");
  if (extra) db.exec(extra);
  db.close();
  return dir;
}

it("starts on a database made before the upgrade, with every request kept", async () => {
  const server = await startServer({}, oldDataDir(MIGRATIONS.length - 1));
  try {
    expect(server.rows().map((row) => row.name)).toEqual(["Kept Across"]);
    const db = new DatabaseSync(path.join(server.dataDir, "leads.sqlite"), { readOnly: true });
    expect((db.prepare("SELECT name FROM schema_migrations ORDER BY name").all() as { name: string }[]).map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
    db.close();
  } finally {
    await server.stop();
  }
});

it("does not start when a migration fails, names it, and leaves the database as it was", async () => {
  const last = MIGRATIONS.at(-1)!;
  // What the last migration makes (a table, a column, or the last of its indexes) is already there, so that migration fails.
  const table = /CREATE TABLE (\w+)/.exec(last.sql)?.[1];
  const column = /ALTER TABLE (\w+) ADD COLUMN (\w+)/.exec(last.sql);
  const indexes = [...last.sql.matchAll(/CREATE INDEX (\w+)/g)].map((match) => match[1]!);
  if (!table && !column && !indexes.length) throw new Error(`${last.name} makes neither a table, a column nor an index: say here what stands in its way`);
  const inTheWay = table
    ? `CREATE TABLE ${table} (in_the_way TEXT)`
    : column
      ? `ALTER TABLE ${column[1]} ADD COLUMN ${column[2]} TEXT DEFAULT 'in the way'`
      : `CREATE INDEX ${indexes.at(-1)} ON leads (name)`;
  const dir = oldDataDir(MIGRATIONS.length - 1, inTheWay);
  await expect(startServer({}, dir)).rejects.toThrow(new RegExp(`Cannot start: The database could not be brought up to date: migration ${last.name} failed, and nothing of it was applied`));
  const db = new DatabaseSync(path.join(dir, "leads.sqlite"), { readOnly: true });
  try {
    expect((db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version).toBe(MIGRATIONS.length - 1);
    expect(db.prepare("SELECT name FROM leads").all()).toEqual([{ name: "Kept Across" }]);
    if (table) expect(db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all()).toEqual([{ name: "in_the_way" }]);
    else if (column) expect(db.prepare(`SELECT type, dflt_value AS value FROM pragma_table_info('${column[1]}') WHERE name = ?`).all(column[2]!), "what stood in the way is as it was").toEqual([{ type: "TEXT", value: "'in the way'" }]);
    // Its indexes made before the one in the way were undone with it.
    else expect(db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND name IN (${indexes.map(() => "?").join(", ")})`).all(...indexes)).toEqual([{ name: indexes.at(-1) }]);
  } finally {
    db.close();
  }
});
