/**
 * Photos of the job (issue 37 §1, decision 35): each upload's files checked by their content,
 * turned upright and made into the two sizes the pages show (thumbnail and large, WebP, with no
 * metadata at all), the time taken read from the camera's EXIF first. The files live under
 * DATA_DIR/photos/job/, named by the photo's id; the `job_photos` rows say which request, stage
 * and caption. The original upload is never kept, and nothing is served but these copies.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import { syncFolder, writeNewFile } from "./durable.server.ts";
import { rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";
import { takenAt } from "./exif-time.ts";
import { ACCEPTED_FORMATS, isHeic } from "./formats.ts";
import { MAX_JOB_PHOTO_MB, MAX_JOB_PHOTOS, type JobPhotoRefusal, type Stage } from "./job-photos.ts";
import { oneDecodeAtATime, PHOTO_LIMITS, type Upload } from "./photos.server.ts";

const MB = 1024 * 1024;

/** What the server takes in one upload of photos of the job (server/multipart.ts). */
export const JOB_PHOTO_LIMITS = {
  files: MAX_JOB_PHOTOS,
  fileBytes: MAX_JOB_PHOTO_MB * MB,
  /** Every photo at its largest and one more cut off, with room for the fields. */
  requestBytes: (MAX_JOB_PHOTOS + 1) * MAX_JOB_PHOTO_MB * MB + MB,
} as const;

export const SIZES = { thumb: 400, large: 2048 } as const;
export type Size = keyof typeof SIZES;

/** The folder of the photos of the job, under the photos' folder. */
export const JOB_PHOTOS_FOLDER = "job";
export const jobPhotosDir = (photosDir: string) => path.join(photosDir, JOB_PHOTOS_FOLDER);
export const jobPhotoFile = (id: string, size: Size) => `${id}-${size}.webp`;

const PHOTO_ID = /^[0-9a-f]{32}$/;

/** A photo made, not yet on disk: its two sizes and when it was taken (undefined: not said by the camera). */
export interface MadeJobPhoto {
  thumb: Buffer;
  large: Buffer;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  takenAt?: Date;
}

/** Each file of an upload made into a photo, or why it was refused, by its name as sent. */
export type MadeUpload = { made: MadeJobPhoto[]; refused: { name: string; why: JobPhotoRefusal }[] };

async function firstBytes(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** One file as sent made into the two sizes, or why it cannot be. */
export async function makeJobPhoto(file: string): Promise<MadeJobPhoto | JobPhotoRefusal> {
  if (isHeic(await firstBytes(file))) return "heic";
  try {
    const input = sharp(file, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: "error" });
    const meta = await input.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) return "notPicture";
    return await oneDecodeAtATime(async () => {
      // Decoded once, upright; both sizes from that copy. WebP from sharp carries no metadata.
      const { data, info } = await input
        .rotate()
        .resize(SIZES.large, SIZES.large, { fit: "inside", withoutEnlargement: true })
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      const large = await sharp(data, raw).webp({ quality: 80 }).toBuffer();
      const thumb = await sharp(data, raw).resize(SIZES.thumb, SIZES.thumb, { fit: "inside", withoutEnlargement: true }).webp({ quality: 70 }).toBuffer({ resolveWithObject: true });
      return { large, thumb: thumb.data, width: info.width, height: info.height, thumbWidth: thumb.info.width, thumbHeight: thumb.info.height, takenAt: takenAt(meta.exif) };
    });
  } catch {
    // Not decodable: a renamed text file, a broken or truncated picture, one too large to open.
    return "notPicture";
  }
}

/** Every file of an upload, in the order sent: the good ones made, the others named with why. */
export async function makeJobPhotos(upload: Upload | undefined): Promise<MadeUpload> {
  const result: MadeUpload = { made: [], refused: [] };
  for (const [i, file] of (upload?.files ?? []).entries()) {
    const name = file.name || `Photo ${i + 1}`;
    if (file.tooLarge) {
      result.refused.push({ name, why: "tooLarge" });
      continue;
    }
    const made = await makeJobPhoto(file.path);
    if (typeof made === "string") result.refused.push({ name, why: made });
    else result.made.push(made);
  }
  if (upload?.tooMany) result.refused.push({ name: "", why: "tooMany" });
  return result;
}

/** A photo on disk, its row not yet written. */
export interface WrittenJobPhoto extends MadeJobPhoto {
  id: string;
  bytes: number;
}

/**
 * Writes each photo's two files under a new id and flushes them, so a row committed after this
 * never points at a file a power cut lost. On failure, removes what it wrote and throws.
 */
export async function writeJobPhotos(photosDir: string, photos: MadeJobPhoto[]): Promise<WrittenJobPhoto[]> {
  const dir = jobPhotosDir(photosDir);
  await mkdir(dir, { recursive: true });
  const written: WrittenJobPhoto[] = [];
  try {
    for (const photo of photos) {
      const id = randomBytes(16).toString("hex");
      written.push({ ...photo, id, bytes: photo.thumb.length + photo.large.length });
      for (const [size, bytes] of [["thumb", photo.thumb], ["large", photo.large]] as const) {
        await writeNewFile(path.join(dir, jobPhotoFile(id, size)), bytes);
      }
    }
    await syncFolder(dir);
    return written;
  } catch (error) {
    await Promise.all(written.flatMap(({ id }) => (["thumb", "large"] as const).map((size) => rm(path.join(dir, jobPhotoFile(id, size)), { force: true }))));
    throw error;
  }
}

/** Removes photos' files (after their rows are gone, or when their rows were never committed). */
export function removeJobPhotoFiles(photosDir: string, ids: readonly string[]) {
  for (const id of ids) for (const size of ["thumb", "large"] as const) rmSync(path.join(jobPhotosDir(photosDir), jobPhotoFile(id, size)), { force: true });
}

/** A photo of the job as the request's page shows it. */
export interface JobPhoto {
  id: string;
  leadId: number;
  stage: Stage;
  caption: string;
  takenAt: string;
  timeFromCamera: boolean;
  addedAt: string;
  thumbWidth: number;
  thumbHeight: number;
  width: number;
  height: number;
}

const COLUMNS = "id, lead_id AS leadId, stage, caption, taken_at AS takenAt, time_from_camera AS timeFromCamera, added_at AS addedAt, thumb_width AS thumbWidth, thumb_height AS thumbHeight, width, height";
const asJobPhoto = (row: unknown): JobPhoto => {
  const photo = row as Omit<JobPhoto, "timeFromCamera"> & { timeFromCamera: number };
  return { ...photo, timeFromCamera: photo.timeFromCamera === 1 };
};

/** Adds the rows of photos written for a request, inside the open transaction. */
export function insertJobPhotos(store: Db, leadId: number, photos: readonly WrittenJobPhoto[], details: { stage: Stage; caption: string; now: Date }) {
  const insert = statement(
    store.db,
    "INSERT INTO job_photos (id, lead_id, stage, caption, taken_at, time_from_camera, added_at, width, height, thumb_width, thumb_height, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (const photo of photos) {
    insert.run(photo.id, leadId, details.stage, details.caption, (photo.takenAt ?? details.now).toISOString(), photo.takenAt ? 1 : 0, details.now.toISOString(), photo.width, photo.height, photo.thumbWidth, photo.thumbHeight, photo.bytes);
  }
}

/** A request's photos of the job, in the order taken. */
export function jobPhotosOf(store: Db, leadId: number): JobPhoto[] {
  return statement(store.db, `SELECT ${COLUMNS} FROM job_photos WHERE lead_id = ? ORDER BY taken_at, added_at, rowid`).all(leadId).map(asJobPhoto);
}

/** The stage of the photos added last to a request, if any. */
export function lastStageOf(store: Db, leadId: number): Stage | undefined {
  const row = statement(store.db, "SELECT stage FROM job_photos WHERE lead_id = ? ORDER BY added_at DESC, rowid DESC LIMIT 1").get(leadId) as { stage: Stage } | undefined;
  return row?.stage;
}

/** One photo of a request, or undefined. */
export function jobPhotoOf(store: Db, leadId: number, id: string): JobPhoto | undefined {
  if (!PHOTO_ID.test(id)) return undefined;
  const row = statement(store.db, `SELECT ${COLUMNS} FROM job_photos WHERE id = ? AND lead_id = ?`).get(id, leadId);
  return row ? asJobPhoto(row) : undefined;
}

/** Changes a photo's stage and caption, inside the open transaction. */
export function updateJobPhoto(store: Db, id: string, details: { stage: Stage; caption: string }): boolean {
  return statement(store.db, "UPDATE job_photos SET stage = ?, caption = ? WHERE id = ?").run(details.stage, details.caption, id).changes > 0;
}

/** Deletes a photo's row, inside the open transaction; its files go once it is committed. */
export function deleteJobPhotoRow(store: Db, id: string): boolean {
  return statement(store.db, "DELETE FROM job_photos WHERE id = ?").run(id).changes > 0;
}

/** The path of a stored photo's file in one size, or undefined for an id that is not a stored photo. */
export function jobPhotoPath(store: Db, photosDir: string, id: string, size: string): string | undefined {
  if (!PHOTO_ID.test(id) || !Object.hasOwn(SIZES, size)) return undefined;
  const known = statement(store.db, "SELECT 1 FROM job_photos WHERE id = ?").get(id);
  return known ? path.join(jobPhotosDir(photosDir), jobPhotoFile(id, size as Size)) : undefined;
}

/** The ids of the photos of the requests `select` (SQL yielding request ids) names: their files go with the requests. */
export function jobPhotoIdsOfRequests(store: Db, select: string, ...params: (string | number)[]): string[] {
  return store.db.prepare(`SELECT id FROM job_photos WHERE lead_id IN (${select})`).all(...params).map((row) => String((row as { id: string }).id));
}
