/**
 * "Send this quote to …?": the page between Send quote and the customer's inbox (GOV.UK's
 * confirmation pattern). It shows whom it goes to, the lines, the total and the valid-until date;
 * nothing is e-mailed before Yes, and then at once. Yes carries the quote's version: a quote
 * changed since the page was shown is not sent, and a second tap finds it sent already.
 */
import { ButtonRow } from "~/components/owner/ButtonRow.tsx";
import { redirect } from "react-router";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { NoSignalSend } from "~/components/owner/NoSignalSend.tsx";
import { outboxAttributes } from "~/lib/offline/words.ts";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { QuoteSummary } from "~/components/quotes/QuoteSummary.tsx";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { quoteById, quoteNumber } from "~/lib/quotes/quotes.server.ts";
import { formatPounds } from "~/lib/quotes/money.ts";
import { quoteSummary } from "~/lib/quotes/summary.server.ts";
import { quoteVersion } from "~/lib/quotes/version.ts";
import { recordOr404 } from "~/lib/forms/record-id.ts";
import { servicesOf, storeOf } from "~/lib/services/services.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { surveyReportOf } from "~/lib/photos/survey-report.server.ts";
import { ATTACH_REPORT } from "~/lib/photos/survey-report.ts";
import type { Route } from "./+types/quote-send";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Send quote ${loaderData.number}?` : "No such quote");

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const quote = recordOr404(store, params.id, quoteById);
  const lead = leadById(store, quote.leadId)!;
  // Sent already (a second tab, a Back): the quote's own page says so.
  if (quote.status !== "draft") throw redirect(`/admin/quotes/${quote.id}`, 303);
  return {
    id: quote.id,
    leadId: quote.leadId,
    number: quoteNumber(quote),
    name: lead.name,
    email: lead.email,
    location: lead.location,
    summary: quoteSummary(quote),
    total: formatPounds(quote.totalPence),
    version: quoteVersion(quote),
    mail: Boolean(servicesOf(context).mail),
    /** The request's survey report: how many findings, or null when none was written. */
    reportFindings: surveyReportOf(store, quote.leadId)?.findings.length ?? null,
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<{ error: string }>(args, ["quote.send"]);

export default function ConfirmSend({ loaderData, actionData }: Route.ComponentProps) {
  const { id, number, name, email, location, summary, total } = loaderData;
  return (
    <>
      <TopBar title="Send quote" back={{ href: `/admin/quotes/${id}`, label: number }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <h1 className="text-2xl break-words">Send this quote to {name}?</h1>
        <Notices error={actionData?.error ?? (!loaderData.mail && "E-mail is not set up on this server, so the quote cannot be sent yet.")} />
        <dl className="card grid gap-x-4 gap-y-2 p-4 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold">Quote</dt>
          <dd>{number}</dd>
          <dt className="font-semibold">E-mailed to</dt>
          <dd className="break-all">{email}</dd>
          {location && (
            <>
              <dt className="font-semibold">Address of the work</dt>
              <dd className="break-words">{location}</dd>
            </>
          )}
          <dt className="font-semibold">Total</dt>
          <dd className="text-2xl font-bold">{total}</dd>
          <dt className="font-semibold">Valid until</dt>
          <dd>{summary.validUntilText}</dd>
        </dl>
        <section aria-labelledby="lines-heading" className="card space-y-3 p-4">
          <h2 id="lines-heading" className="text-lg">
            What it says
          </h2>
          <QuoteSummary quote={summary} caption={`Quote ${number}`} />
        </section>
        <PostForm className="space-y-3" {...outboxAttributes(`Send quote ${number} to ${name}`, true)}>
          <input type="hidden" name="version" value={loaderData.version} />
          <p>{name} gets an e-mail with a link to the quote and its PDF, and can accept it online.</p>
          {loaderData.reportFindings !== null && (
            <div>
              <label className="flex min-h-11 cursor-pointer items-center gap-3">
                <input type="checkbox" name="report" value={ATTACH_REPORT} defaultChecked className="size-5 accent-accent" aria-describedby="attach-report-hint" />
                <span className="font-semibold">Attach the survey report</span>
              </label>
              <p id="attach-report-hint" className="text-sm text-muted">
                Its {loaderData.reportFindings} finding{loaderData.reportFindings === 1 ? "" : "s"} with their photos, and what you recommend: in the PDF and on {name}&rsquo;s pages.{" "}
                <a href={`/admin/requests/${loaderData.leadId}/report`} className="link">
                  See the report
                </a>
              </p>
            </div>
          )}
          <NoSignalSend what="The quote" name={name} />
          <ButtonRow submit="Yes, send the quote" back={{ href: `/admin/quotes/${id}`, label: "No, change the quote" }} gap="gap-4" />
        </PostForm>
      </div>
    </>
  );
}
