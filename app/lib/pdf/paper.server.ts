/**
 * The firm's paper, shared by every document it sends as a PDF (the quote, the invoice, the credit
 * note): the letterhead (its colour across the top, its logo, name and how to reach it), two
 * labelled blocks side by side (whom it is from and for), the lines as a table whose head repeats
 * on each page, the sums on the right with the total large, sections, and "Page 1 of 2" at the
 * foot of every page. Real text throughout, so it can be searched, copied and read aloud; DejaVu
 * Sans is embedded, so the £ sign prints whatever the reader's fonts.
 *
 * A document made twice from the same stored record is the same, byte for byte: its creation date
 * is the record's own (when it was sent or issued), never the moment it is downloaded.
 */
import path from "node:path";
import PDFDocument from "pdfkit";
import { BRAND } from "../brand/colours.ts";
import { logoPng } from "../mail/logo.server.ts";

// The server runs from the project's folder (npm start), in development and in production alike.
const FONT_DIR = path.resolve("app/content/fonts");

const { ink: INK, accent: ACCENT, accentDark: ACCENT_DARK, muted: MUTED, rule: RULE, paperDark: SHADE } = BRAND;

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
/** Room kept at the foot of each page for its page number. */
const FOOT = 70;

export interface Paper {
  doc: Doc;
  /** The left edge of the writing and its width. */
  left: number;
  width: number;
  /** Ends the document (numbering its pages with `footWords`) and gives its bytes. */
  finish: (footWords: string) => Promise<Buffer>;
}

/** A new A4 document on the firm's paper, its fonts registered. */
export function newPaper(info: { title: string; author: string; createdAt: Date }): Paper {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOT },
    bufferPages: true,
    info: { Title: info.title, Author: info.author, CreationDate: info.createdAt },
  });
  doc.registerFont("body", path.join(FONT_DIR, "DejaVuSans.ttf"));
  doc.registerFont("bold", path.join(FONT_DIR, "DejaVuSans-Bold.ttf"));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  return {
    doc,
    left,
    width,
    finish: (footWords) => {
      pageNumbers(doc, footWords, left, width);
      doc.end();
      return done;
    },
  };
}

/** The letterhead: the firm's colour across the top, its logo, its name and up to two lines under it. */
export async function letterhead({ doc, left, width }: Paper, name: string, lines: string[]): Promise<void> {
  const logo = await logoPng();
  doc.rect(0, 0, doc.page.width, 104).fill(INK);
  doc.rect(0, 104, doc.page.width, 5).fill(ACCENT);
  doc.image(logo, left, 26, { width: 48, height: 48 });
  doc.fillColor("#ffffff").font("bold").fontSize(22).text(name, left + 62, 24, { width: width - 62 });
  doc.font("body").fontSize(9.5);
  lines.forEach((line, i) => doc.text(line, left + 62, i === 0 ? doc.y + 2 : doc.y, { width: width - 62 }));
}

/** The document's name, large, under the letterhead, and its dates (or other facts) in a line under it. */
export function title({ doc, left, width }: Paper, words: string, facts: string[]): void {
  doc.fillColor(INK).font("bold").fontSize(18).text(words, left, 132, { width });
  doc.font("body").fontSize(10).fillColor(MUTED);
  doc.text(facts.join("   ·   "), { width });
  doc.moveDown(1);
}

/** A small label over a value. */
function label(doc: Doc, words: string, x: number, y: number, width: number) {
  doc.font("bold").fontSize(8.5).fillColor(ACCENT_DARK).text(words.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.moveDown(0.2);
}

/** Two labelled blocks side by side (whom a document is from and for), each one or more lines. */
export function sideBySide({ doc, left, width }: Paper, blocks: [{ label: string; lines: string[] }, { label: string; lines: string[] }]): void {
  const top = doc.y;
  const half = (width - 20) / 2;
  const ends = blocks.map((block, i) => {
    const x = left + i * (half + 20);
    label(doc, block.label, x, top, half);
    doc.font("body").fontSize(11).fillColor(INK).text(block.lines.join("\n"), x, doc.y, { width: half });
    return doc.y;
  });
  doc.x = left;
  doc.y = Math.max(...ends) + 18;
}

/** A section's heading, on a new page when too little of this one is left for it and a line. */
export function section({ doc, left, width }: Paper, heading: string): void {
  if (doc.y + 60 > doc.page.height - FOOT) doc.addPage();
  doc.moveDown(1);
  doc.font("bold").fontSize(12).fillColor(ACCENT_DARK).text(heading, left, doc.y, { width });
  doc.moveDown(0.3);
  doc.font("body").fontSize(10).fillColor(INK);
}

/** A paragraph in the body's type; `bold` for one that must not be missed. */
export function paragraph({ doc, left, width }: Paper, words: string, bold = false): void {
  doc.font(bold ? "bold" : "body").fontSize(10).fillColor(INK).text(words, left, doc.y, { width, paragraphGap: 2 });
}

/** A table's column: its heading, its share of the width, and how its cells align. */
export interface Column {
  title: string;
  share: number;
  align: "left" | "right";
}

/** The lines, as a table whose head is repeated on each page it runs onto. Shares add up to 1. */
export function linesTable({ doc, left, width }: Paper, columns: Column[], rows: string[][]): void {
  let x = left;
  const placed = columns.map((column, i) => {
    // The first and last cells keep 6 points from the table's edges; the others 1 % of the width apart.
    const inset = i === 0 ? 6 : width * 0.01;
    const cell = { ...column, x: x + inset, width: width * column.share - inset - (i === columns.length - 1 ? 6 : 0) };
    x += width * column.share;
    return cell;
  });
  const rowHeight = (cells: string[]) => Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: placed[i]!.width })));
  const row = (cells: string[]) => {
    const top = doc.y;
    cells.forEach((cell, i) => doc.text(cell, placed[i]!.x, top, { width: placed[i]!.width, align: placed[i]!.align }));
    doc.y = top + rowHeight(cells);
  };
  const head = () => {
    doc.font("bold").fontSize(10);
    const titles = placed.map((column) => column.title);
    const height = rowHeight(titles) + 10;
    doc.rect(left, doc.y, width, height).fill(SHADE);
    doc.fillColor(INK);
    doc.y += 5;
    row(titles);
    doc.y += 5;
  };
  head();
  doc.font("body").fontSize(10);
  for (const cells of rows) {
    if (doc.y + rowHeight(cells) + 12 > doc.page.height - FOOT) {
      doc.addPage();
      head();
      doc.font("body").fontSize(10);
    }
    doc.y += 6;
    row(cells);
    doc.y += 6;
    doc.moveTo(left, doc.y).lineTo(left + width, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
}

/** A sum's words and its amount as written ("£1,200.00"). */
export interface Sum {
  words: string;
  amount: string;
}

/** The sums on the right (net, VAT), a rule, then the total, large. */
export function totals({ doc, left, width }: Paper, sums: Sum[], total: Sum): void {
  if (doc.y + 90 > doc.page.height - FOOT) doc.addPage();
  doc.y += 10;
  const labelX = left + width * 0.3;
  const labelWidth = width * 0.43;
  const amountX = left + width * 0.75;
  const amountWidth = width * 0.25 - 6;
  const line = ({ words, amount }: Sum, size: number, font: "body" | "bold", colour: string = INK) => {
    doc.font(font).fontSize(size).fillColor(colour);
    const top = doc.y;
    doc.text(words, labelX, top, { width: labelWidth, align: "right" });
    doc.text(amount, amountX, top, { width: amountWidth, align: "right" });
    doc.y = Math.max(doc.y, top) + 4;
  };
  for (const sum of sums) line(sum, 10, "body");
  doc.moveTo(labelX, doc.y).lineTo(left + width, doc.y).lineWidth(1.5).strokeColor(ACCENT).stroke();
  doc.y += 6;
  line(total, 15, "bold", ACCENT_DARK);
  doc.x = left;
  doc.font("body").fontSize(10).fillColor(INK);
}

/** "Page 1 of 2" at the foot of every page, with the firm's name and the document's number. */
function pageNumbers(doc: Doc, words: string, left: number, width: number) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Written in the foot's margin: with no bottom margin for the moment, no new page is started.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 42;
    doc.moveTo(left, y - 8).lineTo(left + width, y - 8).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font("body").fontSize(8.5).fillColor(MUTED);
    doc.text(words, left, y, { width: width * 0.7, lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, left + width * 0.7, y, { width: width * 0.3, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** A PDF as a download named `filename`, never cached. */
export function pdfDownload(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
