/**
 * The request page's actions (decision 28): its status by hand, a note, the e-mail sent again, a
 * new quote, and Delete for good (asked first).
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo, type Finding } from "../actions/define.ts";
import { resetCustomerLink } from "../customer/page-links.server.ts";
import { cancelBeforeErase } from "../diary/book.server.ts";
import { text } from "../forms/parse-form.ts";
import { hasSentInvoice } from "../invoices/invoices.server.ts";
import { addNote, deleteLead, leadById, retryEmail, setStatus } from "../owner/inbox.server.ts";
import { createQuote } from "../owner/quotes.server.ts";
import { LEAD_STATUSES } from "../owner/status.ts";
import { recordIdOr404 } from "../record-id.ts";
import { DELETE_CONFIRMED, NOTE_MAX } from "./forms.ts";

/** The request the address names; 404 when there is none. */
function requestOf({ params, store }: Finding): number {
  const id = recordIdOr404(params.id);
  if (!leadById(store, id)) throw data(null, { status: 404 });
  return id;
}

const page = (id: number) => `/admin/requests/${id}`;
const gone = () => {
  throw data(null, { status: 404 });
};
const common = { find: requestOf, unknownButton: "Unknown change.", refused: (errors: Record<string, string | undefined>) => ({ errors }) } as const;

export const requestStatus = defineAction({
  ...common,
  name: "request.status",
  intent: "status",
  done: "status",
  schema: z.object({ status: z.pipe(text(), z.enum(LEAD_STATUSES, "Choose one of the statuses.")) }),
  apply: ({ status }, { store, target, actor, now }) => (setStatus(store, target, status, actor, now) ? done(page(target)) : gone()),
});

export const requestNote = defineAction({
  ...common,
  name: "request.note",
  intent: "note",
  done: "note",
  schema: z.object({ note: text(z.trim(), z.minLength(1, "Write a note first."), z.maxLength(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters.`)) }),
  apply: ({ note }, { store, target, actor }) => (addNote(store, target, note, actor) ? done(page(target)) : gone()),
});

export const requestResend = defineAction({
  ...common,
  name: "request.resend",
  intent: "resend",
  done: "resend",
  schema: z.object({}),
  apply: (_, { store, target, actor, wake }) => {
    if (!retryEmail(store, target, actor)) return answer({ errors: { resend: "This request's e-mail is not waiting to be sent." } });
    wake();
    return done(page(target));
  },
});

export const quoteCreate = defineAction({
  ...common,
  name: "quote.create",
  intent: "create-quote",
  schema: z.object({}),
  apply: (_, { store, target, actor, content }) => {
    const quote = createQuote(store, target, { actor, vatNumber: content.business.vatNumber });
    return quote ? done(`/admin/quotes/${quote.id}`) : gone();
  },
});

export const requestDelete = defineAction({
  ...common,
  name: "request.delete",
  intent: "delete",
  // Only the question's own button deletes: a bare or replayed Delete asks the question again.
  schema: z.object({ confirmed: z.pipe(text(), z.transform((value) => value === DELETE_CONFIRMED.value)) }),
  apply: ({ confirmed }, { store, target, actor, services, wake }) => {
    if (!confirmed) return redirectTo(`${page(target)}?confirm=delete#delete-heading`);
    // Each visit still to come is cancelled to the customer by e-mail before the request goes.
    // Invoices are kept six years (HMRC): a request with one sent is never deleted.
    if (hasSentInvoice(store, target)) throw data(null, { status: 409 });
    if (!deleteLead(store, target, actor, () => cancelBeforeErase(store, target, { mail: Boolean(services.mail) }))) gone();
    wake();
    return done(`/admin?deleted=${target}#main`);
  },
});

export const customerLinkReplace = defineAction({
  name: "customer-link.replace",
  intent: "reset-link",
  schema: z.object({}),
  refused: (errors) => ({ error: errors.intent }),
  apply: (_, { store, params, actor, now }) => {
    const id = recordIdOr404(params.id);
    if (!resetCustomerLink(store, id, actor, now)) gone();
    return done(`${page(id)}?saved=customer-link#customer-page`);
  },
});

export const REQUEST_ACTIONS = [requestStatus, requestNote, requestResend, quoteCreate, requestDelete, customerLinkReplace];
