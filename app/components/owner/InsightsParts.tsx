/**
 * The parts of the owner's Insights page (app/routes/admin/insights.tsx): a wide table's scrolling
 * frame, a table of shares (sources, devices), and the twelve months.
 */
import type { ReactNode } from "react";
import { monthWords } from "~/lib/time/words.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import type { Figures } from "~/lib/insights/periods.ts";
import { DayChart } from "./DayChart.tsx";
import { HeadRow } from "./HeadRow.tsx";

export const number = (n: number) => n.toLocaleString("en-GB");

/** A wide table in a frame of its own that scrolls sideways, named and reachable by keyboard. */
export function Frame({ name, children }: { name: string; children: ReactNode }) {
  return (
    // relative: the screen-reader words inside are placed in the frame, not beside the page.
    <div role="region" aria-label={name} tabIndex={0} className="relative overflow-x-auto">
      {children}
    </div>
  );
}

export const TD = "py-2 pr-3 text-right";

export function ShareTable({ caption, rows }: { caption: string; rows: { name: string; views: number; visitors: number }[] }) {
  const all = rows.reduce((total, row) => total + row.visitors, 0);
  return (
    <Frame name={caption}>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <HeadRow names={[caption.split(" ")[0]!, "Page views", "Visitors", "Share"]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-normal break-words">{row.name}</th>
              <td className={TD}>{number(row.views)}</td>
              <td className={TD}>{number(row.visitors)}</td>
              <td className={TD}>{all ? `${Math.round((row.visitors / all) * 100)} %` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Frame>
  );
}


/** The 12 months, oldest first: a chart of views and visitors, and every figure in a table. */
export function MonthByMonth({ months }: { months: ({ month: string } & Figures)[] }) {
  const summary = `Page views and visitors per month, ${monthWords(months[0]!.month)} to ${monthWords(months.at(-1)!.month)}. The figures are in the table below.`;
  return (
    <section aria-labelledby="months-heading" className="card space-y-3 p-4">
      <h2 id="months-heading" className="text-xl">Month by month</h2>
      <DayChart days={months.map((m) => ({ day: m.month, views: m.views, visitors: m.visitors }))} summary={summary} />
      <Frame name="Month by month: views, visitors, requests, work won and paid">
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Month by month: views, visitors, requests, work won and paid</caption>
          <HeadRow names={["Month", "Page views", "Visitors", "Requests", "Won", "Won £", "Paid £"]} />
          <tbody>
            {[...months].reverse().map((m) => (
              <tr key={m.month} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap">{monthWords(m.month)}</th>
                <td className={TD}>{number(m.views)}</td>
                <td className={TD}>{number(m.visitors)}</td>
                <td className={TD}>{number(m.requests)}</td>
                <td className={TD}>{number(m.won)}</td>
                <td className={`${TD} whitespace-nowrap`}>{formatPounds(m.wonPence)}</td>
                <td className={`${TD} whitespace-nowrap`}>{formatPounds(m.paidPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Frame>
    </section>
  );
}

