/**
 * The customer's Ask to rearrange on their page (/c/{token}), as an action of the table (decision
 * 28): `visit.ask-rearrange`, their words about one booked visit of their request. The private
 * link stands in for the owner's sign-in: a link that is closed is answered as the page answers
 * it, and nothing is asked. Nothing in the diary changes (./rearrange.server.ts).
 */
import * as z from "zod/mini";
import { answer, defineAction, done, refuse } from "../actions/define.ts";
import { checkCustomerLink } from "../links/page-links.server.ts";
import { CLOSED_LINK_STATUS } from "../links/tokens.server.ts";
import { askToRearrange } from "./rearrange.server.ts";

/** What the customer's page says under a visit: why it was not asked, with what was typed. */
const refusedUnder = (rearrange?: { visitId: number; error: string; words: string }) => ({ quoteId: 0, field: "", error: "", ...(rearrange && { rearrange }) });

export const visitAskRearrange = defineAction({
  name: "visit.ask-rearrange",
  side: "customer",
  intent: "rearrange",
  /** The request whose page the link opens. */
  find: ({ params, store }) => {
    const link = checkCustomerLink(store, params.token ?? "");
    if (link.state !== "open") refuse(refusedUnder(), CLOSED_LINK_STATUS[link.state]);
    return link.leadId;
  },
  schema: z.object({}),
  apply: (_, { store, target: leadId, form, url, now, wake }) => {
    const visitId = Number(form.get("visit")) || 0;
    const words = String(form.get("words") ?? "");
    const asked = askToRearrange(store, leadId, visitId, words, now);
    if (!asked.ok) return answer(refusedUnder({ visitId, error: asked.error, words }));
    wake();
    return done(`${url.pathname}?asked=${visitId}#visit-${visitId}`);
  },
});

export const VISIT_CUSTOMER_ACTIONS = [visitAskRearrange];
