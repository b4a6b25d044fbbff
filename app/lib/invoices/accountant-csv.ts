/**
 * The accountant's two files (issue 28 §9). Invoices: the columns of Xero's sales-invoice import
 * template, named as there, one row per line of each invoice sent in the period, and each credit
 * note issued in it as a negative line (its number as the invoice number, the invoice it corrects
 * as the reference: Xero imports a negative invoice as a credit note). Amounts are net with the
 * VAT beside them ("import as tax exclusive"), so each invoice's rows make its total to the penny.
 * Payments: one row per payment received. Text typed by people is defused; figures stay plain.
 */
import { csvLines, quoted, textCell } from "../db/csv.ts";
import { referenceOf } from "../forms/reference.ts";
import { penceAsText, quantityAsText } from "../quotes/money.ts";
import type { Billed, Invoice } from "./invoices.server.ts";
import { invoiceNumber } from "./invoices.server.ts";
import type { CreditNoteForFile, PaymentForFile } from "./money-figures.server.ts";
import { PAYMENT_METHODS } from "./payments.server.ts";

export const XERO_COLUMNS = [
  "*ContactName", "EmailAddress", "POAddressLine1", "POAddressLine2", "POAddressLine3", "POAddressLine4", "POCity", "PORegion",
  "POPostalCode", "POCountry", "*InvoiceNumber", "Reference", "*InvoiceDate", "*DueDate", "Total", "InventoryItemCode",
  "*Description", "*Quantity", "*UnitAmount", "Discount", "*AccountCode", "*TaxType", "TaxAmount", "TrackingName1",
  "TrackingOption1", "TrackingName2", "TrackingOption2", "Currency", "BrandingTheme",
] as const;

export const PAYMENT_COLUMNS = ["Date", "InvoiceNumber", "ContactName", "Amount", "Method", "Reference"] as const;

/** Xero's sales account, where the work's income goes. */
const SALES_ACCOUNT = "200";
export const TAX_TYPES = { vat: "20% (VAT on Income)", none: "No VAT" } as const;

/** "23/12/2026" for 2026-12-23. */
export function ukSlashDate(date: string): string {
  const [year, month, day] = date.split("-");
  return `${day}/${month}/${year}`;
}

/** Pence as a plain figure: 120000 → "1200.00", -360000 → "-3600.00". */
export function plainAmount(pence: number): string {
  return pence < 0 ? `-${penceAsText(-pence)}` : penceAsText(pence);
}

const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/i;

/**
 * The customer's address as typed on the request ("1 High St, Hitchin SG4 9AA"), in Xero's
 * address columns: up to four lines, a UK postcode at its end in its own column.
 */
function addressColumns(address: string): string[] {
  let parts = address.split(/[\n,]/).map((part) => part.trim()).filter(Boolean);
  let postcode = "";
  const last = parts.at(-1) ?? "";
  const found = UK_POSTCODE.exec(last);
  if (found) {
    postcode = found[1]!.toUpperCase();
    parts = [...parts.slice(0, -1), last.slice(0, found.index).trim()].filter(Boolean);
  }
  const lines = parts.length > 4 ? [...parts.slice(0, 3), parts.slice(3).join(", ")] : parts;
  return [...lines, "", "", "", ""].slice(0, 4).concat(["", "", postcode, ""]);
}

interface Row {
  customer: Billed;
  number: string;
  reference: string;
  date: string;
  dueOn: string;
  totalPence: number;
  description: string;
  quantity: string;
  unitPence: number;
  vatPence: number;
  vat: boolean;
}

function xeroRow(row: Row): string[] {
  const contact = [textCell(row.customer.name), textCell(row.customer.email), ...addressColumns(row.customer.address).map(textCell)];
  return [
    ...contact,
    quoted(row.number),
    textCell(row.reference),
    ukSlashDate(row.date),
    ukSlashDate(row.dueOn),
    plainAmount(row.totalPence),
    "",
    textCell(row.description),
    row.quantity,
    plainAmount(row.unitPence),
    "",
    SALES_ACCOUNT,
    quoted(row.vat ? TAX_TYPES.vat : TAX_TYPES.none),
    plainAmount(row.vatPence),
    "", "", "", "",
    "GBP",
    "",
  ];
}

/** The invoices file: every line of each invoice, then each credit note as one negative line. */
export function invoicesCsv(invoices: readonly Invoice[], creditNotes: readonly CreditNoteForFile[]): string {
  const rows = invoices.flatMap((invoice) =>
    invoice.lines.map((line) =>
      xeroRow({
        customer: invoice.customer!,
        number: invoiceNumber(invoice),
        reference: referenceOf(invoice.leadId),
        date: invoice.issuedOn!,
        dueOn: invoice.dueOn,
        totalPence: invoice.totalPence,
        description: line.description,
        quantity: quantityAsText(line.quantity),
        unitPence: line.unitPence,
        vatPence: line.vatPence,
        vat: invoice.vat,
      }),
    ),
  );
  const credits = creditNotes.map((note) =>
    xeroRow({
      customer: note.customer,
      number: note.number,
      reference: note.invoiceNumber,
      date: note.issuedOn,
      dueOn: note.issuedOn,
      totalPence: -note.totalPence,
      description: `Credit note against ${note.invoiceNumber}${note.reason ? `: ${note.reason}` : ""}`,
      quantity: "1",
      unitPence: -note.netPence,
      vatPence: -note.vatPence,
      vat: note.vat,
    }),
  );
  return csvLines([[...XERO_COLUMNS], ...rows, ...credits]);
}

/** The payments file: one row per payment received. */
export function paymentsCsv(payments: readonly PaymentForFile[]): string {
  const rows = payments.map((payment) => [
    ukSlashDate(payment.receivedOn),
    quoted(payment.invoiceNumber),
    textCell(payment.customerName),
    plainAmount(payment.amountPence),
    quoted(PAYMENT_METHODS[payment.method]),
    textCell(payment.note),
  ]);
  return csvLines([[...PAYMENT_COLUMNS], ...rows]);
}
