/**
 * The invoices and credit notes a customer's page link opens (/c/{token}/…): only the sent ones
 * of that link's own request, through a link that is open now (the one token rule,
 * app/lib/links/page-links.server.ts). Anything else, a draft, another request's document, a
 * replaced or forged link, gets nothing.
 */
import { checkCustomerLink } from "../links/page-links.server.ts";
import type { KeyedDb } from "../db/connection.server.ts";
import { invoiceById, type Invoice } from "./invoices.server.ts";
import { creditNoteById, type CreditNote } from "./payments.server.ts";

const idOf = (param: string | undefined) => (param && /^\d{1,15}$/.test(param) ? Number(param) : undefined);

/** The sent invoice `invoiceId` of the request whose page `token` opens. */
export function customerInvoice(store: KeyedDb, token: string, invoiceId: string | undefined): Invoice | undefined {
  const link = checkCustomerLink(store, token);
  const id = idOf(invoiceId);
  const invoice = link.state === "open" && id !== undefined ? invoiceById(store, id) : undefined;
  return invoice && link.state === "open" && invoice.leadId === link.leadId && invoice.status === "sent" ? invoice : undefined;
}

/** The credit note `creditNoteId` against a sent invoice of the request whose page `token` opens. */
export function customerCreditNote(store: KeyedDb, token: string, creditNoteId: string | undefined): { note: CreditNote; invoice: Invoice } | undefined {
  const id = idOf(creditNoteId);
  const note = id !== undefined ? creditNoteById(store, id) : undefined;
  const invoice = note && customerInvoice(store, token, String(note.invoiceId));
  return note && invoice ? { note, invoice } : undefined;
}

/** What such a link answers when it opens nothing: never cached, never indexed. */
export function noDocument(): Response {
  return new Response("This link does not work any more.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex", "Cache-Control": "no-store" },
  });
}
