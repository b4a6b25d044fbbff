/**
 * The server side of the quote form: the same schema as the browser, then the store, and only
 * then the answer the visitor sees.
 */
import { data } from "react-router";
import { readForm } from "./forms/read-form.server.ts";
import { parseQuote, type QuoteField } from "./forms/quote.ts";
import type { FieldErrors } from "./forms/fields.ts";
import { recordLead } from "./record-lead.server.ts";

export type QuoteActionData =
  | { status: "sent"; at: number }
  | { status: "invalid"; at: number; errors: FieldErrors<QuoteField>; values: Record<QuoteField, string> }
  | { status: "error"; at: number; values: Record<QuoteField, string> };

export async function quoteAction(request: Request, page: string) {
  const form = await readForm(request);
  const at = Date.now();
  // A bot filled the field people never see: answer as a success, store nothing.
  if (form.get("website")) return { status: "sent", at } satisfies QuoteActionData;
  const parsed = parseQuote(form);
  if (!parsed.ok) {
    return data({ status: "invalid", at, errors: parsed.errors, values: parsed.values } satisfies QuoteActionData, { status: 400 });
  }
  const { address, ...rest } = parsed.data;
  const stored = recordLead({ form: "quote", page, location: address, ...rest });
  if (!stored) {
    const values = { ...parsed.data };
    return data({ status: "error", at, values } satisfies QuoteActionData, { status: 503 });
  }
  return { status: "sent", at } satisfies QuoteActionData;
}
