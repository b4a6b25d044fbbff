/**
 * The parts of the owner's Insights page (app/routes/admin/insights.tsx): a wide table's scrolling
 * frame, a table of shares (sources, devices), and the twelve months.
 */
import type { ReactNode } from "react";
import { monthWords } from "~/lib/time/words.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import type { Figures } from "~/lib/insights/periods.ts";
import { DayChart } from "./DayChart.tsx";
import { CardTable, Cell, Row, RowHead } from "./CardTable.tsx";

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
  const first = caption.split(" ")[0]!;
  return (
    <Frame name={caption}>
      <CardTable caption={caption} names={[first, "Page views", "Visitors", "Share"]}>
        {rows.map((row) => (
          <Row key={row.name}>
            <RowHead label={first} className="break-words">{row.name}</RowHead>
            <Cell label="Page views">{number(row.views)}</Cell>
            <Cell label="Visitors">{number(row.visitors)}</Cell>
            <Cell label="Share">{all ? `${Math.round((row.visitors / all) * 100)} %` : "—"}</Cell>
          </Row>
        ))}
      </CardTable>
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
        <CardTable caption="Month by month: views, visitors, requests, work won and paid" names={["Month", "Page views", "Visitors", "Requests", "Won", "Won £", "Paid £"]}>
          {[...months].reverse().map((m) => (
            <Row key={m.month}>
              <RowHead label="Month" className="whitespace-nowrap">{monthWords(m.month)}</RowHead>
              <Cell label="Page views">{number(m.views)}</Cell>
              <Cell label="Visitors">{number(m.visitors)}</Cell>
              <Cell label="Requests">{number(m.requests)}</Cell>
              <Cell label="Won">{number(m.won)}</Cell>
              <Cell label="Won £" className={`${TD} whitespace-nowrap`}>{formatPounds(m.wonPence)}</Cell>
              <Cell label="Paid £" className={`${TD} whitespace-nowrap`}>{formatPounds(m.paidPence)}</Cell>
            </Row>
          ))}
        </CardTable>
      </Frame>
    </section>
  );
}

