import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { picture, sidewaysPhoneJpeg } from "../../../tests/support/pictures.ts";
import { LeadStore } from "../requests/leads.server.ts";
import { PHOTO_MESSAGES } from "../forms/photos.ts";
import { preparePhotos, writePhotos, type Upload } from "./photos.server.ts";
import { photoFilesByLead, photosOf, readPhoto, removeStrayPhotos } from "../requests/photo-store.server.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "photos-"));
});

/** An upload of these files as the multipart parser leaves it: files on disk. */
function uploadOf(...files: Buffer[]): Upload {
  return {
    files: files.map((bytes, i) => {
      const file = path.join(dir, `upload-${i}`);
      writeFileSync(file, bytes);
      return { path: file, bytes: bytes.length };
    }),
  };
}

describe("preparing photos", () => {
  it("keeps no EXIF of a phone photo (no GPS position, no camera serial) and stores it the right way up", async () => {
    const original = await sidewaysPhoneJpeg();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(original.includes("SN-55501")).toBe(true);
    // The GPS IFD pointer (tag 0x8825) is in the original's EXIF.
    expect(before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const result = await preparePhotos(uploadOf(original));
    if (!result.ok) throw new Error(result.message);
    const [photo] = result.photos;
    const after = await sharp(photo!.jpeg).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(photo!.jpeg.includes("SN-55501")).toBe(false);
    expect(photo!.jpeg.includes("KestrelCam")).toBe(false);
    // Turned upright: 200 wide and 300 high, the red half (the camera's top) now on the right.
    expect([after.width, after.height]).toEqual([200, 300]);
    const { data } = await sharp(photo!.jpeg).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3)];
    const [rightR, , rightB] = pixel(190, 150);
    const [leftR, , leftB] = pixel(10, 150);
    expect(rightR).toBeGreaterThan(200);
    expect(rightB).toBeLessThan(60);
    expect(leftB).toBeGreaterThan(200);
    expect(leftR).toBeLessThan(60);
  });

  it("accepts JPEG, PNG and WebP, shrinking the longest side to 2,560 px", async () => {
    const result = await preparePhotos(uploadOf(await picture("png"), await picture("webp"), await picture("jpeg", 3000, 1000)));
    if (!result.ok) throw new Error(result.message);
    expect(result.photos.map((p) => [p.width, p.height])).toEqual([[64, 48], [64, 48], [2560, 853]]);
    for (const photo of result.photos) expect((await sharp(photo.jpeg).metadata()).format).toBe("jpeg");
  });

  it("refuses what is not a JPEG, PNG or WebP picture, whatever it is called", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } }).gif().toBuffer();
    for (const bytes of [Buffer.from("just some text, renamed to roof.jpg"), gif, (await picture("jpeg")).subarray(0, 40)]) {
      expect(await preparePhotos(uploadOf(bytes))).toEqual({ ok: false, message: PHOTO_MESSAGES.notPicture });
    }
  });

  it("passes on the parser's refusal", async () => {
    expect(await preparePhotos({ files: [], refusal: "tooMany" })).toEqual({ ok: false, message: "Please send at most 5 photos" });
    expect(await preparePhotos({ files: [], refusal: "tooLarge" })).toEqual({ ok: false, message: "Each photo must be 10 MB or smaller" });
  });
});

describe("the store's photos", () => {
  const lead = { form: "quote", page: "/", name: "Photo Owner", email: "p@example.com", phone: "01438 000001", location: "", message: "Tiles" } as const;

  async function storeWithPhotos() {
    const store = new LeadStore(path.join(dir, "data", "leads.sqlite"));
    const prepared = await preparePhotos(uploadOf(await picture("jpeg"), await picture("png")));
    if (!prepared.ok) throw new Error(prepared.message);
    const photos = await writePhotos(prepared.photos, store.photosDir);
    const stored = await store.save(lead, { notify: false, photos });
    const other = store.add({ ...lead, name: "No Photos" });
    return { store, stored, other, photos };
  }

  it("lists a request's photos in order and reads each by id, and nothing by a made-up id", async () => {
    const { store, stored, other, photos } = await storeWithPhotos();
    expect(photosOf(store, stored.id).map((p) => p.file)).toEqual(photos.map((p) => p.file));
    expect(photosOf(store, other.id)).toEqual([]);
    const bytes = await readPhoto(store, photos[0]!.id);
    expect((await sharp(bytes!).metadata()).format).toBe("jpeg");
    expect(await readPhoto(store, "../leads.sqlite")).toBeUndefined();
    expect(await readPhoto(store, "0".repeat(32))).toBeUndefined();
    store.close();
  });

  it("deletes a request's photos with the request, and only its own", async () => {
    const { store, stored, other, photos } = await storeWithPhotos();
    expect(store.deleteLead(stored.id)).toBe(true);
    expect(store.deleteLead(stored.id)).toBe(false);
    for (const photo of photos) expect(existsSync(path.join(store.photosDir, photo.file))).toBe(false);
    expect(store.list().map((l) => l.id)).toEqual([other.id]);
    expect(photoFilesByLead(store).size).toBe(0);
    store.close();
  });

  it("forgets old requests' photos with their customers", async () => {
    const { store, photos } = await storeWithPhotos();
    expect(store.forgetBefore("2999-01-01")).toBe(2);
    expect(readdirSync(store.photosDir).filter((f) => photos.some((p) => p.file === f))).toEqual([]);
    store.close();
  });

  it("commits neither the request nor its photos' rows when the request cannot be stored", async () => {
    const store = new LeadStore(path.join(dir, "data", "leads.sqlite"));
    store.db.exec("CREATE TRIGGER refuse BEFORE INSERT ON lead_photos BEGIN SELECT RAISE(ABORT, 'disk full'); END;");
    const photo = { id: "a".repeat(32), file: `${"a".repeat(32)}.jpg`, bytes: 1, width: 1, height: 1 };
    await expect(store.save(lead, { notify: false, photos: [photo] })).rejects.toThrow("disk full");
    expect(store.count()).toBe(0);
    store.close();
  });

  it("removes photo files no request points to, left by a crash, and keeps the others", async () => {
    const { store, photos } = await storeWithPhotos();
    const stray = `${"b".repeat(32)}.jpg`;
    writeFileSync(path.join(store.photosDir, stray), "x");
    expect(removeStrayPhotos(store)).toBe(1);
    expect(readdirSync(store.photosDir).sort()).toEqual(photos.map((p) => p.file).sort());
    store.close();
  });
});
