/**
 * What the short pages of business facts share (/admin/site/contact, hours, promises, social,
 * invoicing): the draft's facts as the form shows them, and a save of that page's facts alone into
 * the draft, every other edit kept. A wrong value is answered at its field with what was typed,
 * and nothing is saved. The save is the table's `site.save` (decision 28). The invoicing page also holds what the invoices need (the content's
 * `invoicing`), which only that page reads, shows and saves.
 */
import type { RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { contentFiles } from "../../content/index.ts";
import { answer, defineAction, done } from "../actions/define.ts";
import { revision, UNKNOWN_BUTTON } from "../forms/parse-form.ts";
import { storeOf } from "../services/services.ts";
import { draftContent, saveCheckedDraft, siteFrame } from "./draft.server.ts";
import { withBusiness, withInvoicing } from "./edits.ts";
import { FACT_PAGE_TITLES, factPageOf, factValues, readFacts, type FactErrors, type FactValues } from "./facts-form.ts";
import { invoicingValues, readInvoicing } from "./invoicing-form.ts";
import { currentDraft } from "./versions.server.ts";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The page's facts as the draft has them; the invoicing page's with the bank details, no other's. */
export function factsLoader({ request, context }: Args) {
  const store = storeOf(context);
  const { business, invoicing } = draftContent(store);
  const page = factPageOf(new URL(request.url).pathname);
  return {
    title: FACT_PAGE_TITLES[page],
    values: { ...factValues(business), ...(page === "invoicing" ? invoicingValues(invoicing) : {}) },
    hours: business.openingHours.map((row) => row.label),
    social: business.social.map((link) => link.network),
    ...siteFrame(store, new URL(request.url)),
  };
}

export interface FactsAnswer {
  error: string;
  errors?: FactErrors;
  values?: FactValues;
}

/**
 * Saves the posted page's facts into the draft made from the posted revision (`site.save`), then
 * shows the page again; a wrong value is answered at its field and nothing is saved.
 */
export const siteSave = defineAction({
  name: "site.save",
  find: ({ url }) => factPageOf(url.pathname),
  schema: z.object({ from: revision() }),
  refused: (): FactsAnswer => ({ error: UNKNOWN_BUTTON }),
  apply: ({ from }, { store, target: page, form, actor }) => {
    const draft = draftContent(store);
    const read = readFacts(form, draft.business, page);
    const invoicing = page === "invoicing" ? readInvoicing(form, draft.invoicing) : undefined;
    if (!read.ok || invoicing?.ok === false) {
      const errors = { ...(read.ok ? {} : read.errors), ...(invoicing && !invoicing.ok ? invoicing.errors : {}) };
      return answer({ errors, values: read.values, error: "Some facts need correcting: see the messages beside them. Nothing was saved." } satisfies FactsAnswer);
    }
    const edits = withBusiness(contentFiles, currentDraft(store).edits, read.fields);
    const saved = saveCheckedDraft(store, invoicing?.ok ? withInvoicing(contentFiles, edits, invoicing.fields) : edits, { from, author: actor });
    if (!saved.ok) return answer({ values: read.values, error: saved.error } satisfies FactsAnswer, saved.status);
    return done(`/admin/site/${page}?saved`);
  },
});
