import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { picture, sidewaysPhoneJpeg } from "../../../tests/support/pictures.ts";
import { takenAt } from "./exif-time.ts";

const exifOf = async (input: Buffer) => (await sharp(input).metadata()).exif;
const withExif = (IFD2: Record<string, string>) => sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } }).jpeg().withExif({ IFD0: { Make: "KestrelCam" }, IFD2 }).toBuffer();

describe("the time a photo was taken", () => {
  it("is read from DateTimeOriginal as UK time when the camera wrote no offset", async () => {
    expect(takenAt(await exifOf(await withExif({ DateTimeOriginal: "2025:12:02 10:14:30" })))?.toISOString()).toBe("2025-12-02T10:14:30.000Z");
    expect(takenAt(await exifOf(await withExif({ DateTimeOriginal: "2025:07:02 10:14:00" })))?.toISOString()).toBe("2025-07-02T09:14:00.000Z");
  });
  it("takes the camera's own offset where it wrote one", async () => {
    expect(takenAt(await exifOf(await withExif({ DateTimeOriginal: "2025:07:02 10:14:00", OffsetTimeOriginal: "+02:00" })))?.toISOString()).toBe("2025-07-02T08:14:00.000Z");
  });
  it("is none for a photo without it, with a broken date, or with no EXIF at all", async () => {
    expect(takenAt(await exifOf(await sidewaysPhoneJpeg()))).toBeUndefined();
    expect(takenAt(await exifOf(await withExif({ DateTimeOriginal: "0000:00:00 00:00:00" })))).toBeUndefined();
    expect(takenAt(await exifOf(await picture("png")))).toBeUndefined();
    expect(takenAt(Buffer.from("Exif\0\0MM\0*\0\0\0\x08\xff\xff"))).toBeUndefined();
  });
});
