/**
 * The site's logo (public/logo.svg) as a PNG, for the e-mails' letterhead and the PDFs':
 * made once per process by sharp, at twice the size it is shown, so it is sharp on a phone.
 * Mail clients show SVG poorly or not at all, and PDFKit draws only PNG and JPEG.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { LOGO_CID } from "./letter.ts";

// The server runs from the project's folder (npm start), in development and in production alike.
const LOGO_SVG = path.resolve("public/logo.svg");
/** Pixels a side: the letterhead shows it at 40. */
const SIZE = 80;

let made: Promise<Buffer> | undefined;

/** The logo as PNG bytes. */
export function logoPng(): Promise<Buffer> {
  made ??= readFile(LOGO_SVG).then((svg) => sharp(svg, { density: (72 * SIZE) / 40 }).resize(SIZE, SIZE).png({ compressionLevel: 9 }).toBuffer());
  // A failure is not kept: the next e-mail tries again.
  made.catch(() => (made = undefined));
  return made;
}

/** The logo as the inline attachment the letter's `<img src="cid:…">` shows. */
export async function logoAttachment() {
  return { filename: "logo.png", content: await logoPng(), contentType: "image/png", cid: LOGO_CID, contentDisposition: "inline" as const };
}
