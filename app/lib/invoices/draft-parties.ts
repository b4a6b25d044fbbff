/**
 * Whom a draft invoice's PDF names: a draft keeps no copy of the seller or the customer (sending
 * takes them), so the owner's preview of it is drawn with the facts published now and the request
 * as it is; without bank details yet, the preview simply has none.
 */
import type { Content } from "../../content/load.ts";
import type { Lead } from "../requests/lead.ts";
import type { Parties } from "./pdf.server.ts";
import { billedOf, sellerFacts, sellerOf } from "./seller.ts";

export function draftParties(content: Content, lead: Pick<Lead, "name" | "location" | "email">): Parties {
  const seller = sellerOf(content.business, content.invoicing);
  return { seller: "missing" in seller ? sellerFacts(content.business, content.invoicing) : seller, customer: billedOf(lead) };
}
