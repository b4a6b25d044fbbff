/**
 * Insights: what the site brought in a period. Page views and visitors counted on the server
 * (no cookie, no script), beside the requests each page sent and what they became. Every table
 * reads at 390 px: a wide one scrolls in its own named frame.
 */
import { DayChart } from "~/components/owner/DayChart.tsx";
import { CardTable, Cell, Row, RowHead } from "~/components/owner/CardTable.tsx";
import { Frame, MonthByMonth, number, ShareTable, TD } from "~/components/owner/InsightsParts.tsx";
import { storeOf } from "~/lib/services/services.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { insights } from "~/lib/insights/insights.server.ts";
import { PERIODS, periodOf, type Figures, type PeriodKey } from "~/lib/insights/periods.ts";
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import { SurveyReports } from "~/components/owner/SurveyReports.tsx";
import type { Route } from "./+types/insights";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Insights");

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // A page's own sources: a path of the site, else every page.
  const page = params.get("page") ?? "";
  return insights(storeOf(context), periodOf(params.get("period")), new Date(), /^\/[\w\-/.]{0,99}$/.test(page) && !page.includes("..") ? page : undefined);
}

/** This period's address, narrowed to a page's sources or not. */
const periodHref = (period: string, page?: string) => {
  const params = new URLSearchParams({ ...(period === "30d" ? {} : { period }), ...(page ? { page } : {}) }).toString();
  return `/admin/insights${params ? `?${params}` : ""}${page ? "#sources-heading" : ""}`;
};

const DAY = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
const dayName = (day: string) => DAY.format(new Date(`${day}T12:00:00Z`));
/** Requests as a share of visitors ("14 %"), or a dash when nobody visited. */
const ofVisitors = (requests: number, visitors: number) => (visitors ? `${Math.round((requests / visitors) * 100)} %` : "—");

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "no change" : "none the period before";
  const percent = Math.round(((now - before) / before) * 100);
  return percent === 0 ? "no change" : `${percent > 0 ? "up" : "down"} ${Math.abs(percent)} % on the period before`;
}

/** The inbox filtered to a page's requests in the period. */
const inboxOf = (path: string, from: string, to: string) => `/admin?${new URLSearchParams({ landing: path, from, to }).toString()}`;

/** A figure of requests, linking to those requests in the inbox (none: just the figure). */
function RequestsLink({ figure, href, label }: { figure: number; href: string; label: string }) {
  if (!figure) return <>0</>;
  return (
    <a href={href} className="link">
      {number(figure)}
      <span className="sr-only"> {label}</span>
    </a>
  );
}

function Totals({ totals, before }: { totals: Figures; before: Figures }) {
  const rows: [string, string, string][] = [
    ["Page views", number(totals.views), change(totals.views, before.views)],
    ["Visitors", number(totals.visitors), change(totals.visitors, before.visitors)],
    ["Requests", number(totals.requests), change(totals.requests, before.requests)],
    ["Won", `${totals.won} · ${formatPounds(totals.wonPence)}`, change(totals.wonPence, before.wonPence)],
    ["Paid", formatPounds(totals.paidPence), change(totals.paidPence, before.paidPence)],
    ["Surveys booked online", number(totals.bookedOnline), change(totals.bookedOnline, before.bookedOnline)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {rows.map(([name, value, compared]) => (
        <div key={name} className="card p-3">
          <dt className="text-muted">{name}</dt>
          <dd className="text-xl font-bold">{value}</dd>
          <dd className="text-base text-muted">{compared}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Insights({ loaderData }: Route.ComponentProps) {
  const { period, totals, before, days, pages, sources, devices, campaigns, notFound } = loaderData;
  const busiest = days.reduce((best, d) => (d.views > best.views ? d : best), { day: loaderData.from, views: 0, visitors: 0 });
  const summary = `Page views and visitors per day, ${dayName(loaderData.from)} to ${dayName(loaderData.to)}: ${number(totals.views)} page views in all${busiest.views ? `, the most on ${dayName(busiest.day)} (${number(busiest.views)})` : ""}. The figures are in the table below.`;
  return (
    <>
      <TopBar title="Insights" back={MORE_BACK} />
      <div className="container-page max-w-4xl space-y-6 py-4">
        <div className="space-y-2">
          <p className="text-muted">
            Visits are counted by the server: no cookie, no script, nobody identified. Bots and your own visits are left out. See also{" "}
            <a href="/admin/sources" className="link">Sources</a>, requests month by month.
          </p>
        </div>
        <nav aria-label="Period">
          <ul className="flex flex-wrap gap-2">
            {(Object.keys(PERIODS) as PeriodKey[]).map((key) => (
              <li key={key}>
                <a href={key === "30d" ? "/admin/insights" : `/admin/insights?period=${key}`} aria-current={key === period ? "page" : undefined} className={key === period ? "btn-primary" : "btn-secondary"}>
                  {PERIODS[key].name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="totals-heading" className="space-y-3">
          <h2 id="totals-heading" className="text-xl">{period === "months" ? "The last 12 months" : PERIODS[period].name}, today included</h2>
          <Totals totals={totals} before={before} />
        </section>
        {period === "months" ? <MonthByMonth months={loaderData.months} /> : (
        <section aria-labelledby="days-heading" className="card space-y-3 p-4">
          <h2 id="days-heading" className="text-xl">Day by day</h2>
          <DayChart days={days} summary={summary} />
          <details>
            <summary className="flex min-h-11 cursor-pointer items-center font-semibold">The figures, day by day</summary>
            <Frame name="Page views and visitors per day">
              <CardTable caption="Page views and visitors per day" names={["Day", "Page views", "Visitors"]}>
                {days.map((d) => (
                  <Row key={d.day}><RowHead label="Day" className="whitespace-nowrap">{dayName(d.day)}</RowHead><Cell label="Page views">{number(d.views)}</Cell><Cell label="Visitors">{number(d.visitors)}</Cell></Row>
                ))}
              </CardTable>
            </Frame>
          </details>
        </section>
        )}
        <section aria-labelledby="pages-heading" className="card space-y-3 p-4">
          <h2 id="pages-heading" className="text-xl">Pages</h2>
          {pages.length === 0 ? (
            <p>No page views or requests in this period yet.</p>
          ) : (
            <Frame name="Pages: views, visitors, requests, surveys booked online, work won and paid">
              <CardTable caption="Pages: views, visitors, requests, surveys booked online, work won and paid" names={["Page", "Page views", "Visitors", "Requests", "Of visitors", "Surveys booked online", "Won", "Won £", "Paid £"]} sticky>
                {pages.map((page) => (
                  <Row key={page.path}>
                    <RowHead label="Page" className="sticky left-0 bg-white">
                      <span className="block text-left">
                        <a href={periodHref(period, page.path)} className="link min-w-32">
                          {page.name}
                          <span className="sr-only">: its sources and devices</span>
                        </a>
                        <span className="block text-base break-all text-muted">{page.path}</span>
                      </span>
                    </RowHead>
                    <Cell label="Page views">{number(page.views)}</Cell>
                    <Cell label="Visitors">{number(page.visitors)}</Cell>
                    <Cell label="Requests">
                      <RequestsLink figure={page.requests} href={inboxOf(page.path, loaderData.from, loaderData.to)} label={`requests from the ${page.name}`} />
                    </Cell>
                    <Cell label="Of visitors">{ofVisitors(page.requests, page.visitors)}</Cell>
                    <Cell label="Surveys booked online">{number(page.bookedOnline)}</Cell>
                    <Cell label="Won">
                      <RequestsLink figure={page.won} href={`${inboxOf(page.path, loaderData.from, loaderData.to)}&status=won`} label={`won from the ${page.name}`} />
                    </Cell>
                    <Cell label="Won £" className={`${TD} whitespace-nowrap`}>{formatPounds(page.wonPence)}</Cell>
                    <Cell label="Paid £" className={`${TD} whitespace-nowrap`}>{formatPounds(page.paidPence)}</Cell>
                  </Row>
                ))}
              </CardTable>
            </Frame>
          )}
          <p className="text-base text-muted">
            A page the browser drew ahead and then opened is not asked for again, so moves between pages are a floor; arrivals from outside are exact.
            Visitors are counted once a day per page, source and device.
          </p>
        </section>
        <SurveyReports figures={loaderData.reports} />
        <section aria-labelledby="sources-heading" className="card space-y-3 p-4">
          <h2 id="sources-heading" className="text-xl">Where visitors come from{loaderData.page && <>: {loaderData.page.name}</>}</h2>
          {loaderData.page && (
            <p>
              Only the visitors of the {loaderData.page.name} ({loaderData.page.path}), here and under Devices and Campaigns.{" "}
              <a href={periodHref(period)} className="link">Show every page</a>
            </p>
          )}
          {sources.length ? <ShareTable caption="Sources of visitors" rows={sources} /> : <p>No visits counted in this period yet.</p>}
        </section>
        <section aria-labelledby="devices-heading" className="card space-y-3 p-4">
          <h2 id="devices-heading" className="text-xl">Devices{loaderData.page && <>: {loaderData.page.name}</>}</h2>
          {devices.length ? <ShareTable caption="Devices of visitors" rows={devices} /> : <p>No visits counted in this period yet.</p>}
        </section>
        {campaigns.length > 0 && (
          <section aria-labelledby="campaigns-heading" className="card space-y-3 p-4">
            <h2 id="campaigns-heading" className="text-xl">Campaigns</h2>
            <Frame name="Campaigns">
              <CardTable caption="Campaigns" names={["Source", "Medium", "Campaign", "Page views", "Visitors"]} words={3}>
                {campaigns.map((c) => (
                  <Row key={`${c.source} ${c.medium} ${c.campaign}`}><RowHead label="Source" className="break-all">{c.source}</RowHead><Cell label="Medium" className="py-2 pr-3 break-all">{c.medium || "—"}</Cell><Cell label="Campaign" className="py-2 pr-3 break-all">{c.campaign || "—"}</Cell><Cell label="Page views">{number(c.views)}</Cell><Cell label="Visitors">{number(c.visitors)}</Cell></Row>
                ))}
              </CardTable>
            </Frame>
          </section>
        )}
        <section aria-labelledby="missing-heading" className="card space-y-3 p-4">
          <h2 id="missing-heading" className="text-xl">Pages not found</h2>
          {notFound.length === 0 ? (
            <p>No visitor has asked for a page that does not exist in the last 90 days.</p>
          ) : (
            <>
              <p>Addresses visitors asked for that do not exist, and the page that sent them: ask that site to fix its link.</p>
              <ul className="space-y-2">
                {notFound.map((miss) => (
                  <li key={`${miss.path} ${miss.referrer}`} className="break-all">
                    <code>{miss.path}</code>, {miss.hits} {miss.hits === 1 ? "time" : "times"}, last on {dayName(miss.lastSeen.slice(0, 10))}
                    {miss.referrer ? <>, from {miss.referrer}</> : ", typed or from a bookmark"}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </>
  );
}
