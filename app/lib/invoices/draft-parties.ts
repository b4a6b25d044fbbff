/**
 * Whom a draft invoice's PDF names: a draft keeps no copy of the seller or the customer (sending
 * takes them), so the owner's preview of it is drawn with the facts published now and the request
 * as it is; without bank details yet, the preview simply has none.
 */
import type { Content } from "../../content/load.ts";
import type { Lead } from "../requests/lead.ts";
import type { Parties } from "./pdf.server.ts";
import { billedOf, sellerOf } from "./seller.ts";

export function draftParties(content: Content, lead: Pick<Lead, "name" | "location" | "email">): Parties {
  const { business } = content;
  const seller = sellerOf(business, content.invoicing);
  const withoutBank = {
    name: business.name,
    postalAddress: content.invoicing.postalAddress,
    ...(business.vatNumber ? { vatNumber: business.vatNumber } : {}),
    phone: business.phone.display,
    email: business.email,
  };
  return { seller: "missing" in seller ? withoutBank : seller, customer: billedOf(lead) };
}
