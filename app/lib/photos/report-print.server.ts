/**
 * The survey report's photos made for print (issue 37 §2): each from the server's large copy,
 * re-encoded as a JPEG at 150 dpi for the place it takes in the quote's PDF (at most two to a row),
 * with no metadata (sharp writes none unless told), so twelve photos keep the PDF well under 5 MB.
 */
import path from "node:path";
import sharp from "sharp";
import { jobPhotoFile, jobPhotosDir } from "./job-photos.server.ts";
import { photoAlt } from "./job-photos.ts";
import type { SentReport } from "./survey-report.server.ts";

/** Print's resolution, and the largest a photo is printed (half the page's width, in points). */
export const PRINT_DPI = 150;
export const PRINT_POINTS = { width: 240, height: 200 } as const;
const pixels = (points: number) => Math.round((points / 72) * PRINT_DPI);

export interface PrintPicture {
  jpeg: Buffer;
  /** Its size in pixels, at PRINT_DPI. */
  width: number;
  height: number;
  alt: string;
}

export interface PrintReport {
  surveyDay: string;
  findings: { words: string; pictures: PrintPicture[] }[];
  recommend: string;
}

/** One stored photo as a JPEG for print, or undefined when its file is gone. */
export async function printPicture(photosDir: string, id: string): Promise<Omit<PrintPicture, "alt"> | undefined> {
  try {
    const { data, info } = await sharp(path.join(jobPhotosDir(photosDir), jobPhotoFile(id, "large")))
      .resize(pixels(PRINT_POINTS.width), pixels(PRINT_POINTS.height), { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}

/** A sent report with each of its photos made for print. */
export async function printReport(photosDir: string, report: SentReport): Promise<PrintReport> {
  const findings = [];
  let n = 0;
  for (const finding of report.findings) {
    const pictures: PrintPicture[] = [];
    for (const photo of finding.photos) {
      n += 1;
      const printed = await printPicture(photosDir, photo.id);
      if (printed) pictures.push({ ...printed, alt: photoAlt(photo, n) });
    }
    findings.push({ words: finding.words, pictures });
  }
  return { surveyDay: report.surveyDay, findings, recommend: report.recommend };
}
