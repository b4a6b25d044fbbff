/**
 * When a photo was taken, read from its EXIF (sharp's `metadata().exif`) before the metadata is
 * stripped: DateTimeOriginal, with OffsetTimeOriginal where the camera wrote it, else read as UK
 * time (the business's). Only the two tags are read, with every offset checked against the
 * buffer: a broken EXIF block gives no time, never an error.
 */
import { ukInstant } from "../time/uk-time.ts";

const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;
const ASCII = 2;
const LONG = 4;

type Tiff = { data: Buffer; little: boolean };

const u16 = ({ data, little }: Tiff, at: number) => (little ? data.readUInt16LE(at) : data.readUInt16BE(at));
const u32 = ({ data, little }: Tiff, at: number) => (little ? data.readUInt32LE(at) : data.readUInt32BE(at));

/** The entries of the IFD at `offset`: tag, type, count and the value's offset (or the value itself, when it fits). */
function entries(tiff: Tiff, offset: number): Map<number, { type: number; count: number; at: number }> {
  const found = new Map<number, { type: number; count: number; at: number }>();
  if (offset + 2 > tiff.data.length) return found;
  const n = u16(tiff, offset);
  for (let i = 0; i < n; i++) {
    const entry = offset + 2 + i * 12;
    if (entry + 12 > tiff.data.length) break;
    const type = u16(tiff, entry + 2);
    const count = u32(tiff, entry + 4);
    // A value of four bytes or fewer stands in the entry itself.
    const at = type === ASCII && count > 4 ? u32(tiff, entry + 8) : entry + 8;
    found.set(u16(tiff, entry), { type, count, at });
  }
  return found;
}

function ascii(tiff: Tiff, entry: { type: number; count: number; at: number } | undefined): string | undefined {
  if (!entry || entry.type !== ASCII || entry.at + entry.count > tiff.data.length) return undefined;
  return tiff.data.toString("latin1", entry.at, entry.at + entry.count).replace(/\0.*$/s, "");
}

/** The TIFF structure inside an EXIF block (after sharp's "Exif\0\0"), or undefined. */
function tiffOf(exif: Buffer): Tiff | undefined {
  const data = exif.toString("latin1", 0, 6) === "Exif\0\0" ? exif.subarray(6) : exif;
  if (data.length < 8) return undefined;
  const order = data.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return undefined;
  return { data, little: order === "II" };
}

/** The time a photo was taken, from its EXIF block; undefined when it says none (or nothing readable). */
export function takenAt(exif: Buffer | undefined): Date | undefined {
  if (!exif) return undefined;
  const tiff = tiffOf(exif);
  if (!tiff) return undefined;
  const pointer = entries(tiff, u32(tiff, 4)).get(EXIF_IFD_POINTER);
  if (!pointer || pointer.type !== LONG) return undefined;
  const exifIfd = entries(tiff, u32(tiff, pointer.at));
  const original = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(ascii(tiff, exifIfd.get(DATE_TIME_ORIGINAL))?.trim() ?? "");
  if (!original) return undefined;
  const [, year, month, day, hour, minute, second] = original.map(Number) as number[];
  if (!year || !month || month > 12 || !day || day > 31 || hour! > 23 || minute! > 59 || second! > 59) return undefined;
  const offset = /^([+-])(\d{2}):(\d{2})$/.exec(ascii(tiff, exifIfd.get(OFFSET_TIME_ORIGINAL))?.trim() ?? "");
  if (offset) {
    const sign = offset[1] === "-" ? -1 : 1;
    const minutes = sign * (Number(offset[2]) * 60 + Number(offset[3]));
    return new Date(Date.UTC(year, month - 1, day, hour, minute, second) - minutes * 60_000);
  }
  const date = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return new Date(ukInstant(date, hour! * 60 + minute!).getTime() + second! * 1000);
}
