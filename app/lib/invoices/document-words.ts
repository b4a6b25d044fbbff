/**
 * What an invoice and a credit note say, in the words the PDF and the e-mails share (issue 28 §4,
 * what HMRC asks of a full VAT invoice): who it is from, how much is due by when, where to pay it
 * and with which reference. Each is made from what the document keeps (its copied seller and
 * customer), never from today's facts, so a sent invoice says the same whenever it is read.
 */
import { longDate } from "../time/words.ts";
import { formatPounds, VAT_RATE_PERCENT } from "../quotes/money.ts";
import type { Billed, Seller } from "./invoices.server.ts";

/** The seller as a document prints it: the bank details are absent from a draft's. */
export type PaperSeller = Omit<Seller, "accountName" | "sortCode" | "accountNumber"> & Partial<Pick<Seller, "accountName" | "sortCode" | "accountNumber">>;

/** A line's VAT rate: "20%", or "No VAT" when the business charges none. */
export function vatRateWords(vat: boolean): string {
  return vat ? `${VAT_RATE_PERCENT}%` : "No VAT";
}

/** "Amount due £1,440.00 by 23 December 2026". */
export function amountDueWords(pence: number, dueOn: string): string {
  return `Amount due ${formatPounds(pence)} by ${longDate(dueOn)}`;
}

/** The seller's name, postal address and VAT number (when registered), one a line. */
export function sellerLines(seller: PaperSeller): string[] {
  return [seller.name, ...seller.postalAddress, ...(seller.vatNumber ? [`VAT number ${seller.vatNumber}`] : [])];
}

/** The customer's name and address as the request gave them, one a line. */
export function customerLines(customer: Pick<Billed, "name" | "address">): string[] {
  return [customer.name, ...(customer.address.trim() ? [customer.address.trim()] : [])];
}

/** The bank transfer's details, labelled; the invoice's number is its reference. */
export function bankFacts(seller: Pick<Seller, "accountName" | "sortCode" | "accountNumber">, number: string): { label: string; value: string }[] {
  return [
    { label: "Account name", value: seller.accountName },
    { label: "Sort code", value: seller.sortCode },
    { label: "Account number", value: seller.accountNumber },
    { label: "Reference", value: number },
  ];
}

/** Why the reference matters, in words. */
export function referenceWords(number: string): string {
  return `Please give the invoice number, ${number}, as the reference of your payment: it is how we match your payment to this invoice.`;
}

/** The seller's bank details, when the document has them (a sent invoice always does). */
export function bankOf(seller: PaperSeller): Pick<Seller, "accountName" | "sortCode" | "accountNumber"> | undefined {
  const { accountName, sortCode, accountNumber } = seller;
  return accountName && sortCode && accountNumber ? { accountName, sortCode, accountNumber } : undefined;
}
