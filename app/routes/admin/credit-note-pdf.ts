/** A credit note's PDF for the owner, as the customer gets it. */
import { invoiceById } from "~/lib/invoices/invoices.server.ts";
import { creditNoteById } from "~/lib/invoices/payments.server.ts";
import { creditNotePdfResponse } from "~/lib/invoices/pdf.server.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/credit-note-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const note = foundOr404(creditNoteById(store, recordIdOr404(params.id)));
  return creditNotePdfResponse(note, invoiceById(store, note.invoiceId)!);
}
