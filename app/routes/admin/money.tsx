/**
 * Money at a glance (issue 28 §8–9): a month's invoices, credit notes, VAT and payments, what is
 * owed now and what is overdue, the invoices (owed first), and the accountant's two files for the
 * month shown or for days the owner chooses. Every figure comes from the grouped queries of
 * lib/invoices/money-figures.server.ts.
 */
import { AccountantFiles, Figures, InvoicesTable } from "~/components/owner/MoneyParts.tsx";
import { PeriodLinks } from "~/components/owner/PeriodLinks.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { invoicesToList, nowFigures, periodFigures } from "~/lib/invoices/money-figures.server.ts";
import { askedPeriod, monthAfter } from "~/lib/invoices/money-period.ts";
import { monthWords } from "~/lib/time/words.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { storeOf } from "~/lib/services/services.ts";
import { ukToday } from "~/lib/time/uk-time.ts";
import type { Route } from "./+types/money";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Money");

export function loader({ request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const today = ukToday();
  const asked = askedPeriod(new URL(request.url).searchParams, today);
  const invoices = invoicesToList(store, asked.period, today);
  return { ...asked, thisMonth: today.slice(0, 7), figures: periodFigures(store, asked.period), now: nowFigures(invoices), invoices };
}

/** Links to the month before and, up to this month, the month after. */
function MonthLinks({ month, thisMonth }: { month?: string; thisMonth: string }) {
  const shown = month ?? thisMonth;
  const before = monthAfter(shown, -1);
  const after = monthAfter(shown, 1);
  return (
    <PeriodLinks
      label="Months"
      before={{ href: `/admin/money?month=${before}`, words: monthWords(before) }}
      now={month !== thisMonth ? { href: "/admin/money", words: "This month" } : undefined}
      after={month && after <= thisMonth ? { href: `/admin/money?month=${after}`, words: monthWords(after) } : undefined}
    />
  );
}

export default function Money({ loaderData }: Route.ComponentProps) {
  const { period, figures, now, invoices } = loaderData;
  return (
    <>
      <TopBar title="Money" />
      <div className="container-page max-w-3xl space-y-6 py-4">
        <MonthLinks month={period.month} thisMonth={loaderData.thisMonth} />
        <section aria-labelledby="period-heading" className="space-y-3">
          <h2 id="period-heading" className="text-xl">
            {period.month === loaderData.thisMonth ? "This month: " : ""}
            {period.name}
          </h2>
          <Figures
            rows={[
              ["Invoiced", figures.invoicedPence],
              ["Credit notes", figures.creditedPence],
              ["VAT charged", figures.vatPence],
              ["Paid", figures.paidPence],
            ]}
          />
          <p className="text-base text-muted">
            Invoiced counts the invoices sent, VAT included. VAT charged is the VAT on them less the VAT on credit notes. Paid is the money received.
          </p>
        </section>
        <section aria-labelledby="now-heading" className="space-y-3">
          <h2 id="now-heading" className="text-xl">
            Now
          </h2>
          <Figures
            rows={[
              ["Owed to you", now.owedPence],
              ["Overdue", now.overduePence],
            ]}
          />
        </section>
        <section aria-labelledby="invoices-heading" className="card space-y-3 p-4">
          <h2 id="invoices-heading" className="text-xl">
            Invoices
          </h2>
          {invoices.length === 0 ? (
            <p>No invoices owed or sent in this period. An invoice appears here once you send it from a request.</p>
          ) : (
            <InvoicesTable invoices={invoices} />
          )}
        </section>
        <AccountantFiles period={period} errors={loaderData.errors} typed={loaderData.typed} />
      </div>
    </>
  );
}
