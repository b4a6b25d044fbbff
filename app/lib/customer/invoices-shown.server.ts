/**
 * The invoices on the customer's own page (issue 28 §5): each one sent (never a draft), with what
 * is due and by when, the bank details and reference copied onto it when it was sent (so they
 * read as on its PDF, whatever the facts say now), what is paid, and its credit notes.
 */
import type { Db } from "../db/connection.server.ts";
import { invoiceNumber, invoicesOfLead } from "../invoices/invoices.server.ts";
import { longDate } from "../time/words.ts";
import { creditNoteNumber, creditNotesOf, paymentsOf, standingOfInvoice } from "../invoices/payments.server.ts";

export function invoicesSentTo(store: Db, leadId: number, now: Date = new Date()) {
  return invoicesOfLead(store, leadId)
    .filter((invoice) => invoice.status === "sent" && invoice.seller !== null)
    .map((invoice) => {
      const standing = standingOfInvoice(store, invoice, now);
      const received = paymentsOf(store, invoice.id).filter((payment) => payment.removedAt === null);
      const seller = invoice.seller!;
      return {
        id: invoice.id,
        number: invoiceNumber(invoice),
        issuedOn: longDate(invoice.issuedOn!),
        dueOn: longDate(invoice.dueOn),
        dueOnIso: invoice.dueOn,
        totalPence: invoice.totalPence,
        standing,
        /** The day the last payment arrived, once it is paid in full. */
        paidInFullOn: standing.state === "paid" && received.length ? longDate(received.at(-1)!.receivedOn) : null,
        bank: { accountName: seller.accountName, sortCode: seller.sortCode, accountNumber: seller.accountNumber },
        cardPaymentLink: seller.cardPaymentLink ?? null,
        creditNotes: creditNotesOf(store, invoice.id).map((note) => ({ id: note.id, number: creditNoteNumber(note), totalPence: note.totalPence, issuedOn: longDate(note.issuedOn) })),
      };
    });
}

export type CustomerInvoiceView = ReturnType<typeof invoicesSentTo>[number];
