/**
 * The quotes' actions (decision 28): a new quote from a request; the draft saved (its line buttons
 * and Check totals answer the page again, saving nothing); Send's Yes; on a sent quote, its
 * follow-ups turned on or off and a new revision started.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { attachReport } from "../photos/survey-report.server.ts";
import { ATTACH_REPORT } from "../photos/survey-report.ts";
import type { Business } from "../../content/index.ts";
import { answer, defineAction, done, redirectTo, type Finding } from "../actions/define.ts";
import { text } from "../forms/parse-form.ts";
import { MailNotSetUp } from "../mail/mailer.server.ts";
import { ukToday } from "../time/uk-time.ts";
import { draftSchema, draftValuesOf, guaranteeOptions, readDraftValues } from "./draft-form.ts";
import { draftLineButton } from "./price-list.server.ts";
import { createQuote, MAX_LINES, quoteById, quoteNumber, reviseQuote, saveDraft, sendQuote, setFollowUps, type Quote } from "./quotes.server.ts";
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
  // "Attach the survey report", ticked by default when the request has one (issue 37 §2).
  schema: z.object({ report: z.pipe(text(), z.transform((value) => value === ATTACH_REPORT)) }),
  done: "sent",
  apply: ({ report }, { store, target: quote, actor, content, services, wake, now }) => {
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
    if (report) attachReport(store, quote.id, quote.leadId, now);
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

const page = (quote: Pick<Quote, "id">) => `/admin/quotes/${quote.id}`;
const LOCKED = "This quote has been sent and is locked. To change it, start a new revision.";
/** The page again with the quote as saved, and why nothing changed. */
const refusedAsSaved = (quote: Quote, business: Business, error: string, status = 409) => answer({ values: draftValuesOf(quote, business), error }, status);

export const quoteFollowUps = defineAction({
  name: "quote.follow-ups",
  intent: "follow-ups",
  find: quoteOf,
  // Anything but "1" turns them off.
  schema: z.object({ on: z.pipe(text(), z.transform((on) => on === "1")) }),
  apply: ({ on }, { store, target, actor, content }) => {
    if (!setFollowUps(store, target.id, on, actor)) return refusedAsSaved(target, content.business, "This quote no longer waits for an answer.");
    return done(page(target));
  },
});

export const quoteRevise = defineAction({
  name: "quote.revise",
  intent: "revise",
  find: quoteOf,
  schema: z.object({}),
  apply: (_, { store, target, actor, content }) => {
    const revision = reviseQuote(store, target.id, { actor });
    return revision ? done(page(revision)) : refusedAsSaved(target, content.business, "This quote cannot be changed.");
  },
});

const vatAllowed = (business: Business) => ({ vatAllowed: Boolean(business.vatNumber) });

/** A draft's form: Save draft, Send quote (saved, then asked), and the line buttons and Check totals, which save nothing. */
export const quoteSave = defineAction({
  name: "quote.save",
  intent: () => true,
  find: quoteOf,
  early: (form, { target, content, store }) => {
    // A sent quote is never edited.
    if (target.status !== "draft") return refusedAsSaved(target, content.business, LOCKED);
    const intent = String(form.get("intent") ?? "");
    const values = readDraftValues(form, vatAllowed(content.business));
    const buttoned = draftLineButton(store, intent, values.lines, { max: MAX_LINES, noun: "A quote" });
    if (buttoned) return "error" in buttoned ? answer({ values, error: buttoned.error }) : answer({ values: { ...values, lines: buttoned.lines } }, 200);
    // Check totals (JavaScript off): the figures as typed, nothing saved.
    if (intent === "totals") return answer({ values }, 200);
    if (intent !== "save" && intent !== "send") return answer({ values, error: "Unknown change." });
    return undefined;
  },
  schema: ({ now, content }) => draftSchema({ today: ukToday(now), ...vatAllowed(content.business) }),
  refused: (errors, form, content) => ({ values: readDraftValues(form, vatAllowed(content.business)), errors, error: "Some fields need a change: see the messages below." }),
  apply: (draft, { store, target, form, content }) => {
    const values = readDraftValues(form, vatAllowed(content.business));
    if (draft.lines.length > MAX_LINES) return answer({ values, error: `A quote can have at most ${MAX_LINES} lines.` });
    const guarantees = guaranteeOptions(content.business).filter((option) => draft.guarantees.includes(option.key)).map((option) => option.text);
    if (!saveDraft(store, target.id, { lines: draft.lines, vat: draft.vat, validUntil: draft.validUntil, notes: draft.notes, guarantees, followUps: target.followUps })) {
      return answer({ values, error: LOCKED }, 409);
    }
    // Send saves the draft, then asks first (routes/admin/quote-send.tsx): nothing goes before Yes.
    return form.get("intent") === "send" ? done(`${page(target)}/send`) : done(page(target), "draft");
  },
});

/** In the order a page's forms are picked: the draft's catch-all form comes last. */
export const QUOTE_ACTIONS = [quoteSend, quoteCreate, quoteFollowUps, quoteRevise, quoteSave];
