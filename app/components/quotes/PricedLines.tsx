import { formatPounds, quantityAsText, VAT_RATE_PERCENT, type PricedLine } from "~/lib/quotes/money.ts";

/**
 * Priced lines and their totals, as a quote and an invoice both show them.
 *
 * Below 640 px each line stands on its own: its description, then "12 × £18.50 = £222.00", so
 * nothing needs a sideways scroll on a 320 px phone. From 640 px the lines are a table of four
 * columns. Either way the net, the VAT and the total (large) follow, on lines of their own that
 * wrap rather than clip: the total is always read whole.
 */
export function PricedLines({ lines, totals, vat, caption }: { lines: readonly PricedLine[]; totals: { netPence: number; vatPence: number; totalPence: number }; vat: boolean; caption: string }) {
  return (
    <>
      <ol aria-label={caption} className="divide-y divide-slate-300 border-y border-slate-300 sm:hidden">
        {lines.map((line, i) => (
          <li key={i} className="py-3">
            <p className="font-semibold break-words">{line.description}</p>
            <p className="text-muted">
              <LineSum line={line} />
            </p>
          </li>
        ))}
      </ol>
      <table className="hidden w-full text-left sm:table">
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
          {lines.map((line, i) => (
            <tr key={i} className="border-b border-slate-300 align-top">
              <td className="py-2 pr-2 break-words">{line.description}</td>
              <td className="py-2 pr-2 text-right">{quantityAsText(line.quantity)}</td>
              <td className="py-2 pr-2 text-right whitespace-nowrap">{formatPounds(line.unitPence)}</td>
              <td className="py-2 text-right whitespace-nowrap">{formatPounds(line.netPence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="space-y-1 sm:ml-auto sm:max-w-sm">
        {vat && (
          <>
            <Sum term="Net" amount={totals.netPence} />
            <Sum term={`VAT at ${VAT_RATE_PERCENT}%`} amount={totals.vatPence} />
          </>
        )}
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t-2 border-accent pt-2">
          <dt className="text-lg font-bold">{vat ? "Total including VAT" : "Total"}</dt>
          <dd className="text-3xl font-extrabold whitespace-nowrap">{formatPounds(totals.totalPence)}</dd>
        </div>
      </dl>
    </>
  );
}

/** "12 × £18.50 = £222.00": each amount kept whole on its line. */
function LineSum({ line }: { line: PricedLine }) {
  return (
    <>
      {quantityAsText(line.quantity)} × <span className="whitespace-nowrap">{formatPounds(line.unitPence)}</span> ={" "}
      <span className="font-semibold whitespace-nowrap text-ink">{formatPounds(line.netPence)}</span>
    </>
  );
}

function Sum({ term, amount }: { term: string; amount: number }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt>{term}</dt>
      <dd className="whitespace-nowrap">{formatPounds(amount)}</dd>
    </div>
  );
}
