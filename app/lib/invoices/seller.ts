/**
 * Who an invoice is from and to, as sending copies them onto it: the seller from the business
 * facts and the invoicing facts published now (name, postal address, VAT number, bank details),
 * the customer from the request (their name, and the address they gave, as typed).
 */
import type { Business, Invoicing } from "../../content/schema.ts";
import type { Lead } from "../requests/lead.ts";
import type { Billed, Seller } from "./invoices.server.ts";

/** Who the seller is without the bank details: what a draft's preview names before they are set. */
export function sellerFacts(business: Business, invoicing: Invoicing): Omit<Seller, "accountName" | "sortCode" | "accountNumber" | "cardPaymentLink"> {
  return {
    name: business.name,
    postalAddress: invoicing.postalAddress,
    ...(business.vatNumber ? { vatNumber: business.vatNumber } : {}),
    phone: business.phone.display,
    email: business.email,
  };
}

/** The seller, or what is missing before an invoice can be sent: the bank details it asks payment into. */
export function sellerOf(business: Business, invoicing: Invoicing): Seller | { missing: ("accountName" | "sortCode" | "accountNumber")[] } {
  const { accountName, sortCode, accountNumber } = invoicing;
  if (!accountName || !sortCode || !accountNumber) {
    return { missing: (["accountName", "sortCode", "accountNumber"] as const).filter((key) => !invoicing[key]) };
  }
  return {
    ...sellerFacts(business, invoicing),
    accountName,
    sortCode,
    accountNumber,
    ...(invoicing.cardPaymentLink ? { cardPaymentLink: invoicing.cardPaymentLink } : {}),
  };
}

/** The customer as the request names them. */
export function billedOf(lead: Pick<Lead, "name" | "location" | "email">): Billed {
  return { name: lead.name, address: lead.location, email: lead.email };
}

/** Why an invoice cannot be sent without the seller's bank details. */
export const BANK_MISSING = "Your bank details are not set yet, so the invoice cannot be sent: it asks to be paid into your account.";
