/** Under the bank details: which reference to give, and Pay by card where the invoice has a link. */
export function ReferenceAndCard({ invoice }: { invoice: { number: string; cardPaymentLink?: string | null } }) {
  return (
    <>
      <p>Please give the invoice number as the reference, so we can match your payment.</p>
      {invoice.cardPaymentLink && (
        <a href={invoice.cardPaymentLink} className="btn-primary" rel="noreferrer">
          Pay by card<span className="sr-only"> for invoice {invoice.number}</span>
        </a>
      )}
    </>
  );
}
