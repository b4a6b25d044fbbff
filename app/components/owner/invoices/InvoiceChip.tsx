import { Fragment } from "react";
import { standingWords, type Standing } from "~/lib/invoices/money.ts";

// Colour is a second signal: the chip says where the invoice stands in words ("Part paid · Overdue").
const STYLES: Record<Standing["state"], string> = {
  draft: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
  sent: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
  "part-paid": "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  paid: "bg-green-100 text-ok ring-1 ring-green-300",
  void: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
};

/** Where an invoice stands, in words: "Sent", "Part paid · Overdue", "Paid", "Void"; on its page, the request's and Money. */
export function InvoiceChip({ standing }: { standing: Pick<Standing, "state" | "overdue"> }) {
  const style = standing.overdue ? "bg-white text-danger ring-2 ring-danger" : STYLES[standing.state];
  // Each part kept whole, the parts apart free to wrap: "Part paid ·" over "Overdue" in a card on a narrow phone with big text.
  const parts = standingWords(standing).split(" · ");
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-bold ${style}`}>
      {parts.map((part, i) => (
        <Fragment key={part}>
          {i > 0 && " "}
          <span className="whitespace-nowrap">{i < parts.length - 1 ? `${part} ·` : part}</span>
        </Fragment>
      ))}
    </span>
  );
}
