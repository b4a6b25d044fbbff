import type { QuoteTotals } from "~/lib/quotes/money.ts";
import { PricedLines } from "./PricedLines.tsx";

export interface QuoteSummaryData {
  totals: QuoteTotals;
  vat: boolean;
  vatNumber: string | null;
  validUntilText: string;
  guarantees: string[];
  notes: string;
}

/**
 * A quote's lines, totals, guarantees and notes, as the owner and the customer both read them.
 *
 * The lines and totals are ./PricedLines.tsx, as an invoice's are.
 */
export function QuoteSummary({ quote, caption }: { quote: QuoteSummaryData; caption: string }) {
  const { totals } = quote;
  return (
    <div className="space-y-4">
      <PricedLines lines={totals.lines} totals={totals} vat={quote.vat} caption={caption} />
      <p>
        Valid until {quote.validUntilText}.{quote.vatNumber && ` VAT number ${quote.vatNumber}.`}
      </p>
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
