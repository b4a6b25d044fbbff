/**
 * Which pages bring work: requests per month by page, grouped, with how many were won; and how
 * fast each month's requests were answered, and whether answering fast won more of them.
 */
import { HeadRow } from "~/components/owner/HeadRow.tsx";
import { storeOf } from "~/lib/services/services.ts";
import { monthWords } from "~/lib/time/words.ts";
import { answerLength } from "~/lib/requests/clock.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { responseByMonth, sourcesReport, type MonthResponse, type SourceRow } from "~/lib/insights/sources.server.ts";
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import type { Route } from "./+types/sources";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Sources");

export function loader({ context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const months = sourcesReport(store);
  const response = responseByMonth(store, months.map((month) => month.month));
  return { months: months.map((month) => ({ ...month, response: response.get(month.month)! })) };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
/** A share as the owner reads it ("40 %"), or a dash when there was nothing to count. */
const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)} %`);

/** A month's response: how long a first answer took, and whether answering within the hour won more work. */
function ResponseTable({ month, response }: { month: string; response: MonthResponse }) {
  const rows: [string, string][] = [
    ["Median time to first answer", response.medianMs === null ? "—" : answerLength(response.medianMs)],
    ["Answered within 1 hour", percent(response.withinHour)],
    ["Answered within 24 hours", percent(response.withinDay)],
    ["Won, of those answered within an hour", percent(response.wonFast)],
    ["Won, of those answered later", percent(response.wonLate)],
  ];
  return (
    <div className="space-y-2">
      <h3 id={`response-${month}`} className="text-lg">
        Response
      </h3>
      <p>
        Won: {percent(response.wonFast)} answered within an hour, {percent(response.wonLate)} later
      </p>
      <table className="table-cards w-full border-collapse text-left">
        <caption className="sr-only">How fast requests were answered, {monthWords(month)} (spam left out)</caption>
        <HeadRow names={["Measure", monthWords(month)]} />
        <tbody>
          {rows.map(([name, value]) => (
            <tr key={name} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-2 font-normal">
                {name}
              </th>
              <td data-label={monthWords(month)} className="py-2 text-right">
                {value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A group's total (bold, shaded) or one page under it (indented). */
function SourceLine({ row, group = false }: { row: SourceRow; group?: boolean }) {
  const cell = `py-2 text-right ${group ? "font-bold" : ""}`;
  return (
    <tr className={`border-b border-slate-200 ${group ? "bg-paper" : ""}`}>
      <th scope={group ? "rowgroup" : "row"} className={`py-2 pr-2 ${group ? "" : "pl-4 font-normal"}`}>
        {row.name}
      </th>
      <td data-label="Requests" className={`${cell} pr-2`}>
        {row.requests}
      </td>
      <td data-label="Won" className={cell}>
        {row.won}
      </td>
    </tr>
  );
}

export default function Sources({ loaderData }: Route.ComponentProps) {
  const { months } = loaderData;
  return (
    <>
      <TopBar title="Where requests come from" back={MORE_BACK} />
      <div className="container-page max-w-3xl space-y-6 py-4">
        <div>
          <p className="mt-2 text-muted">
            Requests in the last 12 months by the page they were sent from, and how many you marked Won; and how fast you answered them. A request
            is answered when you tap Call, E-mail or WhatsApp on it, or change its status.{" "}
            How many people saw each page, and where they came from, is in <a href="/admin/insights" className="link">Insights</a>.
          </p>
        </div>
        {months.length === 0 && <p className="card">No requests in the last 12 months yet. Each month appears here once a request arrives.</p>}
        {months.map((month) => (
          <section key={month.month} aria-labelledby={`month-${month.month}`} className="card space-y-3 p-4 sm:p-6">
            <h2 id={`month-${month.month}`} className="text-xl">
              {monthWords(month.month)}
            </h2>
            <p>
              {plural(month.requests, "request")}, {month.won} won
            </p>
            <table className="table-cards w-full border-collapse text-left">
              <caption className="sr-only">Requests and wins by page, {monthWords(month.month)}</caption>
              <HeadRow names={["Page", "Requests", "Won"]} />
              {month.groups.map((group) => (
                <tbody key={group.group}>
                  <SourceLine row={group} group />
                  {group.group !== "home" && group.group !== "contact" && group.pages.map((page) => <SourceLine key={page.name} row={page} />)}
                </tbody>
              ))}
            </table>
            <ResponseTable month={month.month} response={month.response} />
          </section>
        ))}
      </div>
    </>
  );
}
