/**
 * The open database every store works on: the one connection (opened by ./database.server.ts),
 * one way to run work in a transaction, and the flush that makes a commit durable before anyone
 * is told it was stored. Stores are modules of queries that take a `Db`; none opens the file.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { diskSync, openDatabase } from "./database.server.ts";
import { PHOTOS_DIR } from "./files.server.ts";
import { linkKeyBeside } from "./link-key.server.ts";

/** What a store needs of the database: the connection, and a transaction. */
export interface Db {
  readonly db: DatabaseSync;
  /** Runs `work` in one transaction: all of it is committed, or none of it (inside one already, a part of it). */
  inTransaction<T>(work: () => T): T;
}

/** The database with the key kept beside it, that derives the links shown again (tokens.server.ts). */
export interface KeyedDb extends Db {
  readonly linkKey: Buffer;
}

/** A row as a plain object of the type its SQL names (node:sqlite rows have no prototype). */
export const asRow = <T>(row: unknown): T => ({ ...(row as object) }) as T;

export interface DatabaseOptions {
  /** Where the requests' photos are kept (default: photos/ beside the database file). */
  photosDir?: string;
  /** Flushes a file to disk (default: datasync on libuv's thread pool). */
  syncFile?: (file: string) => Promise<void>;
  /** The links' key (default: the file beside the database, made when missing). */
  linkKey?: Buffer;
}

export class Database implements KeyedDb {
  readonly db: DatabaseSync;
  /** The key that derives the customers' page links: kept beside the database, never in it. */
  readonly linkKey: Buffer;
  /** Where the photos' files are: `photos/` beside the database. */
  readonly photosDir: string;
  /** The write-ahead log's file, flushed to disk before a stored request is answered; undefined in memory. */
  private readonly walFile: string | undefined;
  private readonly syncFile: (file: string) => Promise<void>;
  private readonly closeSync: () => void;
  private flushing: Promise<void> | undefined;
  private flushAgain: Promise<void> | undefined;

  constructor(file: string, options: DatabaseOptions = {}) {
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    this.walFile = file === ":memory:" ? undefined : `${path.resolve(file)}-wal`;
    const disk = diskSync();
    this.syncFile = options.syncFile ?? disk.sync;
    this.closeSync = disk.close;
    this.photosDir = options.photosDir ?? path.join(path.dirname(path.resolve(file)), PHOTOS_DIR);
    this.linkKey = options.linkKey ?? linkKeyBeside(file);
    this.db = openDatabase(file);
  }

  inTransaction<T>(work: () => T): T {
    // Inside a transaction already (an owner action applies its store's changes inside the
    // dispatcher's one, app/lib/actions/): a savepoint, undone alone when `work` throws.
    const nested = this.db.isTransaction;
    this.db.exec(nested ? "SAVEPOINT nested" : "BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec(nested ? "RELEASE nested" : "COMMIT");
      return result;
    } catch (error) {
      this.db.exec(nested ? "ROLLBACK TO nested; RELEASE nested" : "ROLLBACK");
      throw error;
    }
  }

  /**
   * Flushes the write-ahead log to disk. A flush under way may have started before the caller's
   * commit, so the caller waits for the next one, which everyone committing meanwhile shares.
   */
  protected flushLog(): Promise<void> {
    const file = this.walFile;
    if (!file) return Promise.resolve();
    if (!this.flushing) {
      this.flushing = this.syncFile(file).finally(() => (this.flushing = undefined));
      return this.flushing;
    }
    this.flushAgain ??= this.flushing
      .catch(() => {})
      .then(() => {
        this.flushAgain = undefined;
        return this.flushLog();
      });
    return this.flushAgain;
  }

  healthy(): boolean {
    try {
      this.db.prepare("SELECT 1").get();
      return true;
    } catch {
      return false;
    }
  }

  close() {
    this.closeSync();
    if (this.db.isOpen) this.db.close();
  }
}
