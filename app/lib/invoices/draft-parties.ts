/**
 * Whom a draft invoice's PDF names: a draft keeps no copy of the seller or the customer (sending
 * takes them), so the owner's preview of it is drawn with the facts published now and the request
 * as it is; without bank details yet, the preview simply has none.
 */
import type { Content } from "../../content/load.ts";
import type { Lead } from "../requests/lead.ts";
import type { Parties } from "./pdf.server.ts";
import { billedOf, sellerOf, type InvoicingFacts } from "./seller.ts";

/**
 * The invoicing facts published now. Until the invoicing facts are part of the published content
 * (content.invoicing, edited at Your site › Invoices and bank details), the content file's values:
 * this function is then `return content.invoicing`.
 */
export function invoicingNow(_content: Content): InvoicingFacts {
  return { postalAddress: ["Unit 0", "Example Business Park", "Stevenage", "SG1 0AA"], paymentTermsDays: 14 };
}

export function draftParties(content: Content, lead: Pick<Lead, "name" | "location" | "email">): Parties {
  const { business } = content;
  const seller = sellerOf(business, invoicingNow(content));
  const withoutBank = {
    name: business.name,
    postalAddress: invoicingNow(content).postalAddress,
    ...(business.vatNumber ? { vatNumber: business.vatNumber } : {}),
    phone: business.phone.display,
    email: business.email,
  };
  return { seller: "missing" in seller ? withoutBank : seller, customer: billedOf(lead) };
}
