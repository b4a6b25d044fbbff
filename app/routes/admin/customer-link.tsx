/**
 * Reset customer link asks first (/admin/requests/{id}/customer-link, the GOV.UK confirmation
 * pattern): the GET says what happens and changes nothing; only Yes, reset (a POST) replaces the
 * link to the customer's page. The old link then answers "This link was replaced by a newer one"
 * with the phone and nothing else; the new one shows on the request page at once and goes with
 * every later e-mail (docs/decisions/0026-one-link-rule.md).
 */
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { Notices } from "~/components/owner/Notices.tsx";
import { OwnerForm } from "~/components/owner/OwnerForm.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { referenceOf } from "~/lib/forms/reference.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-link";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Reset customer link: ${loaderData.lead.name}` : "No such request");

export function loader({ params, context }: Route.LoaderArgs) {
  const lead = foundOr404(leadById(storeOf(context), recordIdOr404(params.id)));
  return { lead: { id: lead.id, name: lead.name } };
}

/** The one button: a POST without it asks nothing and changes nothing. */

export const action = (args: Route.ActionArgs) => ownerPost<{ error?: string }>(args, ["customer-link.replace"]);

export default function CustomerLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  const back = `/admin/requests/${lead.id}`;
  return (
    <>
      <TopBar title="Reset customer link" back={{ href: back, label: `${referenceOf(lead.id)}, ${lead.name}` }} heading={false} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <Notices error={actionData?.error} />
        <h1 className="text-2xl break-words">Reset the link to {lead.name}'s page?</h1>
        <p>
          The link they have stops working at once: anyone who opens it is told it was replaced, and given your phone number. The new link shows on the request page
          straight away, and every e-mail to them from now on carries it.
        </p>
        <p>Do this when the link may have reached someone else. Links to their quotes already sent keep working.</p>
        <OwnerForm intent="reset-link" className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <button type="submit" className="btn-primary">
            Yes, reset
          </button>
          <a href={back} className="link">
            No, go back to the request
          </a>
        </OwnerForm>
      </div>
    </>
  );
}
