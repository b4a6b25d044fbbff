/**
 * The thank-you page's offer (issue 38 §3): a quote form's answer comes back at
 * `?sent={reference}&book={token}`, and while that one-time link is open and the request has no
 * survey, the page offers its best times, posting to `/book/{token}`. Any other page has none.
 */
import type { Content } from "../../content/load.ts";
import type { Db } from "../db/connection.server.ts";
import { checkBookingToken } from "../links/booking-tokens.server.ts";
import { offerOnPage } from "./survey-booking.server.ts";

export function thankYouOffer(store: Db, content: Content, search: string, now: Date = new Date()) {
  const params = new URLSearchParams(search);
  const token = params.get("book");
  if (!params.get("sent") || !token) return undefined;
  const link = checkBookingToken(store.db, token, now);
  return link.state === "open" ? offerOnPage(store, content, link.leadId, `/book/${token}`, now) : undefined;
}
