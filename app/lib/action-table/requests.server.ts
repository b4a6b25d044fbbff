/**
 * The request page's actions (decision 28): its status by hand, a note, the e-mail sent again,
 * and the customer's link replaced. They stand in the table's room because the requests' room is
 * below the one way in (decision 18). Its new quote is the quotes' (quotes/actions.server.ts), and
 * its Delete the invoices' (a request with an invoice sent is kept six years).
 */
import * as z from "zod/mini";
import { answer, defineAction, done } from "../actions/define.ts";
import { resetCustomerLink } from "../links/page-links.server.ts";
import { text } from "../forms/parse-form.ts";
import { addNote, retryEmail, setStatus } from "../requests/inbox.server.ts";
import { gone, requestForms, requestPage } from "../requests/page.server.ts";
import { LEAD_STATUSES } from "../requests/status.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { NOTE_MAX } from "../requests/forms.ts";

export const requestStatus = defineAction({
  ...requestForms,
  name: "request.status",
  intent: "status",
  done: "status",
  schema: z.object({ status: z.pipe(text(), z.enum(LEAD_STATUSES, "Choose one of the statuses.")) }),
  apply: ({ status }, { store, target, actor, now }) => (setStatus(store, target, status, actor, now) ? done(requestPage(target)) : gone()),
});

export const requestNote = defineAction({
  ...requestForms,
  name: "request.note",
  intent: "note",
  done: "note",
  schema: z.object({ note: text(z.trim(), z.minLength(1, "Write a note first."), z.maxLength(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters.`)) }),
  apply: ({ note }, { store, target, actor }) => (addNote(store, target, note, actor) ? done(requestPage(target)) : gone()),
});

export const requestResend = defineAction({
  ...requestForms,
  name: "request.resend",
  intent: "resend",
  done: "resend",
  schema: z.object({}),
  apply: (_, { store, target, actor, wake }) => {
    if (!retryEmail(store, target, actor)) return answer({ errors: { resend: "This request's e-mail is not waiting to be sent." } });
    wake();
    return done(requestPage(target));
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
    return done(`${requestPage(id)}?saved=customer-link#customer-page`);
  },
});

export const REQUEST_ACTIONS = [requestStatus, requestNote, requestResend, customerLinkReplace];
