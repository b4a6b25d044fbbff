/**
 * Cancel visit asks first (/admin/visits/{id}/cancel, the GOV.UK confirmation pattern): a GET
 * asks, naming the visit and the customer, and changes nothing; only Yes, cancel visit (a POST)
 * cancels it, e-mailing the customer a METHOD:CANCEL calendar file with the same UID and a higher
 * SEQUENCE. Keep visit goes back to the request as it was.
 */
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { Notices } from "~/components/owner/Notices.tsx";
import { SecondYes } from "~/components/owner/SecondYes.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { visitById } from "~/lib/visits/visits.server.ts";
import { KIND_NAMES, whenFromNow } from "~/lib/visits/words.ts";
import { referenceOf } from "~/lib/forms/reference.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { servicesOf, storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/visit-cancel";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Cancel visit: ${loaderData.visit.name}` : "No such visit");

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const visit = foundOr404(visitById(store, recordIdOr404(params.id)));
  const now = new Date();
  const lead = leadById(store, visit.leadId);
  return {
    visit: {
      leadId: visit.leadId,
      name: visit.name,
      kind: KIND_NAMES[visit.kind].toLowerCase(),
      when: whenFromNow(new Date(visit.startAt), new Date(visit.endAt), now),
      booked: visit.status === "booked",
    },
    told: Boolean(lead?.email.trim()) && Boolean(servicesOf(context).mail),
  };
}

/** The one button: a POST without it changes nothing. */

export const action = (args: Route.ActionArgs) => ownerPost<{ error?: string }>(args, ["visit.cancel"]);

export default function CancelVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, told } = loaderData;
  const back = `/admin/requests/${visit.leadId}`;
  return (
    <>
      <TopBar title="Cancel visit" back={{ href: back, label: `${referenceOf(visit.leadId)}, ${visit.name}` }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <Notices error={actionData?.error} />
        {visit.booked ? (
          <SecondYes
            intent="cancel-visit"
            hidden={{}}
            question={
              <>
                <h1 className="text-2xl break-words">
                  Cancel the {visit.kind} with {visit.name}, {visit.when}?
                </h1>
                <p>{told ? `${visit.name} is e-mailed that it is cancelled, and it leaves their calendar.` : `${visit.name} is not told by e-mail: call them.`}</p>
              </>
            }
            yes="Yes, cancel visit"
            keep={{ href: back, label: "Keep visit" }}
          />
        ) : (
          <>
            <h1 className="text-2xl break-words">This visit is cancelled already</h1>
            <p>
              <a href={back} className="btn-secondary">
                Back to {referenceOf(visit.leadId)}, {visit.name}
              </a>
            </p>
          </>
        )}
      </div>
    </>
  );
}
