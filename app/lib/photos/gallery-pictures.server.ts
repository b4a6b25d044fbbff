/**
 * Photos of finished jobs that the owner adds to the gallery at /admin/site (the site's room
 * decides what a project is; this room makes its pictures). Each one is checked
 * by its content (never its name or type), turned upright, stripped of all metadata (EXIF with
 * the GPS position, XMP, IPTC, comments; a colour profile is converted to sRGB) and made into
 * the same picture set the build makes for app/content/images (scripts/build-images.ts): AVIF
 * and WebP at the build's widths and a JPEG fallback, under content-hashed names, described by
 * a `PictureEntry` that <Picture> can show. The original upload is never written anywhere.
 *
 * The files go to `outDir`, which the server serves at /images/uploads/.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import { syncFolder, writeNewFile } from "./durable.server.ts";
import path from "node:path";
import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { WIDTHS, type PictureEntry } from "../pictures/picture-set.ts";
import { ACCEPTED_FORMATS, isHeic } from "./formats.ts";
import { oneDecodeAtATime, PHOTO_LIMITS } from "./photos.server.ts";

const URL_BASE = "/images/uploads";

/** The owner's messages. */
const MESSAGES = {
  heic:
    "This photo is in the iPhone's HEIC format, which websites cannot show. On the iPhone, choose Settings, Camera, Formats, Most Compatible, or share the photo from the Photos app, which sends a JPEG.",
  notPicture: "This file is not a photo we can use. Send a JPEG, PNG or WebP picture.",
  tooLarge: `This photo is too large to process: at most ${PHOTO_LIMITS.pixels / 1_000_000} megapixels.`,
} as const;

/** The same qualities as the build's pictures (scripts/build-images.ts). */
const AVIF_QUALITY = 50;
/**
 * The owner waits for his photo: AVIF's effort 2 makes a 1,600 px copy in an eighth of the time of
 * the default (4), for about 8 % more bytes (decision 3). The build, which nobody waits for, keeps 4.
 */
const AVIF_EFFORT = 2;
const WEBP_QUALITY = 72;
const JPEG_QUALITY = 80;

type GalleryPhotoResult = { ok: true; name: string; entry: PictureEntry; files: string[] } | { ok: false; message: string };

interface Output {
  file: string;
  data: Buffer;
}

/** Thrown by the picture work (decode or encode), as opposed to a failing disk. */
class NotAPicture extends Error {}

/**
 * Checks a photo by its content and writes its picture set to `outDir`. Returns the owner's
 * message when the photo is refused (nothing is written then). `project`: the words its files are
 * named by (the project's title as a slug), else `g-`. A failing disk throws, after
 * removing whatever this call wrote.
 */
export async function processGalleryPhoto(input: Buffer, outDir: string, project?: string): Promise<GalleryPhotoResult> {
  if (isHeic(input)) return { ok: false, message: MESSAGES.heic };

  let meta: Metadata;
  try {
    // The header only: the size is checked before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: MESSAGES.notPicture };
  }
  if (!ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) return { ok: false, message: MESSAGES.notPicture };
  if (meta.width * meta.height > PHOTO_LIMITS.pixels) return { ok: false, message: MESSAGES.tooLarge };

  // Named by the project it shows ("re-roof-in-hitchin-after-…") when it has one, never by a request or a customer.
  const name = `${project ? `${project}-` : "g-"}${randomBytes(6).toString("hex")}`;
  let made: { outputs: Output[]; entry: PictureEntry };
  try {
    made = await pictureSet(input, name);
  } catch (error) {
    if (error instanceof NotAPicture) return { ok: false, message: MESSAGES.notPicture };
    throw error;
  }
  await writeAll(made.outputs, outDir);
  return { ok: true, name, entry: made.entry, files: made.outputs.map((output) => output.file) };
}

/** A request's stored photo (DATA_DIR/photos/<id>.jpg) as a gallery photo. */
export async function galleryPhotoFromStoredJpeg(file: string, outDir: string): Promise<GalleryPhotoResult> {
  return processGalleryPhoto(await readFile(file), outDir);
}

/** Deletes a gallery photo's files from `outDir`; files already gone are ignored. */
export async function removeGalleryPhoto(outDir: string, files: string[]): Promise<void> {
  for (const file of files) {
    if (path.basename(file) !== file || file.startsWith(".")) throw new Error(`Not a gallery photo's file name: ${file}`);
  }
  await Promise.all(files.map((file) => rm(path.join(outDir, file), { force: true })));
}

/**
 * Decodes the photo once, upright and no wider than the largest width it is shown at, and encodes
 * every output from that decoded copy, one at a time. All in memory: the outputs are small.
 */
async function pictureSet(input: Buffer, name: string): Promise<{ outputs: Output[]; entry: PictureEntry }> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await oneDecodeAtATime(() =>
      sharp(input, { limitInputPixels: PHOTO_LIMITS.pixels, failOn: "error" })
        .rotate()
        .resize({ width: WIDTHS.at(-1)!, withoutEnlargement: true })
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true }),
    );
  } catch (error) {
    // Not decodable: a broken or truncated picture.
    throw new NotAPicture("not decodable", { cause: error });
  }
  const { width: uprightWidth, height: uprightHeight, channels } = decoded.info;
  const fitting = WIDTHS.filter((w) => w <= uprightWidth);
  const widths = fitting.length > 0 ? fitting : [uprightWidth];

  const from = (width: number) =>
    sharp(decoded.data, { raw: { width: uprightWidth, height: uprightHeight, channels } }).resize({ width, withoutEnlargement: true });
  const outputs: Output[] = [];
  const encode = async (pipeline: Sharp, width: number, ext: string) => {
    try {
      const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
      const hash = createHash("sha256").update(data).digest("hex").slice(0, 10);
      outputs.push({ file: `${name}-${width}.${hash}.${ext}`, data });
      return { url: `${URL_BASE}/${name}-${width}.${hash}.${ext}`, info };
    } catch (error) {
      throw new NotAPicture("not encodable", { cause: error });
    }
  };

  const avif: string[] = [];
  const webp: string[] = [];
  for (const width of widths) {
    avif.push(`${(await encode(from(width).avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT }), width, "avif")).url} ${width}w`);
    webp.push(`${(await encode(from(width).webp({ quality: WEBP_QUALITY }), width, "webp")).url} ${width}w`);
  }
  const largest = widths.at(-1)!;
  const fallback = await encode(
    from(largest).flatten({ background: "#ffffff" }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true }),
    largest,
    "jpg",
  );
  return {
    outputs,
    entry: {
      width: fallback.info.width,
      height: fallback.info.height,
      src: fallback.url,
      sources: [
        { type: "image/avif", srcset: avif.join(", ") },
        { type: "image/webp", srcset: webp.join(", ") },
      ],
    },
  };
}

/**
 * Writes each file under a temporary name, flushes it and renames it, so no half-written file
 * ever carries a final name. On failure, removes everything this call wrote, and throws.
 */
async function writeAll(outputs: Output[], outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  try {
    for (const output of outputs) {
      const temporary = path.join(outDir, `.${output.file}.${randomBytes(4).toString("hex")}.tmp`);
      written.push(temporary);
      await writeNewFile(temporary, output.data);
      const final = path.join(outDir, output.file);
      written.push(final);
      await rename(temporary, final);
    }
    await syncFolder(outDir);
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}
