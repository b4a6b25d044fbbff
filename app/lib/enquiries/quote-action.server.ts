/**
 * The server side of the quote form: the same schema as the browser, the photos checked by their
 * content, then the store, and only then the answer the visitor sees.
 *
 * A stored request is answered with a redirect to the page at ?sent={reference}#quote-sent,
 * where the thank-you notice shows (the `:target` of the fragment) with the request's reference.
 * The visitor sees the notice over empty fields, and a reload does not send the request twice.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { readForm } from "../forms/read-form.server.ts";
import { formValues, type FieldErrors } from "../forms/fields.ts";
import { parseQuote, QUOTE_FIELDS, QUOTE_SENT_ID, type QuoteActionData, type QuoteErrorField } from "../forms/quote.ts";
import { preparePhotos } from "../photos/photos.server.ts";
import { servicesOf, uploadContext } from "../services/services.ts";
import { referenceOf } from "../forms/reference.ts";
import { recordLead } from "./record-lead.server.ts";

export async function quoteAction(request: Request, page: string, context: Readonly<RouterContextProvider>) {
  const form = await readForm(request);
  // The one-time booking token rides along (`book=`): the thank-you page offers survey times with it.
  const sent = (reference?: string, book?: string) => redirect(`${page}${reference ? `?sent=${reference}${book ? `&book=${book}` : ""}` : ""}#${QUOTE_SENT_ID}`, 303);
  // A bot filled the field people never see: answer as a success, store nothing.
  if (form.get("website")) return sent();
  const parsed = parseQuote(form);
  const photos = await preparePhotos(context.get(uploadContext));
  if (!parsed.ok || !photos.ok) {
    const errors: FieldErrors<QuoteErrorField> = parsed.ok ? {} : { ...parsed.errors };
    if (!photos.ok) errors.photos = photos.message;
    const values = parsed.ok ? formValues(form, QUOTE_FIELDS) : parsed.values;
    return data({ status: "invalid", errors, values } satisfies QuoteActionData, { status: 400 });
  }
  const { address, ...rest } = parsed.data;
  const stored = await recordLead(servicesOf(context), { form: "quote", page, location: address, ...rest }, photos.photos);
  if (!stored) return data({ status: "error", values: { ...parsed.data } } satisfies QuoteActionData, { status: 503 });
  return sent(referenceOf(stored.id), stored.bookingToken);
}
