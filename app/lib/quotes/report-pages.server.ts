/**
 * A quote sent with the survey report gains its pages in the PDF (issue 37 §2): "What we found on
 * [the day of the survey]", each finding with its photos at most two to a row, then "What we
 * recommend". The pages are numbered in the footer with the rest.
 */
import type { Db } from "../db/connection.server.ts";
import { paragraph, section, type Paper } from "../pdf/paper.server.ts";
import { PRINT_DPI, PRINT_POINTS, printReport, type PrintReport } from "../photos/report-print.server.ts";
import { reportOfQuote } from "../photos/survey-report.server.ts";
import { surveyDayWords } from "../photos/survey-report.ts";

/** The report a quote was sent with, made for print; undefined when it was sent without one. */
export async function reportForPdf(store: Db & { readonly photosDir: string }, quoteId: number): Promise<PrintReport | undefined> {
  const report = reportOfQuote(store, quoteId);
  return report ? printReport(store.photosDir, report) : undefined;
}

const GAP = 12;

/** The report's pages, from a new page. */
export function reportPages(paper: Paper, report: PrintReport): void {
  const { doc, left, width } = paper;
  doc.addPage();
  section(paper, `What we found on ${surveyDayWords(report.surveyDay)}`);
  const cell = Math.min(PRINT_POINTS.width, (width - GAP) / 2);
  report.findings.forEach((finding, i) => {
    if (doc.y + 80 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.moveDown(0.6);
    paragraph(paper, `${i + 1}. ${finding.words}`, true);
    doc.moveDown(0.3);
    for (let at = 0; at < finding.pictures.length; at += 2) {
      const row = finding.pictures.slice(at, at + 2).map((picture) => {
        // Its size in points at 150 dpi, within its half of the row.
        const scale = Math.min(1, cell / ((picture.width / PRINT_DPI) * 72), PRINT_POINTS.height / ((picture.height / PRINT_DPI) * 72));
        return { picture, w: (picture.width / PRINT_DPI) * 72 * scale, h: (picture.height / PRINT_DPI) * 72 * scale };
      });
      const height = Math.max(...row.map((one) => one.h));
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const top = doc.y;
      row.forEach(({ picture, w, h }, j) => doc.image(picture.jpeg, left + j * (cell + GAP), top, { width: w, height: h }));
      doc.x = left;
      doc.y = top + height + GAP;
    }
  });
  if (report.recommend) {
    section(paper, "What we recommend");
    paragraph(paper, report.recommend);
  }
}
