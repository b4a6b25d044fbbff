import type { ReactNode } from "react";
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
      {/* Below 640 px a line's quantity and unit price go under its description, so the amounts
          keep their column and the total is read whole at 320 px; the region may still scroll
          sideways with very large text, and keyboard users can scroll it too. */}
      <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
        <table className="w-full text-left">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-2">Description</th>
              <th scope="col" className="hidden py-2 pr-2 text-right sm:table-cell">Qty</th>
              <th scope="col" className="hidden py-2 pr-2 text-right sm:table-cell">Unit price</th>
              <th scope="col" className="py-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {totals.lines.map((line, i) => (
              <tr key={i} className="border-b border-slate-300 align-top">
                <td className="py-2 pr-2 break-words">
                  {line.description}
                  <span className="block text-base text-muted sm:hidden">
                    {quantityAsText(line.quantity)} × {formatPounds(line.unitPence)}
                  </span>
                </td>
                <td className="hidden py-2 pr-2 text-right sm:table-cell">{quantityAsText(line.quantity)}</td>
                <td className="hidden py-2 pr-2 text-right whitespace-nowrap sm:table-cell">{formatPounds(line.unitPence)}</td>
                <td className="py-2 text-right whitespace-nowrap">{formatPounds(line.netPence)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {quote.vat && (
              <>
                <tr>
                  <FooterLabel className="font-normal">Subtotal</FooterLabel>
                  <td className="py-1 text-right whitespace-nowrap">{formatPounds(totals.netPence)}</td>
                </tr>
                <tr>
                  <FooterLabel className="font-normal">VAT {VAT_RATE_PERCENT}%</FooterLabel>
                  <td className="py-1 text-right whitespace-nowrap">{formatPounds(totals.vatPence)}</td>
                </tr>
              </>
            )}
            <tr>
              <FooterLabel>Total</FooterLabel>
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

/**
 * A total's label: one column below 640 px, where the quantity and unit price columns are not
 * shown, and three from 640 px. Two cells, one shown at a time (the other is not rendered, so
 * screen readers meet one).
 */
function FooterLabel({ className = "", children }: { className?: string; children: ReactNode }) {
  return (
    <>
      <th scope="row" className={`py-1 pr-2 text-right sm:hidden ${className}`}>{children}</th>
      <th scope="row" colSpan={3} className={`hidden py-1 pr-2 text-right sm:table-cell ${className}`}>{children}</th>
    </>
  );
}
