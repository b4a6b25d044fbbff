/**
 * A quote as a PDF, made on the server: the business's name, phone and e-mail, the lines and
 * totals, the guarantees and notes, and (once accepted) who accepted it and when. DejaVu Sans is
 * embedded, so the £ sign prints whatever the reader's fonts.
 */
import path from "node:path";
import PDFDocument from "pdfkit";
import type { Business } from "../../content/index.ts";
import { exactTime } from "../owner/time.ts";
import { quoteFileName, quoteNumber, type Quote } from "../owner/quotes.server.ts";
import { formatPounds, quantityAsText, quoteTotals, VAT_RATE_PERCENT } from "./money.ts";

// The server runs from the project's folder (npm start), in development and in production alike.
const FONT_DIR = path.resolve("app/content/fonts");

export interface QuotePdfInput {
  quote: Quote;
  business: Pick<Business, "name" | "phone" | "email" | "base">;
  customer: { name: string; location: string };
}

/** "3 December 2026" for a YYYY-MM-DD date. */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

export function quotePdf({ quote, business, customer }: QuotePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `Quote ${quoteNumber(quote)}`, Author: business.name } });
  doc.registerFont("body", path.join(FONT_DIR, "DejaVuSans.ttf"));
  doc.registerFont("bold", path.join(FONT_DIR, "DejaVuSans-Bold.ttf"));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font("bold").fontSize(20).text(business.name);
  doc.font("body").fontSize(10).text(`${business.phone.display} · ${business.email} · ${business.base.town}, ${business.base.county}`);
  if (quote.vatNumber) doc.text(`VAT number ${quote.vatNumber}`);
  doc.moveDown(1.5);
  doc.font("bold").fontSize(16).text(`Quote ${quoteNumber(quote)}`);
  doc.font("body").fontSize(10);
  doc.text(`For ${customer.name}${customer.location ? `, ${customer.location}` : ""}`);
  if (quote.sentAt) doc.text(`Date ${exactTime(quote.sentAt)}`);
  doc.text(`Valid until ${longDate(quote.validUntil)}`);
  doc.moveDown();

  const columns = [
    { title: "Description", x: left, width: width * 0.46, align: "left" as const },
    { title: "Qty", x: left + width * 0.47, width: width * 0.1, align: "right" as const },
    { title: "Unit price", x: left + width * 0.58, width: width * 0.19, align: "right" as const },
    { title: "Amount", x: left + width * 0.78, width: width * 0.22, align: "right" as const },
  ];
  const row = (cells: string[], font: "body" | "bold") => {
    doc.font(font);
    const top = doc.y;
    let bottom = top;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, column.x, top, { width: column.width, align: column.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
  row(columns.map((column) => column.title), "bold");
  const totals = quoteTotals(quote.lines, quote.vat);
  for (const line of totals.lines) row([line.description, quantityAsText(line.quantity), formatPounds(line.unitPence), formatPounds(line.netPence)], "body");
  doc.moveTo(left, doc.y).lineTo(left + width, doc.y).stroke();
  doc.moveDown(0.5);
  const sum = (label: string, pence: number, font: "body" | "bold" = "body") => row(["", "", label, formatPounds(pence)], font);
  if (quote.vat) {
    sum("Subtotal", totals.netPence);
    sum(`VAT ${VAT_RATE_PERCENT}%`, totals.vatPence);
  }
  sum("Total", totals.totalPence, "bold");
  doc.moveDown();

  if (quote.guarantees.length) {
    doc.font("bold").text("Guarantees", left, doc.y, { width });
    doc.font("body");
    for (const guarantee of quote.guarantees) doc.text(`• ${guarantee}`, { width });
    doc.moveDown();
  }
  if (quote.notes) {
    doc.font("bold").text("Notes", { width });
    doc.font("body").text(quote.notes, { width });
    doc.moveDown();
  }
  if (quote.status === "accepted" && quote.answeredAt) {
    doc.font("bold").text(`Accepted by ${quote.answerName} on ${exactTime(quote.answeredAt)}.`, { width });
  }
  doc.end();
  return done;
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
