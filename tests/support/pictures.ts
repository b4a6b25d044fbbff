/** Pictures made on the fly for tests and benchmarks, so no binary files live in the repository. */
import { randomBytes } from "node:crypto";
import sharp from "sharp";

/**
 * A phone photo as it leaves the camera: stored sideways with EXIF orientation 6 (turn 90°
 * clockwise to view), a GPS position and a camera serial. Red on its stored top half, blue below,
 * so the right way up it is red on the right.
 */
export async function sidewaysPhoneJpeg(width = 300, height = 200): Promise<Buffer> {
  const top = await sharp({ create: { width, height: height / 2, channels: 3, background: "#ff0000" } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#0000ff" } })
    .composite([{ input: top, top: 0, left: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: "KestrelCam", Model: "Serial SN-55501" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 54/1 12/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 12/1 7/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small picture in the given format. */
export function picture(format: "jpeg" | "png" | "webp", width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#8a5a2b" } })[format]().toBuffer();
}

/**
 * A JPEG of about `bytes` bytes: random noise compresses badly, so the size is easy to steer.
 * Big enough pictures stand for a phone's photo in the benchmark and the size-limit tests.
 */
const BYTES_PER_PIXEL = 1.0;

export async function noisyJpeg(bytes: number): Promise<Buffer> {
  // Noise at quality 95 costs about BYTES_PER_PIXEL.
  const side = Math.ceil(Math.sqrt(bytes / BYTES_PER_PIXEL));
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
}

/**
 * A phone photo as it leaves the camera with its time: the GPS position and camera of
 * `sidewaysPhoneJpeg`, and DateTimeOriginal ("2025:12:02 10:14:00", as cameras write it).
 */
export async function datedPhoneJpeg(dateTimeOriginal: string, width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#5a6b7c" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "KestrelCam", Model: "Serial SN-55501" },
      IFD2: { DateTimeOriginal: dateTimeOriginal },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 54/1 12/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 12/1 7/1" },
    })
    .toBuffer();
}

/**
 * What a served picture still holds of the photo it came from: EXIF, XMP, the test camera's name
 * (the photos above are made by "KestrelCam") and GPS. Empty when it holds none of them.
 */
export async function metadataLeftIn(bytes: Buffer): Promise<string[]> {
  const meta = await sharp(bytes).metadata();
  return [
    ...(meta.exif ? ["EXIF"] : []),
    ...(meta.xmp ? ["XMP"] : []),
    ...(bytes.includes("KestrelCam") ? ["the camera's name"] : []),
    ...(bytes.includes("GPS") ? ["GPS"] : []),
  ];
}
