import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type * as fsPromises from "node:fs/promises";
import { rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { picture, sidewaysPhoneJpeg } from "../../../tests/support/pictures.ts";
import { galleryPhotoFromStoredJpeg, processGalleryPhoto, removeGalleryPhoto } from "./gallery-pictures.server.ts";

// A rename that can be made to fail, to stand for a disk failing halfway through a photo's files.
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  return { ...actual, rename: vi.fn(actual.rename) };
});

const HEIC_MESSAGE =
  "This photo is in the iPhone's HEIC format, which websites cannot show. On the iPhone, choose Settings, Camera, Formats, Most Compatible, or share the photo from the Photos app, which sends a JPEG.";
const NOT_PICTURE = "This file is not a photo we can use. Send a JPEG, PNG or WebP picture.";

let outDir: string;
beforeEach(() => {
  outDir = path.join(mkdtempSync(path.join(tmpdir(), "gallery-")), "uploads");
});

async function accepted(input: Buffer) {
  const result = await processGalleryPhoto(input, outDir);
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Every URL an entry names (the fallback and each srcset candidate) with its width descriptor. */
function urlsOf(entry: { src: string; sources: { type: string; srcset: string }[] }) {
  const candidates = entry.sources.flatMap((source) =>
    source.srcset.split(", ").map((candidate) => {
      const [url, descriptor] = candidate.split(" ");
      return { type: source.type, url: url!, width: Number(descriptor!.replace(/w$/, "")) };
    }),
  );
  return { candidates, all: [entry.src, ...candidates.map((c) => c.url)] };
}

function fileOf(url: string) {
  expect(url.startsWith("/images/uploads/")).toBe(true);
  return url.slice("/images/uploads/".length);
}

/** The GPS latitude 51° 54′ 12″ as the EXIF stores it: three rationals in the EXIF's byte order. */
function latitudeBytes(exif: Buffer) {
  const bigEndian = exif.includes("MM\x00\x2a");
  const bytes = Buffer.alloc(24);
  [51, 1, 54, 1, 12, 1].forEach((n, i) => (bigEndian ? bytes.writeUInt32BE(n, i * 4) : bytes.writeUInt32LE(n, i * 4)));
  return bytes;
}

describe("a gallery photo from the owner's phone", () => {
  it("is upright, has no metadata at all, and comes in AVIF and WebP at the widths it can fill, with a JPEG fallback", async () => {
    // Stored 1200 × 800 with orientation 6: 800 × 1200 the right way up. GPS, a camera serial, XMP.
    const original = await sharp(await sidewaysPhoneJpeg(1200, 800))
      .keepExif()
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Owner XMP-Secret</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>')
      .jpeg()
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect([before.width, before.height]).toEqual([1200, 800]);
    // The GPS IFD pointer (tag 0x8825) and the latitude itself are in the original.
    expect(before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const latitude = latitudeBytes(before.exif!);
    expect(original.includes(latitude)).toBe(true);
    expect(original.includes("SN-55501")).toBe(true);
    expect(original.includes("XMP-Secret")).toBe(true);

    const result = await accepted(original);
    expect(result.name).toMatch(/^g-[0-9a-f]{12}$/);
    expect(result.entry.width).toBe(800);
    expect(result.entry.height).toBe(1200);

    // The entry names exactly the files written, and nothing else is in the folder.
    const { candidates, all } = urlsOf(result.entry);
    expect(new Set(all.map(fileOf))).toEqual(new Set(result.files));
    expect(result.files).toHaveLength(5);
    expect(readdirSync(outDir).sort()).toEqual([...result.files].sort());
    expect(result.entry.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(candidates.filter((c) => c.type === "image/avif").map((c) => c.width)).toEqual([480, 800]);
    expect(candidates.filter((c) => c.type === "image/webp").map((c) => c.width)).toEqual([480, 800]);

    const expectedFormat = { avif: "heif", webp: "webp", jpg: "jpeg" } as const;
    for (const file of result.files) {
      const match = /^(g-[0-9a-f]{12})-(\d+)\.([0-9a-f]{10})\.(avif|webp|jpg)$/.exec(file);
      expect(match, file).not.toBeNull();
      const [, name, width, hash, ext] = match!;
      expect(name).toBe(result.name);
      const bytes = readFileSync(path.join(outDir, file));
      expect(createHash("sha256").update(bytes).digest("hex").slice(0, 10)).toBe(hash);
      // Each decodes, upright, at its width, with nothing of the original's metadata.
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe(expectedFormat[ext as keyof typeof expectedFormat]);
      expect(meta.width).toBe(Number(width));
      expect(meta.height).toBe(Number(width) * 1.5);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.comments).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(latitude)).toBe(false);
      expect(bytes.includes("Exif\x00\x00")).toBe(false);
      expect(bytes.includes("SN-55501")).toBe(false);
      expect(bytes.includes("KestrelCam")).toBe(false);
      expect(bytes.includes("XMP-Secret")).toBe(false);
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      // The camera's top (red) is on the right once upright.
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [rightR, , rightB] = pixel(info.width - 10, info.height / 2);
      const [leftR, , leftB] = pixel(10, info.height / 2);
      expect(rightR).toBeGreaterThan(200);
      expect(rightB).toBeLessThan(60);
      expect(leftB).toBeGreaterThan(200);
      expect(leftR).toBeLessThan(60);
    }
    expect(result.entry.src).toMatch(/-800\.[0-9a-f]{10}\.jpg$/);

    // The same photo again: a new name, the same content hashes.
    const again = await accepted(original);
    expect(again.name).not.toBe(result.name);
    const hashes = (files: string[], name: string) => files.map((file) => file.replace(name, "")).sort();
    expect(hashes(again.files, again.name)).toEqual(hashes(result.files, result.name));
  });

  it("accepts a PNG and a WebP, and makes every width up to 1,600 of a large photo", async () => {
    const png = await accepted(await picture("png", 600, 400));
    expect(png.entry).toMatchObject({ width: 480, height: 320 });
    const webp = await accepted(await picture("webp", 2000, 1000));
    expect(webp.entry).toMatchObject({ width: 1600, height: 800 });
    const widths = urlsOf(webp.entry).candidates.filter((c) => c.type === "image/webp").map((c) => c.width);
    expect(widths).toEqual([480, 800, 1200, 1600]);
    expect(webp.files).toHaveLength(9);
  });

  it("gives a photo narrower than 480 px one width, its own", async () => {
    const result = await accepted(await picture("jpeg", 300, 200));
    expect(result.entry).toMatchObject({ width: 300, height: 200 });
    expect(result.entry.sources.map((s) => s.srcset)).toEqual([expect.stringMatching(/^\S+\.avif 300w$/), expect.stringMatching(/^\S+\.webp 300w$/)]);
    expect(result.files).toHaveLength(3);
  });

  it("makes a request's stored photo a gallery photo, and removes a gallery photo's files", async () => {
    const stored = path.join(path.dirname(outDir), "0123.jpg");
    writeFileSync(stored, await picture("jpeg", 900, 600));
    const result = await galleryPhotoFromStoredJpeg(stored, outDir);
    if (!result.ok) throw new Error(result.message);
    expect(result.entry).toMatchObject({ width: 800, height: 533 });
    await removeGalleryPhoto(outDir, [...result.files, "already-gone.jpg"]);
    expect(readdirSync(outDir)).toEqual([]);
  });
});

describe("a file that is not a photo we can use", () => {
  async function refused(input: Buffer) {
    const result = await processGalleryPhoto(input, outDir);
    expect(result.ok).toBe(false);
    let left: string[] = [];
    try {
      left = readdirSync(outDir);
    } catch {
      // Never created.
    }
    expect(left).toEqual([]);
    return result.ok ? "" : result.message;
  }

  it("refuses an iPhone's HEIC photo with the way to send a JPEG instead", async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.from([0, 0, 0, 0]), Buffer.from("mif1heic"), Buffer.alloc(64)]);
    expect(await refused(heic)).toBe(HEIC_MESSAGE);
    const heif = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmif1"), Buffer.alloc(64)]);
    expect(await refused(heif)).toBe(HEIC_MESSAGE);
  });

  it("refuses a text file named photo.jpg, a truncated JPEG, a GIF and an empty file", async () => {
    const dir = path.dirname(outDir);
    writeFileSync(path.join(dir, "photo.jpg"), "Not a picture at all, just words.\n");
    expect(await refused(readFileSync(path.join(dir, "photo.jpg")))).toBe(NOT_PICTURE);
    expect((await galleryPhotoFromStoredJpeg(path.join(dir, "photo.jpg"), outDir)).ok).toBe(false);

    const whole = await sidewaysPhoneJpeg(1200, 800);
    expect(await refused(whole.subarray(0, Math.floor(whole.length / 2)))).toBe(NOT_PICTURE);
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } }).gif().toBuffer();
    expect(await refused(gif)).toBe(NOT_PICTURE);
    expect(await refused(Buffer.alloc(0))).toBe(NOT_PICTURE);
  });

  it("refuses a picture over 100 megapixels before decoding it", async () => {
    // A small PNG whose header claims 20,000 × 20,000 pixels.
    const png = Buffer.from(await picture("png", 10, 10));
    const ihdr = png.indexOf("IHDR");
    png.writeUInt32BE(20_000, ihdr + 4);
    png.writeUInt32BE(20_000, ihdr + 8);
    png.writeUInt32BE(crc32(png.subarray(ihdr, ihdr + 17)), ihdr + 17);
    expect(await sharp(png, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    expect(await refused(png)).toBe("This photo is too large to process: at most 100 megapixels.");
  });
});

describe("a disk failing halfway through a photo", () => {
  it("removes the files already written and throws", async () => {
    let renames = 0;
    vi.mocked(rename).mockImplementation(async (from, to) => {
      if (++renames === 3) throw Object.assign(new Error("No space left on device"), { code: "ENOSPC" });
      const actual = await vi.importActual<typeof fsPromises>("node:fs/promises");
      return actual.rename(from, to);
    });
    try {
      await expect(processGalleryPhoto(await picture("jpeg", 900, 600), outDir)).rejects.toThrow("No space left");
    } finally {
      vi.mocked(rename).mockReset();
    }
    expect(renames).toBe(3);
    expect(readdirSync(outDir)).toEqual([]);
  });
});
