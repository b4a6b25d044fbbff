/**
 * A quote as a PDF, made on the server, on the firm's paper (app/lib/pdf/paper.server.ts): its
 * logo, name and colour across the top with its phone, e-mail, website and VAT number; the quote's
 * number and dates; whom it is for and the address of the work; the lines, net, VAT and total; the
 * guarantees and notes; how to accept (or, once accepted, who accepted it and when); "Page 1 of 2"
 * at the foot of every page.
 */
import type { Business } from "../../content/index.ts";
import { dayAndTime, longDate, sentence } from "../time/words.ts";
import { quoteFileName, quoteNumber, type Quote } from "./quotes.server.ts";
import { letterhead, linesTable, newPaper, paragraph, pdfDownload, section, sideBySide, title, totals, type Column } from "../pdf/paper.server.ts";
import { ukDate } from "../time/uk-time.ts";
import { formatPounds, quantityAsText, quoteTotals, VAT_RATE_PERCENT } from "./money.ts";
import type { PrintReport } from "../photos/report-print.server.ts";
import { reportPages } from "./report-pages.server.ts";

export interface QuotePdfInput {
  quote: Quote;
  business: Pick<Business, "name" | "phone" | "email" | "base">;
  /** The site's address (SITE_URL), printed as the firm's website. */
  siteUrl: string;
  customer: { name: string; location: string };
  /** The survey report it was sent with, made for print: its pages follow the quote's. */
  report?: PrintReport;
}

const COLUMNS: Column[] = [
  { title: "Description", share: 0.5, align: "left" },
  { title: "Qty", share: 0.11, align: "right" },
  { title: "Unit price", share: 0.18, align: "right" },
  { title: "Amount", share: 0.21, align: "right" },
];

export async function quotePdf({ quote, business, siteUrl, customer, report }: QuotePdfInput): Promise<Buffer> {
  const number = quoteNumber(quote);
  const paper = newPaper({ title: `Quote ${number}`, author: business.name, createdAt: new Date(quote.sentAt ?? quote.createdAt) });
  const { doc, left, width } = paper;

  await letterhead(paper, business.name, [
    `${business.phone.display} · ${business.email} · ${new URL(siteUrl).host}`,
    `${business.base.town}, ${business.base.county}${quote.vatNumber ? ` · VAT number ${quote.vatNumber}` : ""}`,
  ]);
  title(paper, `Quote ${number}`, [...(quote.sentAt ? [`Date: ${longDate(ukDate(new Date(quote.sentAt)))}`] : []), `Valid until: ${longDate(quote.validUntil)}`]);
  sideBySide(paper, [
    { label: "Prepared for", lines: [customer.name] },
    { label: "Address of the work", lines: [customer.location || "As agreed with you"] },
  ]);

  const priced = quoteTotals(quote.lines, quote.vat);
  linesTable(
    paper,
    COLUMNS,
    priced.lines.map((line) => [line.description, quantityAsText(line.quantity), formatPounds(line.unitPence), formatPounds(line.netPence)]),
  );
  totals(
    paper,
    quote.vat ? [{ words: "Net", amount: formatPounds(priced.netPence) }, { words: `VAT at ${VAT_RATE_PERCENT}%`, amount: formatPounds(priced.vatPence) }] : [],
    { words: quote.vat ? "Total including VAT" : "Total", amount: formatPounds(priced.totalPence) },
  );

  if (quote.guarantees.length) {
    section(paper, "Guarantees");
    for (const guarantee of quote.guarantees) {
      const top = doc.y;
      doc.text("•", left, top, { width: 12 });
      doc.text(sentence(guarantee), left + 12, top, { width: width - 12, paragraphGap: 2 });
    }
  }
  if (quote.notes) {
    section(paper, "Notes");
    paragraph(paper, quote.notes);
  }
  if (quote.status === "accepted" && quote.answeredAt) {
    section(paper, "Accepted");
    paragraph(paper, `Accepted by ${quote.answerName} on ${dayAndTime(quote.answeredAt, new Date(0))}.`, true);
  } else {
    section(paper, "How to accept");
    paragraph(
      paper,
      `Open your quote from the link in our e-mail (View your quote) and press Accept quote, typing your full name. You can accept it until ${longDate(quote.validUntil)}. Questions, or something to change? Call ${business.phone.display} or e-mail ${business.email}.`,
    );
  }
  if (report) reportPages(paper, report);
  return paper.finish(`${business.name} · Quote ${number}`);
}

/** The PDF as a download, never cached. */
export async function pdfResponse(input: QuotePdfInput): Promise<Response> {
  return pdfDownload(await quotePdf(input), quoteFileName(input.quote));
}
