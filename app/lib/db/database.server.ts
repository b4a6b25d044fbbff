/**
 * The database: one SQLite file under DATA_DIR, opened here and nowhere else, with its pragmas, and
 * brought up to date by the numbered migrations in ./migrations/ before anything reads it
 * (docs/decisions/0002-node-sqlite.md).
 */
import { open, type FileHandle } from "node:fs/promises";
import { DatabaseSync } from "node:sqlite";
import { MIGRATIONS, type Migration } from "./migrations/index.ts";

/** A migration that failed: nothing of it was applied, and the server does not start. */
export class MigrationFailed extends Error {
  readonly migration: string;
  constructor(migration: string, cause: unknown) {
    super(`The database could not be brought up to date: migration ${migration} failed, and nothing of it was applied (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.migration = migration;
  }
}

/** Opens the database file (made when missing) and runs the migrations it has not had. */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): DatabaseSync {
  // The wait for a lock is set before anything else: turning on WAL, and the migrations, take a
  // lock another process opening the same file at the same moment may hold.
  const db = new DatabaseSync(file, { timeout: 5000 });
  try {
    db.exec("PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function inTransaction(db: DatabaseSync, work: () => void) {
  db.exec("BEGIN IMMEDIATE");
  try {
    work();
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/**
 * Runs, in order, each migration not yet recorded in `schema_migrations`, each in its own
 * transaction with its record, so a failed one leaves the database as it was. A database made
 * before the record was kept counted its migrations in `PRAGMA user_version` (still kept in step):
 * those are recorded as run.
 */
export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS) {
  inTransaction(db, () => {
    db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)");
    const recorded = (db.prepare("SELECT count(*) AS n FROM schema_migrations").get() as { n: number }).n;
    const counted = (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
    if (recorded === 0 && counted > 0) {
      const record = db.prepare("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)");
      for (const migration of migrations.slice(0, counted)) record.run(migration.name, new Date().toISOString());
    }
  });
  const applied = new Set((db.prepare("SELECT name FROM schema_migrations").all() as { name: string }[]).map((row) => row.name));
  const unknown = [...applied].filter((name) => !migrations.some((migration) => migration.name === name));
  if (unknown.length) throw new Error(`The database was made by a newer version of the site (migration ${unknown.sort().at(-1)}): restore the backup made before the upgrade, or run the newer version`);
  for (const [index, migration] of migrations.entries()) {
    if (applied.has(migration.name)) continue;
    try {
      inTransaction(db, () => {
        // Another process opening the file at the same moment may have run it while this one waited.
        if (db.prepare("SELECT 1 FROM schema_migrations WHERE name = ?").get(migration.name)) return;
        db.exec(migration.sql);
        db.prepare("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)").run(migration.name, new Date().toISOString());
        db.exec(`PRAGMA user_version = ${index + 1}`);
      });
    } catch (error) {
      throw new MigrationFailed(migration.name, error);
    }
  }
}

/** Flushes a file's data to disk on libuv's thread pool, keeping the file open between flushes. */
export function diskSync(): { sync: (file: string) => Promise<void>; close: () => void } {
  let handle: Promise<FileHandle> | undefined;
  return {
    sync: async (file) => {
      handle ??= open(file, "r");
      try {
        await (await handle).datasync();
      } catch (error) {
        // Opened again next time: a failure says nothing about the next flush.
        const failed = handle;
        handle = undefined;
        void failed?.then((open) => open.close()).catch(() => {});
        throw error;
      }
    },
    close: () => {
      void handle?.then((open) => open.close()).catch(() => {});
      handle = undefined;
    },
  };
}
