/**
 * The owner's inbox, what needs doing first: what is waiting and whether anyone is told of new
 * requests on top; filter links with counts (Requests, Jobs, New, Contacted, Quoted, Show closed,
 * Spam) and the search; then two lists: the Requests as cards, New ones first and oldest on top
 * (WORK_ORDER in lib/requests/inbox.server.ts), pages of 50; and the Jobs, Won and not yet paid in
 * full, by what needs doing (lib/requests/job.ts). Show closed lists the Paid jobs, then Lost and Spam.
 */
import { RequestCard } from "~/components/owner/RequestCard.tsx";
import { JobList, type CardJob } from "~/components/owner/JobCard.tsx";
import { jobsInOrder, stageOf } from "~/lib/requests/job.ts";
import { askedSinceSeen } from "~/lib/requests/seen.server.ts";
import { jobsMoneyOf } from "~/lib/invoices/job-money.server.ts";
import { nextVisitOf } from "~/lib/visits/pages.server.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import type { Db } from "~/lib/db/connection.server.ts";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { referenceOf } from "~/lib/forms/reference.ts";
import { servicesOf, storeOf } from "~/lib/services/services.ts";
import { excerpt, isOverdue, mailHeadline, NOBODY_TOLD, nobodyIsTold, waitingHeadline } from "~/lib/requests/clock.ts";
import { filterQuery, headline, inboxPage, parseFilter, statusCounts, wonLeads, type InboxFilter, type StatusFilter } from "~/lib/requests/inbox.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { pageOrigin } from "~/lib/public-site/page-origin.server.ts";
import { callLink } from "~/lib/requests/reply.ts";
import { STATUS_NAMES, type LeadStatus } from "~/lib/requests/status.ts";
import { quoteNumber, quotesExpiringSoon } from "~/lib/quotes/quotes.server.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { parseRecordId } from "~/lib/forms/record-id.ts";
import { moneyWordsOf } from "~/lib/invoices/pages.server.ts";
import type { Route } from "./+types/inbox";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Requests");

/**
 * Every Won request as a job's card, sorted: those not yet paid in full are Jobs, by what needs
 * doing; those paid in full are Paid, newest first (Show closed).
 */
function jobsOf(store: Db, filter: InboxFilter, now: Date): { jobs: CardJob[]; paid: CardJob[] } {
  const won = wonLeads(store, filter);
  const ids = won.map((lead) => lead.id);
  const money = jobsMoneyOf(store, ids, now);
  const asked = askedSinceSeen(store, ids);
  const cards = won.map((lead) => {
    const its = money.get(lead.id)!;
    const next = nextVisitOf(store, lead.id, now);
    return {
      card: {
        id: lead.id,
        name: lead.name,
        phone: lead.phone,
        call: callLink(lead.phone),
        reference: referenceOf(lead.id),
        location: lead.location,
        stage: stageOf(lead.status, its.paidInFull),
        nextVisit: next?.short ?? null,
        owed: its.owedPence > 0 ? `${formatPounds(its.owedPence)} owed` : null,
        overdue: its.overdue,
        money: its.words,
        asked: asked.get(lead.id) ?? [],
      } satisfies CardJob,
      nextVisitAt: next?.startAt ?? null,
    };
  });
  const open = cards.filter(({ card }) => card.stage === "won").map(({ card, nextVisitAt }) => ({ ...card, nextVisitAt }));
  return {
    jobs: jobsInOrder(open).map(({ nextVisitAt: _, ...card }) => card),
    paid: cards.filter(({ card }) => card.stage === "paid").map(({ card }) => card).reverse(),
  };
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page, ...asked } = parseFilter(url.searchParams);
  // With nothing asked, the open requests; a search or Insights' page and days look at every status.
  const narrowed = Boolean(asked.q || asked.unsent || asked.landing || asked.from || asked.to);
  const filter: InboxFilter = { ...asked, status: asked.status ?? (narrowed ? "all" : "open") };
  const store = storeOf(context);
  const found = inboxPage(store, filter, page);
  // One clock for the whole page, sent to the browser too, so that every wait agrees.
  const now = new Date();
  // Where each card's money stands ("Deposit paid", "Balance overdue"): one query for the page.
  const money = moneyWordsOf(store, found.leads.map((lead) => lead.id), now);
  // The jobs show beside the requests, and the Paid ones behind Show closed, matching the same search.
  const { jobs, paid } = jobsOf(store, filter, now);
  return {
    jobs: filter.status === "open" || filter.status === "jobs" ? jobs : [],
    paid: filter.status === "closed" ? paid : [],
    jobCount: jobs.length,
    paidCount: paid.length,
    now: now.toISOString(),
    /** This page's own origin, for the Call links' pings. */
    self: url.origin,
    filter,
    query: filterQuery(asked),
    counts: statusCounts(store, filter),
    /** What Insights filtered by, in words: the page, the days and Won. */
    from: filter.landing || filter.from || filter.to ? filteredBy(filter) : null,
    deleted: deletedReference(url.searchParams.get("deleted")),
    headline: headline(store, now, { mail: servicesOf(context).ownerMail }),
    expiring: quotesExpiringSoon(store).map((quote) => ({ id: quote.id, number: quoteNumber(quote), leadName: quote.leadName, expiresAt: quote.expiresAt })),
    ...found,
    leads: found.leads.map((lead) => ({ ...lead, message: excerpt(lead.message), origin: pageOrigin(lead.page).name, reference: referenceOf(lead.id), call: callLink(lead.phone), money: money.get(lead.id) ?? null })),
  };
}

/** "K-1042" for the request just deleted (?deleted=42), else null. */
function deletedReference(value: string | null): string | null {
  const id = parseRecordId(value);
  return id === undefined ? null : referenceOf(id);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const dayText = (day: string) => DAY.format(new Date(`${day}T12:00:00Z`));

/** "Requests from the Maldon town page, 27 Oct 2026 to 25 Nov 2026, marked Won". */
function filteredBy(filter: { landing?: string; from?: string; to?: string; status?: string }): string {
  const page = filter.landing ? ` from the ${pageOrigin(filter.landing).name}` : "";
  const days = filter.from && filter.to ? `, ${dayText(filter.from)} to ${dayText(filter.to)}` : filter.from ? `, since ${dayText(filter.from)}` : filter.to ? `, until ${dayText(filter.to)}` : "";
  return `Requests${page}${days}${filter.status === "won" ? ", marked Won" : ""}`;
}

/** The filter links, in order: what each shows, and how many it holds (`jobs` and `paid` counted by their money). */
const VIEWS: { status: StatusFilter; label: (counts: Record<LeadStatus, number>, jobs: number, paid: number) => string }[] = [
  { status: "open", label: (c) => `Requests (${c.new + c.contacted + c.quoted})` },
  { status: "jobs", label: (_, jobs) => `Jobs (${jobs})` },
  { status: "new", label: (c) => `${STATUS_NAMES.new} (${c.new})` },
  { status: "contacted", label: (c) => `${STATUS_NAMES.contacted} (${c.contacted})` },
  { status: "quoted", label: (c) => `${STATUS_NAMES.quoted} (${c.quoted})` },
  { status: "closed", label: (c, _, paid) => `Show closed (${paid + c.lost + c.spam})` },
  { status: "spam", label: (c) => `${STATUS_NAMES.spam} (${c.spam})` },
];

const LIST_NAMES: Partial<Record<StatusFilter, string>> = { open: "Open requests, what needs doing first", closed: "Lost and spam, newest first", spam: "Spam, newest first", all: "Requests, what needs doing first" };

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, query, counts, headline: numbers, leads, total, page, pageCount } = loaderData;
  const now = new Date(loaderData.now);
  const status = filter.status ?? "all";
  const narrowed = new URLSearchParams(query);
  narrowed.delete("status");
  /** The inbox with this status and the same search, page and days: "/admin" alone for the open ones. */
  const viewHref = (view: StatusFilter) => {
    const params = new URLSearchParams(narrowed);
    if (view !== "open" || params.size) params.set("status", view);
    return params.size ? `/admin?${params}` : "/admin";
  };
  const pageHref = (n: number) => `/admin?${[query, n > 1 ? `page=${n}` : ""].filter(Boolean).join("&")}`.replace(/\?$/, "");
  const overdue = numbers.oldestWaitingAt !== null && isOverdue({ createdAt: numbers.oldestWaitingAt, status: "new", firstAnswerAt: null }, now);
  return (
    <>
      <TopBar title="Requests" />
      <div className="container-page space-y-4 py-4">
        {loaderData.deleted && (
          <p role="status" className="card p-4 font-semibold text-ok">
            {loaderData.deleted} deleted.
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
            {loaderData.expiring.length > 0 && (
              <>
                {" · "}
                <a href="#expiring-heading" className="link">
                  {plural(loaderData.expiring.length, "quote")} about to expire
                </a>
              </>
            )}
          </p>
        </div>
        {nobodyIsTold(numbers) && (
          <p className="card p-4 font-semibold ring-2 ring-danger">
            {NOBODY_TOLD}{" "}
            <a href="/admin/notifications" className="link">
              Turn on notifications
            </a>
          </p>
        )}

        <nav aria-label="Show requests">
          <ul className="flex flex-wrap gap-2">
            {VIEWS.map((view) => (
              <li key={view.status}>
                <a href={viewHref(view.status)} aria-current={status === view.status ? "page" : undefined} className="filter-link">
                  {view.label(counts, loaderData.jobCount, loaderData.paidCount)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <form method="get" action="/admin" role="search" aria-label="Search requests" className="flex gap-2">
          <label htmlFor="filter-q" className="sr-only">
            Search requests
          </label>
          <input id="filter-q" type="search" name="q" defaultValue={filter.q ?? ""} placeholder="Name, phone, postcode or K-number" className="field min-w-0 flex-1" />
          {(["unsent", "landing", "from", "to"] as const).map((key) => filter[key] && <input key={key} type="hidden" name={key} value={String(key === "unsent" ? 1 : filter[key])} />)}
          <button type="submit" className="btn-secondary shrink-0">
            Search
          </button>
        </form>

        {loaderData.from && <p className="font-semibold">{loaderData.from}</p>}
        {status === "closed" && <JobList id="paid-heading" title="Paid" label="Jobs paid in full, newest first" jobs={loaderData.paid} self={loaderData.self} empty="No job is paid in full yet." />}
        {status !== "jobs" && (
          <>
            <p aria-live="polite">
              {plural(total, "request")}
              {query && (
                <>
                  {" · "}
                  <a href="/admin" className="link">
                    Show all open requests
                  </a>
                </>
              )}
            </p>

            {leads.length === 0 ? (
              <p className="card p-4">{total === 0 && !query && status === "open" ? "Nothing open. New requests appear here the moment a visitor sends one." : "No requests here."}</p>
            ) : (
              <ol aria-label={LIST_NAMES[status] ?? `${STATUS_NAMES[status as LeadStatus]} requests`} className="space-y-3">
                {leads.map((lead) => (
                  <RequestCard key={lead.id} lead={lead} now={now} self={loaderData.self} />
                ))}
              </ol>
            )}
          </>
        )}
        {(status === "open" || status === "jobs") && (
          <JobList id="jobs-heading" title="Jobs" label="Jobs, what needs doing first" jobs={loaderData.jobs} self={loaderData.self} empty={narrowed.size ? "No jobs here." : "No job on the go. A request moves here the moment its quote is accepted or it is marked Won."} />
        )}

        {pageCount > 1 && (
          <nav aria-label="Pages" className="flex items-center justify-between gap-3">
            {page > 1 ? (
              <a href={pageHref(page - 1)} className="btn-secondary" rel="prev">
                Previous
              </a>
            ) : (
              <span />
            )}
            <p>
              Page {page} of {pageCount}
            </p>
            {page < pageCount ? (
              <a href={pageHref(page + 1)} className="btn-secondary" rel="next">
                Next
              </a>
            ) : (
              <span />
            )}
          </nav>
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
        {total > 0 && (
          <p>
            <a href={`/admin/requests.csv${query ? `?${query}` : ""}`} className="link" download>
              Download {query ? "these requests" : "every request"} as a spreadsheet (CSV)
            </a>
          </p>
        )}
      </div>
    </>
  );
}
