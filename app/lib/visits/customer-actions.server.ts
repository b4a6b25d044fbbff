/**
 * The customer's actions on their visits from their page (/c/{token}), in the table (decision 28):
 * `visit.ask-rearrange`, their words about one booked visit of their request, with nothing in the
 * diary changed (./rearrange.server.ts); and for a survey they booked online, up to 24 hours
 * before, `visit.customer-move` and `visit.customer-cancel`, the diary's Move and Cancel
 * (./customer-changes.server.ts). The private link stands in for the owner's sign-in: a link that
 * is closed is answered as the page answers it, and nothing is done.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, refuse, type Finding } from "../actions/define.ts";
import { checkCustomerLink } from "../links/page-links.server.ts";
import { CLOSED_LINK_STATUS } from "../links/tokens.server.ts";
import { customerPagePath } from "../links/page-links.server.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { visitChangeOf } from "./actions.server.ts";
import { cancelByCustomer, moveByCustomer } from "./customer-changes.server.ts";
import { askToRearrange } from "./rearrange.server.ts";
import { visitById } from "./visits.server.ts";

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

/** What the move and cancel pages say when refused: why, at the time's field or above the Yes. */
export interface CustomerChangeRefused {
  error: string;
}

/** The link's request and the visit of it the address names: the closed link's words when the link does not open, a 404 for a visit not of this request. */
function customerVisitOf({ params, store }: Finding) {
  const link = checkCustomerLink(store, params.token ?? "");
  if (link.state !== "open") refuse({ error: "" }, CLOSED_LINK_STATUS[link.state]);
  const visit = visitById(store, recordIdOr404(params.visitId));
  if (!visit || visit.leadId !== link.leadId) throw data(null, { status: 404 });
  return visit;
}

const CHOOSE_TIME = "Choose a new time.";

const backToPage = (token: string | undefined, visitId: number, what: string) => `${customerPagePath(token ?? "")}?${what}=${visitId}#visit-${visitId}`;

export const visitCustomerMove = defineAction({
  name: "visit.customer-move",
  side: "customer",
  find: customerVisitOf,
  schema: z.object({ start: z.string({ error: CHOOSE_TIME }).check(z.refine((value) => !Number.isNaN(Date.parse(value)), CHOOSE_TIME)) }),
  refused: (errors): CustomerChangeRefused => ({ error: errors.start ?? CHOOSE_TIME }),
  apply: (input, applying) => {
    const { store, content, target, params, wake } = applying;
    const moved = moveByCustomer(store, content, target, new Date(input.start), { ...visitChangeOf(applying), now: applying.now });
    if (!moved.ok) return answer({ error: moved.error } satisfies CustomerChangeRefused, 409);
    wake();
    return done(backToPage(params.token, target.id, "moved"));
  },
});

export const visitCustomerCancel = defineAction({
  name: "visit.customer-cancel",
  side: "customer",
  intent: "cancel-survey",
  find: customerVisitOf,
  schema: z.object({}),
  apply: (_, applying) => {
    const { store, content, target, params, wake } = applying;
    const cancelled = cancelByCustomer(store, content, target, { ...visitChangeOf(applying), now: applying.now });
    if (!cancelled.ok) return answer({ error: cancelled.error } satisfies CustomerChangeRefused, 409);
    wake();
    return done(backToPage(params.token, target.id, "cancelled"));
  },
});

export const VISIT_CUSTOMER_ACTIONS = [visitAskRearrange, visitCustomerMove, visitCustomerCancel];
