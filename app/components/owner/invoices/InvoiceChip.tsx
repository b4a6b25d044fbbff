import type { InvoiceState } from "~/lib/invoices/money.ts";

// Colour is a second signal: the chip says where the invoice stands in words ("Part paid · Overdue").
const STYLES: Record<InvoiceState, string> = {
  draft: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
  sent: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
  "part-paid": "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  paid: "bg-green-100 text-ok ring-1 ring-green-300",
  void: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
};

export function InvoiceChip({ state, overdue, words }: { state: InvoiceState; overdue: boolean; words: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-bold ${overdue ? "bg-white text-danger ring-2 ring-danger" : STYLES[state]}`}>{words}</span>;
}
