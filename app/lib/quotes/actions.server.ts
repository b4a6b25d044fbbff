/** The quotes' actions (decision 28): a new quote from a request, and Send's Yes. */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo, type Finding } from "../actions/define.ts";
import { MailNotSetUp } from "../mail/mailer.server.ts";
import { createQuote, quoteById, quoteNumber, sendQuote, type Quote } from "./quotes.server.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { queueQuoteSend } from "./events.server.ts";
import { quoteVersion } from "./version.ts";
import { gone, requestForms } from "../requests/page.server.ts";

/** The quote the address names; 404 when there is none. */
export function quoteOf({ params, store }: Finding): Quote {
  const quote = quoteById(store, recordIdOr404(params.id));
  if (!quote) throw data(null, { status: 404 });
  return quote;
}

const REFUSED = { "no-lines": "Add at least one line first.", "past-date": "The valid-until date has passed: choose a later one.", "earlier-answered": "The customer accepted the earlier revision meanwhile." } as const;

export const quoteSend = defineAction({
  name: "quote.send",
  find: quoteOf,
  // A second tap, or a Back and Yes again: it went the first time.
  early: (_, { target }) => (target.status !== "draft" ? redirectTo(`/admin/quotes/${target.id}?saved=sent`) : undefined),
  version: { of: quoteVersion, stale: { error: "The quote was changed after this page was shown, so it was not sent. Check it below, then send it." } },
  schema: z.object({}),
  done: "sent",
  apply: (_, { store, target: quote, actor, content, services, wake }) => {
    const back = `/admin/quotes/${quote.id}`;
    let sent: ReturnType<typeof sendQuote>;
    try {
      // The customer's e-mail is a row of the queue, committed with the send; without e-mail set
      // up the send is refused and nothing of it is kept.
      sent = sendQuote(store, quote.id, {
        actor,
        hours: content.business.openingHours,
        alongside: (sending, now) => {
          if (!services.mail) throw new MailNotSetUp();
          queueQuoteSend(store.db, sending.id, now);
        },
      });
    } catch (error) {
      if (!(error instanceof MailNotSetUp)) throw error;
      console.error(`Quote ${quoteNumber(quote)} could not be e-mailed (${error.message}); it is still a draft`);
      return answer({ error: "E-mail is not set up on this server, so the quote cannot be sent. It is still a draft." }, 502);
    }
    if ("refused" in sent) {
      if (sent.refused === "not-draft") return redirectTo(`${back}?saved=sent`);
      return answer({ error: `${REFUSED[sent.refused]} Nothing was sent.` }, 409);
    }
    wake();
    return done(back);
  },
});

export const quoteCreate = defineAction({
  ...requestForms,
  name: "quote.create",
  intent: "create-quote",
  schema: z.object({}),
  apply: (_, { store, target, actor, content }) => {
    const quote = createQuote(store, target, { actor, vatNumber: content.business.vatNumber });
    return quote ? done(`/admin/quotes/${quote.id}`) : gone();
  },
});

export const QUOTE_ACTIONS = [quoteSend, quoteCreate];
