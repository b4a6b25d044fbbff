/** Which pages bring work: requests per month by page, grouped, with how many were won. */
import { leadStore } from "~/lib/leads.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { sourcesReport, type SourceRow } from "~/lib/owner/sources.server.ts";
import type { Route } from "./+types/sources";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Sources");

export function loader() {
  return { months: sourcesReport(leadStore()) };
}

const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const monthName = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** A group's total (bold, shaded) or one page under it (indented). */
function SourceLine({ row, group = false }: { row: SourceRow; group?: boolean }) {
  const cell = `py-2 text-right ${group ? "font-bold" : ""}`;
  return (
    <tr className={`border-b border-slate-200 ${group ? "bg-paper" : ""}`}>
      <th scope={group ? "rowgroup" : "row"} className={`py-2 pr-2 ${group ? "" : "pl-4 font-normal"}`}>
        {row.name}
      </th>
      <td className={`${cell} pr-2`}>{row.requests}</td>
      <td className={cell}>{row.won}</td>
    </tr>
  );
}

export default function Sources({ loaderData }: Route.ComponentProps) {
  const { months } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-6">
      <div>
        <h1 className="text-2xl">Sources</h1>
        <p className="mt-2 text-muted">Requests in the last 12 months by the page they were sent from, and how many you marked Won.</p>
      </div>
      {months.length === 0 && <p className="card">No requests in the last 12 months yet. Each month appears here once a request arrives.</p>}
      {months.map((month) => (
        <section key={month.month} aria-labelledby={`month-${month.month}`} className="card space-y-3 p-4 sm:p-6">
          <h2 id={`month-${month.month}`} className="text-xl">
            {monthName(month.month)}
          </h2>
          <p>
            {plural(month.requests, "request")}, {month.won} won
          </p>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">Requests and wins by page, {monthName(month.month)}</caption>
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="py-2 pr-2">
                  Page
                </th>
                <th scope="col" className="py-2 pr-2 text-right">
                  Requests
                </th>
                <th scope="col" className="py-2 text-right">
                  Won
                </th>
              </tr>
            </thead>
            {month.groups.map((group) => (
              <tbody key={group.group}>
                <SourceLine row={group} group />
                {group.group !== "home" && group.group !== "contact" && group.pages.map((page) => <SourceLine key={page.name} row={page} />)}
              </tbody>
            ))}
          </table>
        </section>
      ))}
    </div>
  );
}
