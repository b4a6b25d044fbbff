/**
 * A quote as a PDF, made on the server, as the firm's own paper: its logo, name and colour across
 * the top with its phone, e-mail, website and VAT number; the quote's number and dates; whom it is
 * for and the address of the work; the lines, net, VAT and total; the guarantees and notes; how to
 * accept (or, once accepted, who accepted it and when); "Page 1 of 2" at the foot of every page.
 * Real text throughout, so it can be searched, copied and read aloud. DejaVu Sans is embedded, so
 * the £ sign prints whatever the reader's fonts.
 */
import path from "node:path";
import PDFDocument from "pdfkit";
import type { Business } from "../../content/index.ts";
import { logoPng } from "../mail/logo.server.ts";
import { dayAndTime, sentence } from "../mail/words.ts";
import { quoteFileName, quoteNumber, type Quote } from "../owner/quotes.server.ts";
import { BRAND } from "../brand-colours.ts";
import { ukDate } from "../uk-time.ts";
import { formatPounds, quantityAsText, quoteTotals, VAT_RATE_PERCENT } from "./money.ts";

// The server runs from the project's folder (npm start), in development and in production alike.
const FONT_DIR = path.resolve("app/content/fonts");

const { ink: INK, accent: ACCENT, accentDark: ACCENT_DARK, muted: MUTED, rule: RULE, paperDark: SHADE } = BRAND;

export interface QuotePdfInput {
  quote: Quote;
  business: Pick<Business, "name" | "phone" | "email" | "base">;
  /** The site's address (SITE_URL), printed as the firm's website. */
  siteUrl: string;
  customer: { name: string; location: string };
}

/** "3 December 2026" for a YYYY-MM-DD date. */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
/** Room kept at the foot of each page for its page number. */
const FOOT = 70;

export async function quotePdf({ quote, business, siteUrl, customer }: QuotePdfInput): Promise<Buffer> {
  const number = quoteNumber(quote);
  const doc = new PDFDocument({ size: "A4", margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOT }, bufferPages: true, info: { Title: `Quote ${number}`, Author: business.name } });
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
  const logo = await logoPng();

  // The letterhead: the firm's colour across the top, its logo, name and how to reach it.
  doc.rect(0, 0, doc.page.width, 104).fill(INK);
  doc.rect(0, 104, doc.page.width, 5).fill(ACCENT);
  doc.image(logo, left, 26, { width: 48, height: 48 });
  doc.fillColor("#ffffff").font("bold").fontSize(22).text(business.name, left + 62, 24, { width: width - 62 });
  doc.font("body").fontSize(9.5).text(`${business.phone.display} · ${business.email} · ${new URL(siteUrl).host}`, left + 62, doc.y + 2, { width: width - 62 });
  doc.text(`${business.base.town}, ${business.base.county}${quote.vatNumber ? ` · VAT number ${quote.vatNumber}` : ""}`, { width: width - 62 });

  // What the quote is and whom it is for.
  doc.fillColor(INK).font("bold").fontSize(18).text(`Quote ${number}`, left, 132, { width });
  doc.font("body").fontSize(10).fillColor(MUTED);
  const dates = [...(quote.sentAt ? [`Date: ${longDate(ukDate(new Date(quote.sentAt)))}`] : []), `Valid until: ${longDate(quote.validUntil)}`];
  doc.text(dates.join("   ·   "), { width });
  doc.moveDown(1);
  const top = doc.y;
  const half = (width - 20) / 2;
  label(doc, "Prepared for", left, top, half);
  doc.font("body").fontSize(11).fillColor(INK).text(customer.name, left, doc.y, { width: half });
  const leftEnd = doc.y;
  label(doc, "Address of the work", left + half + 20, top, half);
  doc.font("body").fontSize(11).fillColor(INK).text(customer.location || "As agreed with you", left + half + 20, doc.y, { width: half });
  doc.x = left;
  doc.y = Math.max(leftEnd, doc.y) + 18;

  linesTable(doc, quote, left, width);
  totalsBlock(doc, quote, left, width);

  if (quote.guarantees.length) {
    section(doc, "Guarantees", left, width);
    for (const guarantee of quote.guarantees) {
      const top = doc.y;
      doc.text("•", left, top, { width: 12 });
      doc.text(sentence(guarantee), left + 12, top, { width: width - 12, paragraphGap: 2 });
    }
  }
  if (quote.notes) {
    section(doc, "Notes", left, width);
    doc.text(quote.notes, left, doc.y, { width });
  }
  if (quote.status === "accepted" && quote.answeredAt) {
    section(doc, "Accepted", left, width);
    doc.font("bold").text(`Accepted by ${quote.answerName} on ${dayAndTime(quote.answeredAt, new Date(0))}.`, left, doc.y, { width });
  } else {
    section(doc, "How to accept", left, width);
    doc.text(
      `Open your quote from the link in our e-mail (View your quote) and press Accept quote, typing your full name. You can accept it until ${longDate(quote.validUntil)}. Questions, or something to change? Call ${business.phone.display} or e-mail ${business.email}.`,
      left,
      doc.y,
      { width },
    );
  }

  pageNumbers(doc, `${business.name} · Quote ${number}`, left, width);
  doc.end();
  return done;
}

/** A small label over a value. */
function label(doc: Doc, words: string, x: number, y: number, width: number) {
  doc.font("bold").fontSize(8.5).fillColor(ACCENT_DARK).text(words.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc.moveDown(0.2);
}

/** A section's heading, on a new page when too little of this one is left for it and a line. */
function section(doc: Doc, title: string, left: number, width: number) {
  if (doc.y + 60 > doc.page.height - FOOT) doc.addPage();
  doc.moveDown(1);
  doc.font("bold").fontSize(12).fillColor(ACCENT_DARK).text(title, left, doc.y, { width });
  doc.moveDown(0.3);
  doc.font("body").fontSize(10).fillColor(INK);
}

/** The lines, as a table whose head is repeated on each page it runs onto. */
function linesTable(doc: Doc, quote: Quote, left: number, width: number) {
  const columns = [
    { title: "Description", x: left + 6, width: width * 0.5 - 6, align: "left" as const },
    { title: "Qty", x: left + width * 0.51, width: width * 0.1, align: "right" as const },
    { title: "Unit price", x: left + width * 0.62, width: width * 0.17, align: "right" as const },
    { title: "Amount", x: left + width * 0.8, width: width * 0.2 - 6, align: "right" as const },
  ];
  const rowHeight = (cells: string[]) => Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width })));
  const row = (cells: string[]) => {
    const top = doc.y;
    cells.forEach((cell, i) => doc.text(cell, columns[i]!.x, top, { width: columns[i]!.width, align: columns[i]!.align }));
    doc.y = top + rowHeight(cells);
  };
  const head = () => {
    doc.font("bold").fontSize(10);
    const titles = columns.map((column) => column.title);
    const height = rowHeight(titles) + 10;
    doc.rect(left, doc.y, width, height).fill(SHADE);
    doc.fillColor(INK);
    doc.y += 5;
    row(titles);
    doc.y += 5;
  };
  head();
  doc.font("body").fontSize(10);
  for (const line of quoteTotals(quote.lines, quote.vat).lines) {
    const cells = [line.description, quantityAsText(line.quantity), formatPounds(line.unitPence), formatPounds(line.netPence)];
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

/** Net and VAT (when charged), and the total, large, on the right. */
function totalsBlock(doc: Doc, quote: Quote, left: number, width: number) {
  const totals = quoteTotals(quote.lines, quote.vat);
  if (doc.y + 90 > doc.page.height - FOOT) doc.addPage();
  doc.y += 10;
  const labelX = left + width * 0.3;
  const labelWidth = width * 0.43;
  const amountX = left + width * 0.75;
  const amountWidth = width * 0.25 - 6;
  const sum = (words: string, pence: number, size: number, font: "body" | "bold", colour: string = INK) => {
    doc.font(font).fontSize(size).fillColor(colour);
    const top = doc.y;
    doc.text(words, labelX, top, { width: labelWidth, align: "right" });
    doc.text(formatPounds(pence), amountX, top, { width: amountWidth, align: "right" });
    doc.y = Math.max(doc.y, top) + 4;
  };
  if (quote.vat) {
    sum("Net", totals.netPence, 10, "body");
    sum(`VAT at ${VAT_RATE_PERCENT}%`, totals.vatPence, 10, "body");
  }
  doc.moveTo(labelX, doc.y).lineTo(left + width, doc.y).lineWidth(1.5).strokeColor(ACCENT).stroke();
  doc.y += 6;
  sum(quote.vat ? "Total including VAT" : "Total", totals.totalPence, 15, "bold", ACCENT_DARK);
  doc.x = left;
  doc.font("body").fontSize(10).fillColor(INK);
}

/** "Page 1 of 2" at the foot of every page, with the firm's name and the quote's number. */
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

/** The PDF as a download, never cached. */
export async function pdfResponse(input: QuotePdfInput): Promise<Response> {
  const pdf = await quotePdf(input);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${quoteFileName(input.quote)}"`,
      "Cache-Control": "no-store",
    },
  });
}
