/**
 * What the short pages of business facts share (/admin/site/contact, hours, promises, social,
 * invoicing): the draft's facts as the form shows them, and a save of that page's facts alone into
 * the draft, every other edit kept. A wrong value is answered at its field with what was typed,
 * and nothing is saved. The invoicing page also holds what the invoices need (the content's
 * `invoicing`), which only that page reads, shows and saves.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import * as z from "zod/mini";
import { contentFiles } from "../../content/index.ts";
import { readForm } from "../forms/read-form.server.ts";
import { parseForm, revision, UNKNOWN_BUTTON } from "../forms/parse-form.ts";
import { ownerContext } from "../owner/context.ts";
import { storeOf } from "../services/services.ts";
import { draftContent, saveCheckedDraft, siteFrame } from "./draft.server.ts";
import { withBusiness, withInvoicing } from "./edits.ts";
import { factValues, readFacts, type FactErrors, type FactPage, type FactValues } from "./facts-form.ts";
import { invoicingValues, readInvoicing } from "./invoicing-form.ts";
import { currentDraft } from "./versions.server.ts";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** The page's facts as the draft has them; the invoicing page's with the bank details, no other's. */
export function factsLoader({ request, context }: Args, page?: FactPage) {
  const store = storeOf(context);
  const { business, invoicing } = draftContent(store);
  return {
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

const saveForm = z.object({ from: revision() });

/** Saves `page`'s facts into the draft made from the posted revision, then shows the page again. */
export async function factsAction({ request, context }: Args, page: FactPage) {
  const owner = context.get(ownerContext);
  const store = storeOf(context);
  const form = await readForm(request);
  const posted = parseForm(saveForm, form);
  if (!posted.ok) return data<FactsAnswer>({ error: UNKNOWN_BUTTON }, { status: 400 });
  const draft = draftContent(store);
  const read = readFacts(form, draft.business, page);
  const invoicing = page === "invoicing" ? readInvoicing(form, draft.invoicing) : undefined;
  if (!read.ok || invoicing?.ok === false) {
    const errors = { ...(read.ok ? {} : read.errors), ...(invoicing && !invoicing.ok ? invoicing.errors : {}) };
    return data<FactsAnswer>({ errors, values: read.values, error: "Some facts need correcting: see the messages beside them. Nothing was saved." }, { status: 400 });
  }
  const edits = withBusiness(contentFiles, currentDraft(store).edits, read.fields);
  const saved = saveCheckedDraft(store, invoicing?.ok ? withInvoicing(contentFiles, edits, invoicing.fields) : edits, { from: posted.value.from, author: owner.name });
  if (!saved.ok) return data<FactsAnswer>({ values: read.values, error: saved.error }, { status: saved.status });
  return redirect(`/admin/site/${page}?saved`, 303);
}
