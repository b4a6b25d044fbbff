/**
 * An invoice and a credit note as PDFs, on the firm's paper (app/lib/pdf/paper.server.ts), holding
 * what HMRC asks of a full VAT invoice (VAT Notice 700/21): the seller's name, postal address and
 * VAT number; the number, the invoice date and the tax point (the same day); the customer's name
 * and address; each line's description, quantity, net unit price and VAT rate; net, VAT and total;
 * the amount due and its date; the bank details with the invoice's number as the reference, and
 * the card link when there is one. A credit note names the invoice it corrects and its date.
 *
 * Everything comes from the stored document, its copied seller and customer included, and its
 * creation date is the day it was sent: the same invoice makes the same file, byte for byte,
 * whenever it is downloaded. A draft (no number) is drawn with the facts published now, marked as
 * a draft and with no bank details, for the owner alone.
 */
import { BRAND } from "../brand/colours.ts";
import { longDate } from "../time/words.ts";
import { letterhead, linesTable, newPaper, paragraph, pdfDownload, section, sideBySide, title, totals, type Column, type Paper, type Sum } from "../pdf/paper.server.ts";
import { formatPounds, quantityAsText, VAT_RATE_PERCENT } from "../quotes/money.ts";
import { amountDueWords, bankFacts, bankOf, customerLines, referenceWords, sellerLines, vatRateWords, type PaperSeller } from "./document-words.ts";
import { invoiceFileName, invoiceNumber, type Billed, type Invoice } from "./invoices.server.ts";
import type { Amounts } from "./money.ts";
import { creditNoteNumber, type CreditNote } from "./payments.server.ts";

const COLUMNS: Column[] = [
  { title: "Description", share: 0.38, align: "left" },
  { title: "Qty", share: 0.08, align: "right" },
  { title: "Unit price (net)", share: 0.22, align: "right" },
  { title: "VAT rate", share: 0.12, align: "right" },
  { title: "Amount (net)", share: 0.2, align: "right" },
];

/** Who a document is from and to: a sent invoice's own copies, or, for a draft, the facts now. */
export interface Parties {
  seller: PaperSeller;
  customer: Pick<Billed, "name" | "address">;
}

/** The parties an invoice names: its own copies once sent; a draft's must be handed in. */
export function partiesOf(invoice: Invoice, draft?: () => Parties): Parties {
  if (invoice.seller && invoice.customer) return { seller: invoice.seller, customer: invoice.customer };
  if (!draft) throw new Error("A draft invoice names no seller or customer of its own");
  return draft();
}

/** The letterhead of a document from `seller`: its name, phone, e-mail and VAT number. */
function sellerHead(paper: Paper, seller: PaperSeller) {
  return letterhead(paper, seller.name, [`${seller.phone} · ${seller.email}`, ...(seller.vatNumber ? [`VAT number ${seller.vatNumber}`] : [])]);
}

/** Net and VAT (when charged) over the total. */
function sums(amounts: Amounts, vat: boolean, total: Sum["words"]): [Sum[], Sum] {
  const lines = vat
    ? [
        { words: "Net", amount: formatPounds(amounts.netPence) },
        { words: `VAT at ${VAT_RATE_PERCENT}%`, amount: formatPounds(amounts.vatPence) },
      ]
    : [];
  return [lines, { words: total, amount: formatPounds(amounts.totalPence) }];
}

export async function invoicePdf(invoice: Invoice, parties: Parties): Promise<Buffer> {
  const { seller, customer } = parties;
  const number = invoiceNumber(invoice);
  const sent = invoice.status === "sent" && invoice.issuedOn !== null;
  const paper = newPaper({ title: sent ? `Invoice ${number}` : number, author: seller.name, createdAt: new Date(invoice.sentAt ?? invoice.createdAt) });
  const { doc } = paper;

  await sellerHead(paper, seller);
  const dates = sent
    ? [`Invoice date: ${longDate(invoice.issuedOn!)}`, `Tax point: ${longDate(invoice.issuedOn!)}`, `Due: ${longDate(invoice.dueOn)}`]
    : ["Not sent yet: it is numbered and dated when it is sent", `Due: ${longDate(invoice.dueOn)}`];
  title(paper, sent ? `Invoice ${number}` : "Draft invoice", dates);
  sideBySide(paper, [
    { label: "From", lines: sellerLines(seller) },
    { label: "Invoice to", lines: customerLines(customer) },
  ]);
  linesTable(
    paper,
    COLUMNS,
    invoice.lines.map((line) => [line.description, quantityAsText(line.quantity), formatPounds(line.unitPence), vatRateWords(invoice.vat), formatPounds(line.netPence)]),
  );
  totals(paper, ...sums(invoice, invoice.vat, invoice.vat ? "Total including VAT" : "Total"));
  doc.moveDown(0.8);
  doc.font("bold").fontSize(13).text(amountDueWords(invoice.totalPence, invoice.dueOn), paper.left, doc.y, { width: paper.width });

  if (invoice.note) {
    section(paper, "Notes");
    paragraph(paper, invoice.note);
  }
  section(paper, "How to pay");
  const bank = bankOf(seller);
  if (sent && bank) {
    paragraph(paper, "By bank transfer to:");
    for (const { label, value } of bankFacts(bank, number)) paragraph(paper, `${label}: ${value}`, label === "Reference");
    doc.moveDown(0.4);
    paragraph(paper, referenceWords(number));
    if (seller.cardPaymentLink) {
      doc.moveDown(0.4);
      paragraph(paper, "Pay by card:", true);
      doc.font("body").fillColor(BRAND.accentDark).text(seller.cardPaymentLink, paper.left, doc.y, { width: paper.width, link: seller.cardPaymentLink, underline: true });
    }
  } else {
    paragraph(paper, "The bank details and the payment reference are added when the invoice is sent.");
  }
  return paper.finish(`${seller.name} · ${sent ? `Invoice ${number}` : number}`);
}

/** A credit note: the invoice it corrects and that invoice's date, the reason, net, VAT and total. */
export async function creditNotePdf(note: CreditNote, invoice: Invoice): Promise<Buffer> {
  const { seller, customer } = partiesOf(invoice);
  const number = creditNoteNumber(note);
  const corrected = invoiceNumber(invoice);
  const paper = newPaper({ title: `Credit note ${number}`, author: seller.name, createdAt: new Date(note.createdAt) });

  await sellerHead(paper, seller);
  title(paper, `Credit note ${number}`, [`Date: ${longDate(note.issuedOn)}`, `Corrects invoice ${corrected} of ${longDate(invoice.issuedOn!)}`]);
  sideBySide(paper, [
    { label: "From", lines: sellerLines(seller) },
    { label: "Credited to", lines: customerLines(customer) },
  ]);
  linesTable(paper, COLUMNS, [[`Credit on ${corrected}`, "1", formatPounds(note.netPence), vatRateWords(invoice.vat), formatPounds(note.netPence)]]);
  totals(paper, ...sums(note, invoice.vat, "Total credited"));
  section(paper, "Reason");
  paragraph(paper, note.reason);
  return paper.finish(`${seller.name} · Credit note ${number}`);
}

/** An invoice's PDF as a download named for it, never cached. */
export async function invoicePdfResponse(invoice: Invoice, parties: Parties): Promise<Response> {
  return pdfDownload(await invoicePdf(invoice, parties), invoiceFileName(invoice));
}

/** A credit note's PDF as a download named for it ("CN-2026-0001.pdf"), never cached. */
export async function creditNotePdfResponse(note: CreditNote, invoice: Invoice): Promise<Response> {
  return pdfDownload(await creditNotePdf(note, invoice), creditNoteFileName(note));
}

/** "CN-2026-0001.pdf". */
export function creditNoteFileName(note: Pick<CreditNote, "year" | "sequence">): string {
  return `${creditNoteNumber(note)}.pdf`;
}
