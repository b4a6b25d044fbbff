import { formatPounds, quantityAsText, VAT_RATE_PERCENT, type QuoteTotals } from "~/lib/quotes/money.ts";

export interface QuoteSummaryData {
  totals: QuoteTotals;
  vat: boolean;
  vatNumber: string | null;
  validUntilText: string;
  guarantees: string[];
  notes: string;
}

/** A quote's lines, totals, guarantees and notes, as the owner and the customer both read them. */
export function QuoteSummary({ quote, caption }: { quote: QuoteSummaryData; caption: string }) {
  const { totals } = quote;
  return (
    <div className="space-y-4">
      {/* On a narrow phone with large text the table may scroll sideways: keyboard users can too. */}
      <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-2">Description</th>
              <th scope="col" className="py-2 pr-2 text-right">Qty</th>
              <th scope="col" className="py-2 pr-2 text-right">Unit price</th>
              <th scope="col" className="py-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {totals.lines.map((line, i) => (
              <tr key={i} className="border-b border-slate-300 align-top">
                <td className="py-2 pr-2 break-words">{line.description}</td>
                <td className="py-2 pr-2 text-right">{quantityAsText(line.quantity)}</td>
                <td className="py-2 pr-2 text-right whitespace-nowrap">{formatPounds(line.unitPence)}</td>
                <td className="py-2 text-right whitespace-nowrap">{formatPounds(line.netPence)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {quote.vat && (
              <>
                <tr>
                  <th scope="row" colSpan={3} className="py-1 pr-2 text-right font-normal">Subtotal</th>
                  <td className="py-1 text-right whitespace-nowrap">{formatPounds(totals.netPence)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={3} className="py-1 pr-2 text-right font-normal">VAT {VAT_RATE_PERCENT}%</th>
                  <td className="py-1 text-right whitespace-nowrap">{formatPounds(totals.vatPence)}</td>
                </tr>
              </>
            )}
            <tr>
              <th scope="row" colSpan={3} className="py-1 pr-2 text-right">Total</th>
              <td className="py-1 text-right font-bold whitespace-nowrap">{formatPounds(totals.totalPence)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p>Valid until {quote.validUntilText}.{quote.vatNumber && ` VAT number ${quote.vatNumber}.`}</p>
      {quote.guarantees.length > 0 && (
        <div>
          <h3 className="font-semibold">Guarantees</h3>
          <ul className="list-disc pl-5">
            {quote.guarantees.map((guarantee) => (
              <li key={guarantee}>{guarantee}</li>
            ))}
          </ul>
        </div>
      )}
      {quote.notes && (
        <div>
          <h3 className="font-semibold">Notes</h3>
          <p className="whitespace-pre-wrap break-words">{quote.notes}</p>
        </div>
      )}
    </div>
  );
}
