import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { inboxPage } from "../requests/inbox.server.ts";
import { MigrationFailed, openDatabase } from "./database.server.ts";
import { MIGRATIONS } from "./migrations/index.ts";

const newFile = () => path.join(mkdtempSync(path.join(tmpdir(), "kestrel-db-")), "leads.sqlite");

/** A database as the code before numbered files made it: the first `count` migrations run, counted in user_version only. */
function databaseCountedUpTo(count: number): string {
  const file = newFile();
  const old = new DatabaseSync(file);
  for (const migration of MIGRATIONS.slice(0, count)) old.exec(migration.sql);
  old.exec(`PRAGMA user_version = ${count}`);
  old.prepare("INSERT INTO leads (created_at, form, page, name, email, phone, location, message) VALUES (?, 'quote', '/', 'Before', 'b@example.org', '01438 000000', '', 'Stored before the upgrade')").run("2026-01-01T00:00:00Z");
  old.close();
  return file;
}

const recorded = (db: DatabaseSync) => (db.prepare("SELECT name FROM schema_migrations ORDER BY name").all() as { name: string }[]).map((r) => r.name);
const userVersion = (db: DatabaseSync) => (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
const tables = (db: DatabaseSync) => (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

describe("the migrations", () => {
  it("are numbered files run once, in order, and recorded by name", () => {
    expect(MIGRATIONS.map((m) => m.name)).toEqual([...MIGRATIONS.map((m) => m.name)].sort());
    MIGRATIONS.forEach((m, i) => expect(m.name).toMatch(new RegExp(`^${String(i + 1).padStart(4, "0")}-[a-z-]+$`)));
    const db = openDatabase(newFile());
    try {
      expect(recorded(db)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(userVersion(db)).toBe(MIGRATIONS.length);
    } finally {
      db.close();
    }
  });

  it("bring a database made by today's code up to date in place, every row kept, nothing run twice", () => {
    const file = databaseCountedUpTo(MIGRATIONS.length);
    const db = openDatabase(file);
    try {
      expect(recorded(db)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(db.prepare("SELECT name, message FROM leads").all()).toEqual([{ name: "Before", message: "Stored before the upgrade" }]);
    } finally {
      db.close();
    }
    // Opened again, nothing runs: every CREATE TABLE would fail if it did.
    openDatabase(file).close();
  });

  it("the owner's area migration keeps every stored request and makes it New", () => {
    const ownerArea = MIGRATIONS.findIndex((m) => m.name.endsWith("-owner-area"));
    expect(ownerArea).toBeGreaterThan(0);
    const store = new LeadStore(databaseCountedUpTo(ownerArea));
    try {
      expect(store.list().map((l) => [l.name, l.status])).toEqual([["Before", "new"]]);
      expect(inboxPage(store, { q: "01438000000" }).total, "and findable by the owner's search").toBe(1);
      expect(userVersion(store.db)).toBe(MIGRATIONS.length);
    } finally {
      store.close();
    }
  });

  it("a failing migration changes nothing and names itself", () => {
    const file = databaseCountedUpTo(MIGRATIONS.length);
    const broken = [...MIGRATIONS, { name: "0099-broken", sql: "CREATE TABLE half_done (a TEXT); INSERT INTO no_such_table VALUES (1);" }];
    let failure: unknown;
    try {
      openDatabase(file, broken).close();
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(MigrationFailed);
    expect((failure as MigrationFailed).migration).toBe("0099-broken");
    expect((failure as Error).message).toMatch(/migration 0099-broken failed, and nothing of it was applied \(no such table: no_such_table\)/);
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      expect(tables(db)).not.toContain("half_done");
      expect(recorded(db)).toEqual(MIGRATIONS.map((m) => m.name));
      expect(userVersion(db)).toBe(MIGRATIONS.length);
      expect(db.prepare("SELECT count(*) AS n FROM leads").get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  });

  it("a database made by a newer version is refused, not changed", () => {
    const file = newFile();
    openDatabase(file, [...MIGRATIONS, { name: "0099-from-the-future", sql: "CREATE TABLE future (a TEXT)" }]).close();
    expect(() => openDatabase(file)).toThrow(/newer version of the site \(migration 0099-from-the-future\)/);
  });
});

/** Opens `file` from `count` processes of their own at once; resolves to what each printed. */
async function openTogether(file: string, count: number): Promise<string[]> {
  const start = Date.now() + 1500;
  const opener = path.resolve("tests/support/open-database.ts");
  const runs = Array.from({ length: count }, () => promisify(execFile)(process.execPath, [opener, file, String(start)]));
  return (await Promise.all(runs)).map((run) => run.stdout.trim());
}

describe("opening the database from several processes at once", () => {
  it.each([
    ["a new file, each process migrating", () => newFile()],
    ["a file whose writer holds its lock for half a second", () => {
      const file = newFile();
      openDatabase(file).close();
      const writer = new DatabaseSync(file);
      setTimeout(() => writer.exec("BEGIN IMMEDIATE"), 1400);
      setTimeout(() => { writer.exec("COMMIT"); writer.close(); }, 1900);
      return file;
    }],
  ])("waits for the lock and opens it, each migration run once: %s", async (_case, made) => {
    const opened = await openTogether(made(), 4);
    expect(opened).toEqual(Array(4).fill(String(MIGRATIONS.length)));
  }, 20_000);
});
