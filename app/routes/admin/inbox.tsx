/** The owner's inbox: newest requests first as cards, the numbers that matter on top, filters, pages of 50. */
import { Select } from "~/components/forms/Field.tsx";
import { StatusChip, UnsentChip } from "~/components/owner/StatusChip.tsx";
import { When } from "~/components/owner/When.tsx";
import { leadStore } from "~/lib/leads.server.ts";
import { filterQuery, headline, inboxPage, parseFilter } from "~/lib/owner/inbox.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { pageOrigin } from "~/lib/owner/pages.server.ts";
import { STATUS_OPTIONS } from "~/lib/owner/status.ts";
import { quoteNumber, quotesExpiringSoon } from "~/lib/owner/quotes.server.ts";
import { exactTime } from "~/lib/owner/time.ts";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Requests");

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page, ...filter } = parseFilter(url.searchParams);
  const store = leadStore();
  const found = inboxPage(store, filter, page);
  return {
    now: new Date().toISOString(),
    filter,
    query: filterQuery(filter),
    deleted: /^\d{1,12}$/.test(url.searchParams.get("deleted") ?? "") ? url.searchParams.get("deleted") : null,
    headline: headline(store),
    expiring: quotesExpiringSoon(store).map((quote) => ({ id: quote.id, number: quoteNumber(quote), leadName: quote.leadName, expiresAt: quote.expiresAt })),
    ...found,
    leads: found.leads.map((lead) => ({ ...lead, origin: pageOrigin(lead.page).name })),
  };
}

const FORM_OPTIONS = [
  ["", "Both forms"],
  ["quote", "Quote form"],
  ["contact", "Contact form"],
] as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, query, headline: numbers, leads, total, page, pageCount } = loaderData;
  const now = new Date(loaderData.now);
  const filtered = Boolean(query);
  const pageHref = (n: number) => `/admin?${[query, n > 1 ? `page=${n}` : ""].filter(Boolean).join("&")}`.replace(/\?$/, "");
  return (
    <div className="container-page space-y-6 py-6">
      <h1 className="text-2xl">Requests</h1>
      {loaderData.deleted && (
        <p role="status" className="card font-semibold text-ok">
          Request {loaderData.deleted} deleted.
        </p>
      )}
      <ul aria-label="At a glance" className="grid grid-cols-2 gap-3">
        <li className="card p-4">
          <a href="/admin?status=new" className="link text-lg">
            {numbers.newToday} new today
          </a>
          <p className="text-sm text-muted">{plural(numbers.newTotal, "request")} marked New</p>
        </li>
        <li className={`card p-4 ${numbers.unsent ? "ring-2 ring-danger" : ""}`}>
          {numbers.unsent ? (
            <a href="/admin?unsent=1" className="link text-lg">
              {plural(numbers.unsent, "e-mail")} not sent
            </a>
          ) : (
            <p className="text-lg font-semibold">Every e-mail sent</p>
          )}
          <p className="text-sm text-muted">to you, about a request</p>
        </li>
      </ul>

      {loaderData.expiring.length > 0 && (
        <section aria-labelledby="expiring-heading" className="card space-y-2 p-4">
          <h2 id="expiring-heading" className="text-lg">
            Quotes about to expire
          </h2>
          <ul className="space-y-1">
            {loaderData.expiring.map((quote) => (
              <li key={quote.id}>
                <a href={`/admin/quotes/${quote.id}`} className="link">
                  {quote.number}
                </a>{" "}
                for {quote.leadName}: the link stops working <time dateTime={quote.expiresAt}>{exactTime(quote.expiresAt)}</time>
              </li>
            ))}
          </ul>
        </section>
      )}

      <form method="get" action="/admin" role="search" aria-label="Filter requests" className="card grid grid-cols-2 gap-3 p-4 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
        <Select form="filter" name="status" label="Status" options={[["", "Any status"], ...STATUS_OPTIONS]} defaultValue={filter.status ?? ""} />
        <Select form="filter" name="form" label="Form" options={FORM_OPTIONS} defaultValue={filter.form ?? ""} />
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor="filter-q" className="field-label">
            Search
          </label>
          <input id="filter-q" type="search" name="q" defaultValue={filter.q ?? ""} placeholder="Name, phone, e-mail or postcode" className="field" />
        </div>
        {filter.unsent && <input type="hidden" name="unsent" value="1" />}
        <button type="submit" className="btn-primary col-span-2 sm:col-span-1">
          Show requests
        </button>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite">
          {filtered ? `${plural(total, "request")} match` : plural(total, "request")}
          {filtered && (
            <>
              {" · "}
              <a href="/admin" className="link">
                Show all requests
              </a>
            </>
          )}
        </p>
        {total > 0 && (
          <a href={`/admin/requests.csv${query ? `?${query}` : ""}`} className="btn-secondary" download>
            Download CSV
          </a>
        )}
      </div>

      {leads.length === 0 ? (
        <p className="card">
          {filtered ? "No requests match these filters." : "No requests yet. They appear here the moment a visitor sends one."}
        </p>
      ) : (
        <ol aria-label="Requests, newest first" className="space-y-3">
          {leads.map((lead) => (
            <li key={lead.id} className={`card p-4 ${lead.status === "new" ? "border-l-4 border-accent" : ""}`}>
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="mr-auto text-lg">
                  <a href={`/admin/requests/${lead.id}`} className="link">
                    {lead.name}
                  </a>
                </h2>
                <StatusChip status={lead.status} />
                {lead.delivery === "pending" && <UnsentChip />}
              </div>
              <p className="mt-1 text-muted">
                <When iso={lead.createdAt} now={now} />
                {lead.location && ` · ${lead.location}`}
              </p>
              <p className="text-sm text-muted">
                {lead.form === "quote" ? "Quote form" : "Contact form"} on the {lead.origin}
              </p>
            </li>
          ))}
        </ol>
      )}

      {pageCount > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <a href={pageHref(page - 1)} className="btn-secondary" rel="prev">
              Newer
            </a>
          ) : (
            <span />
          )}
          <p>
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <a href={pageHref(page + 1)} className="btn-secondary" rel="next">
              Older
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
