/**
 * Photos sent with a quote request. The server streams an upload to disk (server/multipart.ts)
 * and hands it to the action through React Router's load context (app/lib/services/services.ts); the action checks each file by its
 * content and re-encodes it here, so nothing of the original file (EXIF GPS position, camera
 * serial) is ever stored. The pictures live under DATA_DIR/photos/ and are never served publicly.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { syncFolder, writeNewFile } from "./durable.server.ts";
import path from "node:path";
import sharp from "sharp";
import { ACCEPTED_FORMATS } from "./formats.ts";
import { MAX_PHOTO_MB, MAX_PHOTOS, PHOTO_MESSAGES } from "../forms/photos.ts";

const MB = 1024 * 1024;

export const PHOTO_LIMITS = {
  files: MAX_PHOTOS,
  fileBytes: MAX_PHOTO_MB * MB,
  /** 5 photos of 10 MB and the fields, with room for the multipart framing. */
  requestBytes: 55 * MB,
  /** Pictures larger than this are refused before they are decoded (a "decompression bomb"). */
  pixels: 100_000_000,
  /** The longest side of a stored photo. */
  storedSide: 2560,
  /** The longest side of a photo attached to the notice e-mail. */
  mailSide: 1600,
  /** The longest side of a thumbnail on a request's page in the owner's inbox. */
  thumbSide: 480,
} as const;

/**
 * What the multipart parser found: the files as sent (in a scratch folder) or why they were
 * refused. An upload taken photo by photo (the photos of the job) keeps the good ones: each file
 * says its name and whether it was cut off at the size limit, and `tooMany` that files past the
 * count were not taken.
 */
export interface Upload {
  files: { path: string; bytes: number; name?: string; tooLarge?: boolean }[];
  refusal?: keyof typeof PHOTO_MESSAGES;
  tooMany?: boolean;
}

/** A checked, re-encoded photo, not yet on disk. */
export interface PreparedPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
}

/** A photo as the store keeps it: `file` is its name under DATA_DIR/photos/. */
export interface StoredPhoto {
  id: string;
  file: string;
  bytes: number;
  width: number;
  height: number;
}

// Decoding is memory-hungry: no cache of decoded pictures between requests, and one thread per
// picture so twenty uploads at once stay within a small server's memory.
sharp.cache(false);
sharp.concurrency(1);

/**
 * At most this many pictures are decoded at once, whatever the number of uploads: each decode
 * holds a whole picture in memory, and more at once would not finish sooner on a small server.
 */
const DECODES_AT_ONCE = 2;
let decoding = 0;
const waiting: (() => void)[] = [];

export async function oneDecodeAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  decoding++;
  try {
    return await work();
  } finally {
    decoding--;
    waiting.shift()?.();
  }
}

/**
 * Checks every uploaded file by decoding it and re-encodes it: turned upright by its EXIF
 * orientation, the longest side at most 2,560 px, JPEG with no metadata at all.
 */
export async function preparePhotos(upload: Upload | undefined): Promise<{ ok: true; photos: PreparedPhoto[] } | { ok: false; message: string }> {
  if (!upload) return { ok: true, photos: [] };
  if (upload.refusal) return { ok: false, message: PHOTO_MESSAGES[upload.refusal] };
  const photos: PreparedPhoto[] = [];
  for (const file of upload.files) {
    try {
      const input = sharp(file.path, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: "error" });
      const { format } = await input.metadata();
      if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, message: PHOTO_MESSAGES.notPicture };
      const { data, info } = await oneDecodeAtATime(() =>
        input
          .rotate()
          .resize(PHOTO_LIMITS.storedSide, PHOTO_LIMITS.storedSide, { fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 85 })
          .toBuffer({ resolveWithObject: true }),
      );
      photos.push({ jpeg: data, width: info.width, height: info.height });
    } catch {
      // Not decodable: a renamed text file, a broken or truncated picture, or one too large to open.
      return { ok: false, message: PHOTO_MESSAGES.notPicture };
    }
  }
  return { ok: true, photos };
}

const PHOTO_ID = /^[0-9a-f]{32}$/;

export function isPhotoId(id: string): boolean {
  return PHOTO_ID.test(id);
}

export function photoFileName(id: string): string {
  return `${id}.jpg`;
}

/**
 * Writes the photos under random names and flushes them to disk, so a request row committed after
 * this never points at a file a power cut lost. On failure, removes what it wrote and throws.
 */
export async function writePhotos(photos: PreparedPhoto[], dir: string): Promise<StoredPhoto[]> {
  if (photos.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const written: StoredPhoto[] = [];
  try {
    for (const photo of photos) {
      const id = randomBytes(16).toString("hex");
      const file = photoFileName(id);
      await writeNewFile(path.join(dir, file), photo.jpeg);
      written.push({ id, file, bytes: photo.jpeg.length, width: photo.width, height: photo.height });
    }
    await syncFolder(dir);
    return written;
  } catch (error) {
    await removePhotoFiles(written, dir);
    throw error;
  }
}

export async function removePhotoFiles(photos: { file: string }[], dir: string) {
  await Promise.all(photos.map((photo) => rm(path.join(dir, photo.file), { force: true })));
}

/** A stored photo made smaller for an e-mail attachment. */
export function photoForMail(file: string): Promise<Buffer> {
  return sharp(file)
    .resize(PHOTO_LIMITS.mailSide, PHOTO_LIMITS.mailSide, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A thumbnail's size: the photo scaled to fit the thumbnail side, never enlarged. */
export function thumbnailSize(photo: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_LIMITS.thumbSide / Math.max(photo.width, photo.height));
  return { width: Math.max(1, Math.round(photo.width * scale)), height: Math.max(1, Math.round(photo.height * scale)) };
}

/**
 * A stored photo as a thumbnail for the owner's cheap phone, made on each request rather than
 * kept on disk: sharp shrinks a 2,560 px JPEG to 480 px in a few tens of milliseconds (it decodes
 * at a fraction of full size), and nothing is left to delete with the request. Resized to exactly
 * `thumbnailSize`, so the page's width and height attributes match the picture.
 */
export async function thumbnailJpeg(bytes: Buffer): Promise<Buffer> {
  const stored = await sharp(bytes).metadata();
  const { width, height } = thumbnailSize(stored);
  return sharp(bytes).resize(width, height, { fit: "fill" }).jpeg({ quality: 75 }).toBuffer();
}
