/**
 * A quote's PDF with the survey report (issue 37 §2): twelve phone-sized photos (noise, the
 * hardest picture to compress) re-encoded for print keep it under 5 MB; each finding's words and
 * its photos are there, at most two to a row, and the pages are numbered in the footer.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fileContent } from "../../content/index.ts";
import { makeJobPhoto, writeJobPhotos, type JobPhoto } from "../photos/job-photos.server.ts";
import { printReport } from "../photos/report-print.server.ts";
import { quotePdf } from "./pdf.server.ts";
import { SENT_QUOTE } from "../../../tests/support/quotes.ts";
import { noisyJpeg } from "../../../tests/support/pictures.ts";

const dir = mkdtempSync(path.join(tmpdir(), "report-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function storedPhotos(count: number): Promise<JobPhoto[]> {
  const file = path.join(dir, "upload.jpg");
  // A phone photo of a few megabytes of noise, the hardest to compress; one made and stored as twelve keeps the test quick.
  writeFileSync(file, await noisyJpeg(2_000_000));
  const photo = await makeJobPhoto(file);
  if (typeof photo === "string") throw new Error(photo);
  const made = Array.from({ length: count }, () => photo);
  const written = await writeJobPhotos(dir, made);
  return written.map((photo, i) => ({ id: photo.id, leadId: 1, stage: "survey", caption: `Slate ${i + 1}`, takenAt: "2025-12-02T10:14:00Z", timeFromCamera: true, addedAt: "2025-12-02T10:14:00Z", thumbWidth: photo.thumbWidth, thumbHeight: photo.thumbHeight, width: photo.width, height: photo.height }));
}

describe("the quote's PDF with the survey report", () => {
  it("stays under 5 MB with 12 photos, each finding's words and photos in it, its pages numbered", { timeout: 120_000 }, async () => {
    const photos = await storedPhotos(12);
    const report = await printReport(dir, {
      surveyDay: "2025-12-02",
      findings: [
        { words: "Three slipped slates above the bay window", photos: photos.slice(0, 5) },
        { words: "Rotten batten under the ridge", photos: photos.slice(5, 12) },
      ],
      recommend: "Replace the slipped slates and the batten under them.",
    });
    const pdf = await quotePdf({ quote: SENT_QUOTE, business: fileContent.business, siteUrl: "https://www.example.com", customer: { name: "Sarah M.", location: "Hitchin" }, report });
    expect(pdf.length).toBeLessThan(5 * 1024 * 1024);
    const file = path.join(dir, "quote.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("What we found on Tuesday 2 December 2025");
    expect(text).toContain("1. Three slipped slates above the bay window");
    expect(text).toContain("2. Rotten batten under the ridge");
    expect(text).toContain("What we recommend");
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // Twelve photos as JPEGs at about 150 dpi (beside the letterhead's logo).
    const images = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).split("\n").slice(2).filter((line) => /\bjpeg\b/.test(line));
    expect(images).toHaveLength(12);
    for (const line of images) {
      const [xPpi] = line.trim().split(/\s+/).slice(12, 13).map(Number);
      expect(xPpi).toBeGreaterThanOrEqual(140);
      expect(xPpi).toBeLessThanOrEqual(160);
    }
  });
});
