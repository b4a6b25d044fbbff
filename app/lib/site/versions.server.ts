/**
 * The owner's site edits in SQLite: one draft, and every published version. A version is never
 * changed once written; the newest is live. Undo copies an earlier version forward into the
 * draft, to preview and publish like any change. Every step is audited in its transaction.
 *
 * Two devices editing at once cannot overwrite each other: each save names the draft revision
 * it was made from, and a save from an older revision is refused.
 */
import { recordAudit } from "../db/audit.server.ts";
import type { SiteEdits } from "./edits.ts";
import type { Db } from "../db/connection.server.ts";

export interface SiteVersion {
  id: number;
  publishedAt: string;
  author: string;
  edits: SiteEdits;
  summary: string[];
  restoredFrom: number | null;
}

export interface SiteDraft {
  edits: SiteEdits;
  /** 0 while there is no draft: the live edits, unchanged. */
  revision: number;
  basedOn: number | null;
  restoredFrom: number | null;
  updatedAt: string | null;
  author: string | null;
}

interface VersionRow {
  id: number;
  publishedAt: string;
  author: string;
  edits: string;
  summary: string;
  restoredFrom: number | null;
}

const asVersion = (row: VersionRow): SiteVersion => ({ ...row, edits: JSON.parse(row.edits) as SiteEdits, summary: JSON.parse(row.summary) as string[] });
const VERSION_COLUMNS = "id, published_at AS publishedAt, author, edits, summary, restored_from AS restoredFrom";

/** The live version, or undefined while the site is still the content files. */
export function liveVersion(store: Db): SiteVersion | undefined {
  const row = store.db.prepare(`SELECT ${VERSION_COLUMNS} FROM site_versions ORDER BY id DESC LIMIT 1`).get() as VersionRow | undefined;
  return row ? asVersion({ ...row }) : undefined;
}

export function versionById(store: Db, id: number): SiteVersion | undefined {
  const row = store.db.prepare(`SELECT ${VERSION_COLUMNS} FROM site_versions WHERE id = ?`).get(id) as VersionRow | undefined;
  return row ? asVersion({ ...row }) : undefined;
}

/** Published versions, newest first. */
export function versionHistory(store: Db, limit = 20): SiteVersion[] {
  return (store.db.prepare(`SELECT ${VERSION_COLUMNS} FROM site_versions ORDER BY id DESC LIMIT ?`).all(limit) as unknown as VersionRow[]).map((row) =>
    asVersion({ ...row }),
  );
}

/** The draft being worked on; without one, the live edits at revision 0. */
export function currentDraft(store: Db): SiteDraft {
  const row = store.db
    .prepare("SELECT edits, revision, based_on AS basedOn, restored_from AS restoredFrom, updated_at AS updatedAt, author FROM site_draft WHERE id = 1")
    .get() as (Omit<SiteDraft, "edits"> & { edits: string }) | undefined;
  if (row) return { ...row, edits: JSON.parse(row.edits) as SiteEdits };
  const live = liveVersion(store);
  return { edits: live?.edits ?? {}, revision: 0, basedOn: live?.id ?? null, restoredFrom: null, updatedAt: null, author: null };
}

/** Whether the draft differs from what is live. */
export function hasChanges(store: Db): boolean {
  const draft = currentDraft(store);
  return draft.revision > 0 && JSON.stringify(draft.edits) !== JSON.stringify(liveVersion(store)?.edits ?? {});
}

export type SaveResult = { ok: true; revision: number } | { ok: false; stale: true };

/**
 * Saves the draft, made from revision `from`. Refused when someone saved meanwhile: the form was
 * made from what is no longer the draft.
 */
export function saveSiteDraft(store: Db, edits: SiteEdits, options: { from: number; author: string; now?: Date; restoredFrom?: number }): SaveResult {
  const now = (options.now ?? new Date()).toISOString();
  return store.inTransaction(() => {
    const draft = currentDraft(store);
    if (draft.revision !== options.from) return { ok: false as const, stale: true as const };
    const revision = draft.revision + 1;
    store.db
      .prepare(
        `INSERT INTO site_draft (id, edits, revision, based_on, restored_from, updated_at, author) VALUES (1, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET edits = excluded.edits, revision = excluded.revision, restored_from = excluded.restored_from,
           updated_at = excluded.updated_at, author = excluded.author`,
      )
      .run(JSON.stringify(edits), revision, draft.basedOn, options.restoredFrom ?? draft.restoredFrom, now, options.author);
    recordAudit(store, { actor: options.author, action: options.restoredFrom ? "copied an earlier site version into the draft" : "saved a draft of the site", detail: options.restoredFrom ? `version ${options.restoredFrom}` : `draft ${revision}` });
    return { ok: true as const, revision };
  });
}

/** Throws the draft away: the live version stays as it is. */
export function discardSiteDraft(store: Db, author: string): void {
  store.inTransaction(() => {
    if (Number(store.db.prepare("DELETE FROM site_draft").run().changes)) recordAudit(store, { actor: author, action: "discarded the draft of the site" });
  });
}

/** Undo: copies an earlier version forward as the draft (revision `from` as for any save). */
export function restoreVersion(store: Db, versionId: number, options: { from: number; author: string }): SaveResult | undefined {
  const version = versionById(store, versionId);
  if (!version) return undefined;
  return saveSiteDraft(store, version.edits, { ...options, restoredFrom: versionId });
}

/**
 * Records a publish of the draft made from revision `from`: the new live version, written in one
 * transaction with its audit line, and the draft done. Undefined when the draft changed meanwhile.
 */
export function recordPublish(
  store: Db,
  options: { edits: SiteEdits; from: number; author: string; passkeyId?: number; summary: string[]; now?: Date },
): number | undefined {
  const now = (options.now ?? new Date()).toISOString();
  return store.inTransaction(() => {
    const draft = currentDraft(store);
    if (draft.revision !== options.from) return undefined;
    const id = insertVersion(store, { ...options, now, restoredFrom: draft.restoredFrom });
    store.db.prepare("DELETE FROM site_draft").run();
    recordAudit(store, { actor: options.author, action: "published the site", detail: `version ${id}: ${options.summary.join("; ") || "no change"}` });
    return id;
  });
}

type NewVersion = { edits: SiteEdits; author: string; passkeyId?: number; summary: string[]; now: string; restoredFrom: number | null };

function insertVersion(store: Db, version: NewVersion): number {
  const { id } = store.db
    .prepare("INSERT INTO site_versions (published_at, author, passkey_id, edits, summary, restored_from) VALUES (?, ?, ?, ?, ?, ?) RETURNING id")
    .get(version.now, version.author, version.passkeyId ?? null, JSON.stringify(version.edits), JSON.stringify(version.summary), version.restoredFrom) as { id: number };
  return id;
}

/**
 * Records a version published beside the draft: the live version `from` (null: the files) with
 * one change laid over it (a review's testimonial), the draft left waiting. Undefined when
 * another version went live meanwhile. A waiting draft gets the same change (`sameInDraft`) and
 * now starts from the new version; its revision stays, so a page showing the draft still saves
 * and publishes it: the change is live already, and publishing the draft keeps it. Call it
 * inside a transaction, with whatever else the publish changes.
 */
export function recordPublishBeside(
  store: Db,
  options: { edits: SiteEdits; from: number | null; author: string; passkeyId?: number; summary: string[]; sameInDraft: (edits: SiteEdits) => SiteEdits; now?: Date },
): number | undefined {
  if ((liveVersion(store)?.id ?? null) !== options.from) return undefined;
  const now = (options.now ?? new Date()).toISOString();
  const id = insertVersion(store, { ...options, now, restoredFrom: null });
  const draft = currentDraft(store);
  if (draft.revision > 0) store.db.prepare("UPDATE site_draft SET edits = ?, based_on = ? WHERE id = 1").run(JSON.stringify(options.sameInDraft(draft.edits)), id);
  recordAudit(store, { actor: options.author, action: "published the site", detail: `version ${id}: ${options.summary.join("; ") || "no change"}` });
  return id;
}
