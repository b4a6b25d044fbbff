/**
 * Book a visit (/admin/requests/{id}/visits/new; Schedule job on a Won request opens it with Kind
 * set to Job day, ?kind=job-day): Kind, each day's Date, From and To (Add another day adds one:
 * each day is its own visit and invitation), and the owner's notes. Bad input is said at its field
 * and in a summary on top, with everything kept and nothing saved. A clash is said as the times
 * are picked (JavaScript on), on a refused form, and beside the visit once saved: it is booked
 * all the same.
 */
import { ButtonRow } from "~/components/owner/ButtonRow.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { TextArea } from "~/components/forms/Field.tsx";
import { ErrorSummary } from "~/components/owner/ErrorSummary.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { KindChoice, VisitDays, visitFieldId } from "~/components/owner/VisitFields.tsx";
import { bookedTimes } from "~/lib/visits/pages.server.ts";
import { EMPTY_DAY, NOTES_MAX, type VisitValues } from "~/lib/visits/visit-form.ts";
import { referenceOf } from "~/lib/forms/reference.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { servicesOf, storeOf } from "~/lib/services/services.ts";
import { ukToday } from "~/lib/time/uk-time.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/visit-book";

export const handle: RouteHandle = { scripts: ["visit-clash"] };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `${loaderData.title}: ${loaderData.lead.name}` : "No such request");

export function loader({ params, request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const id = recordIdOr404(params.id);
  const lead = foundOr404(leadById(store, id));
  const job = new URL(request.url).searchParams.get("kind") === "job-day";
  const values: VisitValues = { kind: job ? "job-day" : "", days: [EMPTY_DAY], notes: "", reason: "", words: "" };
  return {
    lead: { id, name: lead.name, location: lead.location, hasEmail: Boolean(lead.email.trim()) },
    mail: Boolean(servicesOf(context).mail),
    title: job ? "Schedule job" : "Book a visit",
    values,
    booked: bookedTimes(store, new Date()),
    today: ukToday(),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<{ values: VisitValues; errors: Partial<Record<string, string>> }>(args, ["visit.book"]);

export default function BookVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, title, booked, today } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const back = `/admin/requests/${lead.id}`;
  return (
    <>
      <TopBar title={title} back={{ href: back, label: `${referenceOf(lead.id)}, ${lead.name}` }} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <p className="break-words">
          For {referenceOf(lead.id)}, {lead.name}
          {lead.location ? `, ${lead.location}` : ""}.{" "}
          {!lead.hasEmail
            ? `${lead.name} has no e-mail address: the visit is booked all the same, and you tell them yourself.`
            : !loaderData.mail
              ? "E-mail is not set up here: the visit is booked all the same, and you tell the customer yourself."
              : `${lead.name} is e-mailed an invitation for their calendar, and a reminder the day before.`}
        </p>
        <ErrorSummary errors={errors} idOf={visitFieldId} />
        <PostForm noValidate data-visit-clash data-booked={JSON.stringify(booked)} aria-label={title} className="card space-y-5">
          <KindChoice value={values.kind} error={errors.kind} />
          <VisitDays days={values.days} errors={errors} booked={booked} today={today} />
          <TextArea form="visit" name="notes" label="Notes (optional)" hint="Only you see these: they are never sent to the customer." rows={3} maxLength={NOTES_MAX} defaultValue={values.notes} error={errors.notes} />
          <ButtonRow submit="Book visit" back={{ href: back, label: "Back" }}>
            <button type="submit" name="change" value="add-day" className="btn-secondary">
              Add another day
            </button>
          </ButtonRow>
        </PostForm>
      </div>
    </>
  );
}
