/**
 * What the photos' room takes, told by a file's content (never its name or type): the formats
 * every browser shows, and the iPhone's HEIC, which this server's sharp cannot decode, told apart
 * so its owner is told how to send a JPEG instead.
 */

/** The formats sharp reports for the pictures we keep. */
export const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp"]);

/** The ISO-BMFF brands of HEIC/HEIF pictures. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"]);

/** Whether the file's first bytes are a HEIC/HEIF picture's. */
export function isHeic(input: Buffer): boolean {
  return input.length >= 12 && input.toString("latin1", 4, 8) === "ftyp" && HEIC_BRANDS.has(input.toString("latin1", 8, 12));
}
