/**
 * A report table of the owner's pages that becomes one card per row below 640 px
 * (table-cards.css): each cell carries its column's name for the card. It stays a table, with its
 * caption, column headers and row headers, for screen readers (today's browsers keep a table's
 * roles when its parts are drawn as blocks; an explicit role on its parts is not valid HTML).
 * Used by Money's invoices and Insights' tables.
 */
import type { ReactNode } from "react";
import { HeadRow } from "./HeadRow.tsx";

export function CardTable({ caption, names, words, sticky, children }: { caption: string; names: string[]; words?: number; sticky?: boolean; children: ReactNode }) {
  return (
    <table className="table-cards w-full border-collapse text-left">
      <caption className="sr-only">{caption}</caption>
      <HeadRow names={names} words={words} sticky={sticky} />
      <tbody>{children}</tbody>
    </table>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <tr className="border-b border-slate-200">
      {children}
    </tr>
  );
}

/** The row's first cell, its header: "12 Dec", an invoice's number, a page. */
export function RowHead({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <th scope="row" data-label={label} className={`py-2 pr-3 font-normal ${className}`}>
      {children}
    </th>
  );
}

/** A cell, named by its column for the card. Figures are set right by default. */
export function Cell({ label, className = "py-2 pr-3 text-right", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={className}>
      {children}
    </td>
  );
}
