/**
 * The store of quote and contact requests, on the one database (app/lib/db/). A request is
 * committed here before the visitor is told it was sent (docs/decisions/0002-node-sqlite.md).
 * Its photos' rows are committed with it (app/lib/requests/photo-store.server.ts), and its
 * customer's page (app/lib/links/page-links.server.ts).
 */
import type { StatementSync } from "node:sqlite";
import type { StoredPhoto } from "../photos/photos.server.ts";
import { jobPhotoIdsOfRequests, removeJobPhotoFiles } from "../photos/job-photos.server.ts";
import { Database } from "../db/connection.server.ts";
import { eraseRequests, forgetRequests } from "./erase.server.ts";
import { asLead, LEAD_COLUMNS, type Lead, type NewLead } from "./lead.ts";
import { insertPhotos, photosOf, photosOfRequests, removePhotoFiles } from "./photo-store.server.ts";
import { queueOwnerMail } from "./notify.server.ts";
import { makeCustomerPage } from "../links/page-links.server.ts";
import { statement } from "../db/statements.ts";
import { LAST_CONTACT_SQL } from "./retention.ts";
import { ukDayStart } from "../time/uk-time.ts";

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

export class LeadStore extends Database {
  private readonly insert: StatementSync;

  constructor(file: string, options: ConstructorParameters<typeof Database>[1] = {}) {
    super(file, options);
    this.insert = this.db.prepare(
      `INSERT INTO leads (created_at, form, page, name, email, phone, location, message, delivery, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${LEAD_COLUMNS}`,
    );
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

  /**
   * Adds the request and its photos' rows to the open transaction (or commits them, when called
   * inside `inTransaction`) and returns it. Throws when it cannot be stored.
   */
  add(lead: NewLead, options: AddOptions = { notify: false }): Lead {
    const now = (options.now ?? new Date()).toISOString();
    const row = this.insert.get(now, lead.form, lead.page, lead.name, lead.email, lead.phone, lead.location, lead.message,
        options.notify ? "pending" : "none", options.notify ? now : null);
    const stored = asLead(row);
    // Every request has its customer's page from the start: the acknowledgement links to it.
    makeCustomerPage(this.db, stored.id, new Date(now));
    if (options.notify) queueOwnerMail(this.db, stored.id, new Date(now));
    if (options.photos?.length) insertPhotos(this, stored.id, options.photos);
    if (!options.alongside) return stored;
    options.alongside(stored);
    // Re-read: the work alongside may have set the request's acknowledgement.
    return asLead(statement(this.db, `SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`).get(stored.id));
  }

  /**
   * Erases a request with everything of its (erase-requests.server.ts); returns false when there
   * was no such request. In the same transaction, `first` runs before it goes (its visits'
   * cancellations are queued) and `alongside` once it is deleted (the audit line).
   */
  deleteLead(id: number, alongside?: () => void, first?: () => void): boolean {
    const photos = photosOf(this, id);
    const jobPhotos = jobPhotoIdsOfRequests(this, "SELECT ?", id);
    const deleted = this.inTransaction(() => {
      first?.();
      const gone = eraseRequests(this.db, "SELECT id FROM leads WHERE id = ?", id) > 0;
      if (gone) alongside?.();
      return gone;
    });
    removePhotoFiles(this, photos);
    if (deleted) removeJobPhotoFiles(this.photosDir, jobPhotos);
    return deleted;
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

  /**
   * Forgets the customers of the requests whose last contact (lib/requests/retention.ts) was before the UK
   * day `day` (YYYY-MM-DD): their names, contact details, words, photos, notes and links go; their
   * dates, pages, statuses and amounts stay. `alongside(count)` runs in the same transaction (the
   * audit line). Returns how many were forgotten.
   */
  forgetBefore(day: string, alongside?: (count: number) => void): number {
    const select = `SELECT id FROM leads WHERE erased_at IS NULL AND ${LAST_CONTACT_SQL} < ?`;
    const before = ukDayStart(day).toISOString();
    const photos = photosOfRequests(this, select, before);
    const jobPhotos = jobPhotoIdsOfRequests(this, select, before);
    const forgotten = this.inTransaction(() => {
      const count = forgetRequests(this.db, select, before);
      alongside?.(count);
      return count;
    });
    removePhotoFiles(this, photos);
    removeJobPhotoFiles(this.photosDir, jobPhotos);
    return forgotten;
  }
}
