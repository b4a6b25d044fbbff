/** A credit note's PDF for the owner, as the customer gets it. */
import { data } from "react-router";
import { invoiceById } from "~/lib/invoices/invoices.server.ts";
import { creditNoteById } from "~/lib/invoices/payments.server.ts";
import { creditNotePdfResponse } from "~/lib/invoices/pdf.server.ts";
import { recordIdOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/credit-note-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const note = creditNoteById(store, recordIdOr404(params.id));
  if (!note) throw data(null, { status: 404 });
  return creditNotePdfResponse(note, invoiceById(store, note.invoiceId)!);
}
