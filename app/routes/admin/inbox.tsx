/**
 * The owner's inbox: what is waiting and whether anyone is told of new requests on top, then the
 * newest requests first as cards built for a phone on a roof (the message's first words, a
 * one-tap Call), the filters folded away, pages of 50.
 */
import { Select } from "~/components/forms/Field.tsx";
import { PhoneIcon } from "~/components/icons.tsx";
import { OverdueChip, StatusChip, UnsentChip } from "~/components/owner/StatusChip.tsx";
import { When } from "~/components/owner/When.tsx";
import { referenceOf } from "~/lib/forms/reference.ts";
import { servicesOf, storeOf } from "~/lib/services.ts";
import { ANSWER_WAY_NAMES, answeredPing, excerpt, isOverdue, isWaiting, mailHeadline, NOBODY_TOLD, nobodyIsTold, waitingHeadline, waitingText } from "~/lib/owner/clock.ts";
import { filterQuery, headline, inboxPage, parseFilter } from "~/lib/owner/inbox.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { pageOrigin } from "~/lib/owner/pages.server.ts";
import { callLink } from "~/lib/owner/reply.ts";
import { STATUS_OPTIONS } from "~/lib/owner/status.ts";
import { quoteNumber, quotesExpiringSoon } from "~/lib/owner/quotes.server.ts";
import { exactTime } from "~/lib/owner/time.ts";
import { parseRecordId } from "~/lib/record-id.ts";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Requests");

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page, ...filter } = parseFilter(url.searchParams);
  const store = storeOf(context);
  const found = inboxPage(store, filter, page);
  // One clock for the whole page, sent to the browser too, so that every wait agrees.
  const now = new Date();
  return {
    now: now.toISOString(),
    /** This page's own origin, for the Call links' pings. */
    self: url.origin,
    filter,
    query: filterQuery(filter),
    /** What Insights filtered by, in words: the page, the days and Won. */
    from: filter.landing || filter.from || filter.to ? filteredBy(filter) : null,
    deleted: parseRecordId(url.searchParams.get("deleted")) === undefined ? null : url.searchParams.get("deleted"),
    headline: headline(store, now, { mail: servicesOf(context).ownerMail }),
    expiring: quotesExpiringSoon(store).map((quote) => ({ id: quote.id, number: quoteNumber(quote), leadName: quote.leadName, expiresAt: quote.expiresAt })),
    ...found,
    leads: found.leads.map((lead) => ({ ...lead, message: excerpt(lead.message), origin: pageOrigin(lead.page).name, reference: referenceOf(lead.id), call: callLink(lead.phone) })),
  };
}

const FORM_OPTIONS = [
  ["", "Both forms"],
  ["quote", "Quote form"],
  ["contact", "Contact form"],
] as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dayText = (day: string) => DAY.format(new Date(`${day}T12:00:00Z`));

/** "Requests from the Maldon town page, 27 Oct 2026 to 25 Nov 2026, marked Won". */
function filteredBy(filter: { landing?: string; from?: string; to?: string; status?: string }): string {
  const page = filter.landing ? ` from the ${pageOrigin(filter.landing).name}` : "";
  const days = filter.from && filter.to ? `, ${dayText(filter.from)} to ${dayText(filter.to)}` : filter.from ? `, since ${dayText(filter.from)}` : filter.to ? `, until ${dayText(filter.to)}` : "";
  return `Requests${page}${days}${filter.status === "won" ? ", marked Won" : ""}`;
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, query, headline: numbers, leads, total, page, pageCount } = loaderData;
  const now = new Date(loaderData.now);
  const filtered = Boolean(query);
  const pageHref = (n: number) => `/admin?${[query, n > 1 ? `page=${n}` : ""].filter(Boolean).join("&")}`.replace(/\?$/, "");
  const overdue = numbers.oldestWaitingAt !== null && isOverdue({ createdAt: numbers.oldestWaitingAt, status: "new", firstAnswerAt: null }, now);
  return (
    <div className="container-page space-y-4 py-4 sm:space-y-6 sm:py-6">
      <h1 className="text-2xl">Requests</h1>
      {loaderData.deleted && (
        <p role="status" className="card font-semibold text-ok">
          Request {loaderData.deleted} deleted.
        </p>
      )}
      {/* What matters first, in as few lines as a phone's first screen allows. */}
      <div aria-label="At a glance" role="group" className={`card space-y-1 p-4 ${overdue ? "ring-2 ring-danger" : ""}`}>
        {numbers.waiting ? (
          <a href="/admin?status=new" className="link text-lg">
            {waitingHeadline(numbers, now)}
          </a>
        ) : (
          <p className="text-lg font-semibold">{waitingHeadline(numbers, now)}</p>
        )}
        <p>
          {numbers.newToday} new today ·{" "}
          {numbers.mail && numbers.unsent ? (
            <a href="/admin?unsent=1" className="link text-danger">
              {mailHeadline(numbers)}
            </a>
          ) : (
            mailHeadline(numbers)
          )}
        </p>
        {loaderData.expiring.length > 0 && (
          <p>
            <a href="#expiring-heading" className="link">
              {plural(loaderData.expiring.length, "quote")} about to expire
            </a>
          </p>
        )}
      </div>
      {nobodyIsTold(numbers) && (
        <p className="card p-4 font-semibold ring-2 ring-danger">
          {NOBODY_TOLD}{" "}
          <a href="/admin/notifications" className="link">
            Turn on notifications
          </a>
        </p>
      )}

      {/* Folded away so that the first request is on the first screen of a phone; open while a filter is on. */}
      <details open={filtered} className="card p-0">
        <summary className="flex min-h-12 cursor-pointer items-center px-4 font-semibold">Filter and search</summary>
        <form method="get" action="/admin" role="search" aria-label="Filter requests" className="grid grid-cols-2 gap-3 p-4 pt-0 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
          <Select form="filter" name="status" label="Status" options={[["", "Any status"], ...STATUS_OPTIONS]} defaultValue={filter.status ?? ""} />
          <Select form="filter" name="form" label="Form" options={FORM_OPTIONS} defaultValue={filter.form ?? ""} />
          <div className="col-span-2 sm:col-span-1">
            <label htmlFor="filter-q" className="field-label">
              Search
            </label>
            <input id="filter-q" type="search" name="q" defaultValue={filter.q ?? ""} placeholder="Name, phone, e-mail, postcode or K-number" className="field" />
          </div>
          {filter.unsent && <input type="hidden" name="unsent" value="1" />}
          {(["landing", "from", "to"] as const).map((key) => filter[key] && <input key={key} type="hidden" name={key} value={filter[key]} />)}
          <button type="submit" className="btn-primary col-span-2 sm:col-span-1">
            Show requests
          </button>
        </form>
        {total > 0 && (
          <p className="px-4 pb-4">
            <a href={`/admin/requests.csv${query ? `?${query}` : ""}`} className="btn-secondary" download>
              Download CSV
            </a>{" "}
            of {filtered ? "the requests shown" : "every request"}
          </p>
        )}
      </details>

      {loaderData.from && <p className="font-semibold">{loaderData.from}</p>}
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

      {leads.length === 0 ? (
        <p className="card">
          {filtered ? "No requests match these filters." : "No requests yet. They appear here the moment a visitor sends one."}
        </p>
      ) : (
        <ol aria-label="Requests, newest first" className="space-y-3">
          {leads.map((lead) => (
            <li key={lead.id} className={`card space-y-2 p-4 ${lead.status === "new" ? "border-l-4 border-accent" : ""}`}>
              {/* The Call button beside the name: one tap from the first screen, and its ping counts as the answer. */}
              <div className="flex items-start gap-3">
                <h2 className="mr-auto text-lg break-words">
                  <a href={`/admin/requests/${lead.id}`} className="link">
                    {lead.name}
                  </a>
                </h2>
                <a href={lead.call} ping={answeredPing(loaderData.self, lead.id, "call")} className="btn-primary shrink-0">
                  <PhoneIcon width="20" height="20" />
                  Call<span className="sr-only"> {lead.name}</span>
                </a>
              </div>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
                <StatusChip status={lead.status} size="base" />
                {isOverdue(lead, now) && <OverdueChip size="base" />}
                {lead.delivery === "pending" && <UnsentChip size="base" />}
                <span>
                  {isWaiting(lead) ? (
                    <time dateTime={lead.createdAt} title={exactTime(lead.createdAt)} className="font-bold text-ink">
                      {waitingText(lead, now)}
                    </time>
                  ) : (
                    <When iso={lead.createdAt} now={now} />
                  )}
                  {lead.status === "new" && lead.firstAnswerBy && ` · answered ${ANSWER_WAY_NAMES[lead.firstAnswerBy]}`}
                  {` · ${lead.reference}`}
                </span>
              </p>
              <p className="break-words">{lead.message}</p>
              <p className="text-muted">
                {lead.form === "quote" ? "Quote form" : "Contact form"} on the {lead.origin}
                {lead.photos > 0 && ` · ${plural(lead.photos, "photo")}`}
                {lead.location && ` · ${lead.location}`}
              </p>
            </li>
          ))}
        </ol>
      )}

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
