/**
 * Job done asks first (/admin/requests/{id}/job-done, issue 26 §4, the GOV.UK confirmation
 * pattern): a GET shows the question, the customer and the address of the work, and changes
 * nothing; only Yes (a POST) marks the job done and queues the review request, in one
 * transaction. While a job day is still to come, the question says so first. A second Yes, or a replayed one, finds the customer asked and sends nothing more;
 * a request that is not Won is told so.
 */
import { data } from "react-router";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { Notices } from "~/components/owner/Notices.tsx";
import { OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { referenceOf } from "~/lib/forms/reference.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { jobDoneState, REVIEW_LINK_DAYS } from "~/lib/reviews/reviews.server.ts";
import type { JobDoneState } from "~/lib/reviews/reviews.server.ts";
import { STATUS_NAMES } from "~/lib/requests/status.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { recordIdOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { jobDayToCome } from "~/lib/requests/job.ts";
import { visitsOfLead } from "~/lib/visits/visits.server.ts";
import { shortDay } from "~/lib/visits/words.ts";
import type { Route } from "./+types/job-done";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Job done: ${loaderData.lead.name}` : "No such request");

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const id = recordIdOr404(params.id);
  const lead = leadById(store, id);
  const state = jobDoneState(store, id);
  if (!lead || !state) throw data(null, { status: 404 });
  const toCome = jobDayToCome(
    visitsOfLead(store, id)
      .filter((visit) => visit.status === "booked" && visit.kind === "job-day")
      .map((visit) => visit.startAt),
    new Date(),
  );
  return { lead: { id, name: lead.name, email: lead.email, location: lead.location }, state, linkDays: REVIEW_LINK_DAYS, jobDayToCome: toCome ? shortDay(new Date(toCome)) : null };
}

/** The one button: a POST without it (or with another) asks nothing and changes nothing. */
export const action = (args: Route.ActionArgs) => ownerPost<{ error?: string }>(args, ["job.done"]);

/** What the page says instead of the question, when there is nothing to ask. */
function NothingToAsk({ state, name }: { state: Exclude<JobDoneState, { state: "ask" }>; name: string }) {
  if (state.state === "asked") {
    return (
      <>
        <h1 className="text-2xl break-words">{name} has already been asked for a review</h1>
        <p>
          Asked on <time dateTime={state.requestedAt}>{exactTime(state.requestedAt)}</time>. Each finished job is asked once, so nothing more is sent.
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl break-words">Only a won job can be marked done</h1>
      <p>
        This request is {STATUS_NAMES[state.status]}. When the work is won and finished, set its status to Won, then press Job done. Nothing was sent.
      </p>
    </>
  );
}

export default function JobDonePage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, state } = loaderData;
  const back = `/admin/requests/${lead.id}`;
  const request = `${referenceOf(lead.id)}, ${lead.name}`;
  return (
    <>
      <TopBar title="Job done" back={{ href: back, label: request }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <Notices error={actionData?.error} />
        {state.state === "ask" ? (
          <>
            {loaderData.jobDayToCome ? (
              <h1 className="text-2xl break-words">The job day on {loaderData.jobDayToCome} is still to come. Mark the job done anyway?</h1>
            ) : (
              <h1 className="text-2xl break-words">Mark the job done and ask {lead.name} for a review?</h1>
            )}
            <dl className="card space-y-3">
              <div>
                <dt className="font-semibold">Address of the work</dt>
                <dd className="break-words whitespace-pre-line">{lead.location || "No address was given with the request."}</dd>
              </div>
              <div>
                <dt className="font-semibold">The e-mail goes to</dt>
                <dd className="break-words">{lead.email}</dd>
              </div>
            </dl>
            <p>
              {lead.name} is e-mailed a link to review the work, at once. Every finished job is asked, whatever you expect them to say. The link works for {loaderData.linkDays} days.
            </p>
            <OwnerForm intent="job-done" className="flex flex-wrap items-center gap-x-6 gap-y-3">
              <button type="submit" className="btn-primary">
                Yes, send the review request
              </button>
              <a href={back} className="link">
                No, go back to the request
              </a>
            </OwnerForm>
          </>
        ) : (
          <>
            <NothingToAsk state={state} name={lead.name} />
            <p>
              <a href={back} className="btn-secondary">
                Back to {request}
              </a>
            </p>
          </>
        )}
      </div>
    </>
  );
}
