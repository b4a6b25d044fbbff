/**
 * The store of quote and contact requests: one SQLite file under DATA_DIR. A request is
 * committed here before the visitor is told it was sent (docs/decisions/0002-node-sqlite.md).
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { DatabaseSync} from "node:sqlite";
import { type StatementSync } from "node:sqlite";
import type { LeadStatus } from "./owner/status.ts";
import { isPhotoId, photoFileName, type StoredPhoto } from "./photos.server.ts";
import { diskSync, openDatabase } from "./db/database.server.ts";
import { eraseRequests } from "./erase-requests.server.ts";
import { queueOwnerMail } from "./notify.server.ts";
import { statement } from "./statements.ts";


export type LeadForm = "quote" | "contact";

export interface NewLead {
  form: LeadForm;
  /** The path of the page the form was sent from. */
  page: string;
  name: string;
  email: string;
  phone: string;
  /** Postcode (contact form) or property address (quote form); may be empty. */
  location: string;
  message: string;
}

export interface Lead extends NewLead {
  id: number;
  createdAt: string;
  status: LeadStatus;
  /** "pending" until the e-mail to the business is accepted, then "sent"; "none" when no mail is set up. */
  delivery: "pending" | "sent" | "none";
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  /** When the owner first answered: the status left New, or he tapped Call, E-mail or WhatsApp. */
  firstAnswerAt: string | null;
  firstAnswerBy: AnswerWay | null;
  /** The acknowledgement e-mail to the visitor (app/lib/acknowledge.server.ts). */
  ack: AckState;
  ackAt: string | null;
}

export type AnswerWay = "status" | "call" | "email" | "whatsapp";
export type AckState = "none" | "queued" | "sent" | "held-address" | "held-hourly" | "spam" | "failed";


/** A photo of a request, as the inbox and the e-mail use it. */
export interface LeadPhoto extends StoredPhoto {
  leadId: number;
  position: number;
}

const PHOTO_COLUMNS = "id, lead_id AS leadId, position, bytes, width, height";
const asPhoto = (row: unknown): LeadPhoto => {
  const photo = { ...(row as object) } as LeadPhoto;
  return { ...photo, file: photoFileName(photo.id) };
};

/** The columns as a Lead: SQLite renames them, so no row is mapped by hand. */
export const LEAD_COLUMNS = `id, created_at AS createdAt, status, form, page, name, email, phone, location, message, delivery,
  attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError, first_answer_at AS firstAnswerAt,
  first_answer_by AS firstAnswerBy, ack, ack_at AS ackAt`;

export interface AddOptions {
  /** Whether the owner is e-mailed the request: its e-mail is queued with it (notify.server.ts). */
  notify: boolean;
  now?: Date;
  /** Photos already written to the photos folder; their rows are committed with the request's. */
  photos?: StoredPhoto[];
  /**
   * Work committed with the request, in its transaction (the notifications and reminders it
   * queues): the request and its follow-up work are stored together or not at all.
   */
  alongside?: (lead: Lead) => void;
}

/** The folder under photos/ where uploads wait while their request is handled. */
export const UPLOADS_IN_PROGRESS = "incoming";

/** A row as a plain object of the type its SQL names (node:sqlite rows have no prototype). */
export const asRow = <T>(row: unknown): T => ({ ...(row as object) }) as T;
export const asLead = (row: unknown): Lead => asRow<Lead>(row);

/** What DATA_DIR holds: the database file, and the photos folder beside it. */
export const DATABASE_FILE = "leads.sqlite";
export const PHOTOS_DIR = "photos";

/** The database file in DATA_DIR (or in `dir`). */
export function databaseFile(dir = dataDir()): string {
  return path.join(dir, DATABASE_FILE);
}

export class LeadStore {
  readonly db: DatabaseSync;
  /** Where the photos' files are: `photos/` beside the database. */
  readonly photosDir: string;
  private readonly insert: StatementSync;
  private readonly insertPhoto: StatementSync;

  /** The write-ahead log's file, flushed to disk before a stored request is answered; undefined in memory. */
  private readonly walFile: string | undefined;
  private readonly syncFile: (file: string) => Promise<void>;
  private readonly closeSync: () => void;

  constructor(file: string, options: { photosDir?: string; syncFile?: (file: string) => Promise<void> } = {}) {
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    this.walFile = file === ":memory:" ? undefined : `${path.resolve(file)}-wal`;
    const disk = diskSync();
    this.syncFile = options.syncFile ?? disk.sync;
    this.closeSync = disk.close;
    this.photosDir = options.photosDir ?? path.join(path.dirname(path.resolve(file)), PHOTOS_DIR);
    this.db = openDatabase(file);
    this.insert = this.db.prepare(
      `INSERT INTO leads (created_at, form, page, name, email, phone, location, message, delivery, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${LEAD_COLUMNS}`,
    );
    this.insertPhoto = this.db.prepare("INSERT INTO lead_photos (id, lead_id, position, bytes, width, height) VALUES (?, ?, ?, ?, ?, ?)");
  }

  private pending: { lead: NewLead; options: AddOptions; resolve: (lead: Lead) => void; reject: (error: unknown) => void }[] = [];

  /**
   * Commits the request and resolves with it once it is on disk. Requests arriving together are
   * committed in one transaction (one disk flush for all), so a burst of visitors does not queue
   * behind one flush each. Rejects when the request cannot be stored.
   */
  save(lead: NewLead, options: AddOptions): Promise<Lead> {
    return new Promise((resolve, reject) => {
      this.pending.push({ lead, options, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush() {
    const batch = this.pending.splice(0);
    if (batch.length === 0) return;
    const stored: (Lead | Error)[] = [];
    // Committed without waiting for the disk on this thread (synchronous = NORMAL: written to the
    // log, not yet flushed); the log is then flushed on a worker thread, and only then is anyone
    // told the request is stored. The flush took a third of the main thread at 500 requests/s.
    this.db.exec("PRAGMA synchronous = NORMAL");
    try {
      stored.push(...this.inTransaction(() => batch.map((item) => this.add(item.lead, item.options))));
    } catch {
      // One bad request must not fail the others: store each on its own.
      stored.length = 0;
      for (const item of batch) {
        try {
          stored.push(this.inTransaction(() => this.add(item.lead, item.options)));
        } catch (itemError) {
          stored.push(itemError instanceof Error ? itemError : new Error(String(itemError)));
        }
      }
    } finally {
      this.db.exec("PRAGMA synchronous = FULL");
    }
    const answer = () => batch.forEach((item, i) => (stored[i] instanceof Error ? item.reject(stored[i]) : item.resolve(stored[i] as Lead)));
    if (!stored.some((lead) => !(lead instanceof Error))) return answer();
    this.flushLog().then(answer, (error: unknown) => batch.forEach((item) => item.reject(error)));
  }

  private flushing: Promise<void> | undefined;
  private flushAgain: Promise<void> | undefined;

  /**
   * Flushes the write-ahead log to disk. A flush under way may have started before the caller's
   * commit, so the caller waits for the next one, which everyone committing meanwhile shares.
   */
  private flushLog(): Promise<void> {
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

  /**
   * Adds the request and its photos' rows to the open transaction (or commits them, when called
   * inside `inTransaction`) and returns it. Throws when it cannot be stored.
   */
  add(lead: NewLead, options: AddOptions = { notify: false }): Lead {
    const now = (options.now ?? new Date()).toISOString();
    const row = this.insert.get(now, lead.form, lead.page, lead.name, lead.email, lead.phone, lead.location, lead.message,
        options.notify ? "pending" : "none", options.notify ? now : null);
    const stored = asLead(row);
    if (options.notify) queueOwnerMail(this.db, stored.id, new Date(now));
    options.photos?.forEach((photo, position) => this.insertPhoto.run(photo.id, stored.id, position, photo.bytes, photo.width, photo.height));
    if (!options.alongside) return stored;
    options.alongside(stored);
    // Re-read: the work alongside may have set the request's acknowledgement.
    return asLead(statement(this.db, `SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`).get(stored.id));
  }

  /** Runs `work` in one transaction: all of it is committed, or none of it. */
  inTransaction<T>(work: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }

  /** The request's photos in the order they were sent. */
  photosOf(leadId: number): LeadPhoto[] {
    return this.db.prepare(`SELECT ${PHOTO_COLUMNS} FROM lead_photos WHERE lead_id = ? ORDER BY position`).all(leadId).map(asPhoto);
  }

  /** Every request's photo file names, by request id (for the leads command). */
  photoFilesByLead(): Map<number, string[]> {
    const byLead = new Map<number, string[]>();
    for (const photo of this.db.prepare(`SELECT ${PHOTO_COLUMNS} FROM lead_photos ORDER BY lead_id, position`).all().map(asPhoto)) {
      byLead.set(photo.leadId, [...(byLead.get(photo.leadId) ?? []), photo.file]);
    }
    return byLead;
  }

  /** The path of a stored photo's file, or undefined for an id that is not a stored photo. */
  photoPath(id: string): string | undefined {
    if (!isPhotoId(id)) return undefined;
    const known = this.db.prepare("SELECT 1 FROM lead_photos WHERE id = ?").get(id);
    return known ? path.join(this.photosDir, photoFileName(id)) : undefined;
  }

  /** A stored photo's JPEG bytes, or undefined when there is no such photo. */
  async readPhoto(id: string): Promise<Buffer | undefined> {
    const file = this.photoPath(id);
    if (!file) return undefined;
    try {
      return await readFile(file);
    } catch {
      return undefined;
    }
  }

  /**
   * Erases a request with everything of its (erase-requests.server.ts); returns false when there
   * was no such request. `alongside` runs in the same transaction once it is deleted (the audit line).
   */
  deleteLead(id: number, alongside?: () => void): boolean {
    const photos = this.photosOf(id);
    const deleted = this.inTransaction(() => {
      const gone = eraseRequests(this.db, "SELECT id FROM leads WHERE id = ?", id) > 0;
      if (gone) alongside?.();
      return gone;
    });
    this.removeFiles(photos);
    return deleted;
  }

  /** Files go after the rows are gone: a crash in between leaves a stray file, never a row without its file. */
  private removeFiles(photos: { file: string }[]) {
    for (const photo of photos) rmSync(path.join(this.photosDir, photo.file), { force: true });
  }

  /**
   * Removes photo files no request points to (left by a crash between writing a photo and
   * committing its request) and uploads in progress. For the server at start only.
   */
  removeStrayPhotos(): number {
    let names: string[];
    try {
      names = readdirSync(this.photosDir);
    } catch {
      return 0;
    }
    const known = new Set(this.db.prepare("SELECT id FROM lead_photos").all().map((row) => photoFileName((row as { id: string }).id)));
    const strays = names.filter((name) => /^[0-9a-f]{32}\.jpg$/.test(name) && !known.has(name));
    this.removeFiles(strays.map((file) => ({ file })));
    rmSync(path.join(this.photosDir, UPLOADS_IN_PROGRESS), { recursive: true, force: true });
    return strays.length;
  }

  /** Newest first; `since` is an inclusive YYYY-MM-DD date (UTC). */
  list(options: { since?: string } = {}): Lead[] {
    const rows = options.since
      ? this.db.prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE created_at >= ? ORDER BY created_at DESC, id DESC`).all(options.since)
      : this.db.prepare(`SELECT ${LEAD_COLUMNS} FROM leads ORDER BY created_at DESC, id DESC`).all();
    return rows.map(asLead);
  }

  count(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM leads").get() as { n: number }).n;
  }

  /** Erases requests made before the given YYYY-MM-DD date (UTC), as Delete does each; returns how many. */
  purgeBefore(date: string): number {
    const photos = this.db
      .prepare(`SELECT ${PHOTO_COLUMNS} FROM lead_photos WHERE lead_id IN (SELECT id FROM leads WHERE created_at < ?)`)
      .all(date)
      .map(asPhoto);
    const deleted = this.inTransaction(() => eraseRequests(this.db, "SELECT id FROM leads WHERE created_at < ?", date));
    this.removeFiles(photos);
    return deleted;
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

/** The server writes its process id here while it runs, so a restore can refuse to run under it. */
export const SERVER_PID_FILE = "server.pid";

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || "data");
}
