/**
 * The store of requests' photos: the `lead_photos` rows, and their files in the photos folder.
 * A photo's row is committed with its request's (app/lib/requests/leads.server.ts); files go after rows,
 * so a crash in between leaves a stray file, never a row without its file.
 */
import { readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { statement } from "../db/statements.ts";
import type { Db } from "../db/connection.server.ts";
import { UPLOADS_IN_PROGRESS } from "../db/files.server.ts";
import { isPhotoId, photoFileName, type StoredPhoto } from "../photos/photos.server.ts";

/** A photo of a request, as the inbox and the e-mail use it. */
export interface LeadPhoto extends StoredPhoto {
  leadId: number;
  position: number;
}

/** The database, and the folder its photos' files are in. */
export type PhotoDb = Db & { readonly photosDir: string };

const PHOTO_COLUMNS = "id, lead_id AS leadId, position, bytes, width, height";
const asPhoto = (row: unknown): LeadPhoto => {
  const photo = { ...(row as object) } as LeadPhoto;
  return { ...photo, file: photoFileName(photo.id) };
};

/** Adds a request's photos' rows to the open transaction, in the order they were sent. */
export function insertPhotos(store: Db, leadId: number, photos: readonly StoredPhoto[]) {
  const insert = statement(store.db, "INSERT INTO lead_photos (id, lead_id, position, bytes, width, height) VALUES (?, ?, ?, ?, ?, ?)");
  photos.forEach((photo, position) => insert.run(photo.id, leadId, position, photo.bytes, photo.width, photo.height));
}

/** The request's photos in the order they were sent. */
export function photosOf(store: Db, leadId: number): LeadPhoto[] {
  return statement(store.db, `SELECT ${PHOTO_COLUMNS} FROM lead_photos WHERE lead_id = ? ORDER BY position`).all(leadId).map(asPhoto);
}

/** The photos of the requests `select` (SQL yielding request ids) names, with its parameters. */
export function photosOfRequests(store: Db, select: string, ...params: (string | number)[]): LeadPhoto[] {
  return store.db.prepare(`SELECT ${PHOTO_COLUMNS} FROM lead_photos WHERE lead_id IN (${select})`).all(...params).map(asPhoto);
}

/** Every request's photo file names, by request id (for the leads command). */
export function photoFilesByLead(store: Db): Map<number, string[]> {
  const byLead = new Map<number, string[]>();
  for (const photo of store.db.prepare(`SELECT ${PHOTO_COLUMNS} FROM lead_photos ORDER BY lead_id, position`).all().map(asPhoto)) {
    byLead.set(photo.leadId, [...(byLead.get(photo.leadId) ?? []), photo.file]);
  }
  return byLead;
}

/** The path of a stored photo's file, or undefined for an id that is not a stored photo. */
export function photoPath(store: PhotoDb, id: string): string | undefined {
  if (!isPhotoId(id)) return undefined;
  const known = statement(store.db, "SELECT 1 FROM lead_photos WHERE id = ?").get(id);
  return known ? path.join(store.photosDir, photoFileName(id)) : undefined;
}

/** A stored photo's JPEG bytes, or undefined when there is no such photo. */
export async function readPhoto(store: PhotoDb, id: string): Promise<Buffer | undefined> {
  const file = photoPath(store, id);
  if (!file) return undefined;
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

/** Removes photos' files (after their rows are gone). */
export function removePhotoFiles(store: PhotoDb, photos: readonly { file: string }[]) {
  for (const photo of photos) rmSync(path.join(store.photosDir, photo.file), { force: true });
}

/**
 * Removes photo files no request points to (left by a crash between writing a photo and
 * committing its request) and uploads in progress. For the server at start only.
 */
export function removeStrayPhotos(store: PhotoDb): number {
  let names: string[];
  try {
    names = readdirSync(store.photosDir);
  } catch {
    return 0;
  }
  const known = new Set(store.db.prepare("SELECT id FROM lead_photos").all().map((row) => photoFileName((row as { id: string }).id)));
  const strays = names.filter((name) => /^[0-9a-f]{32}\.jpg$/.test(name) && !known.has(name));
  removePhotoFiles(store, strays.map((file) => ({ file })));
  rmSync(path.join(store.photosDir, UPLOADS_IN_PROGRESS), { recursive: true, force: true });
  return strays.length;
}
