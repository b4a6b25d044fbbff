/**
 * Move visit (/admin/visits/{id}/move): the new Date, From and To, and the Reason (Weather,
 * Materials, Other with the owner's words if he likes). Move visit keeps the invitation's UID with
 * a higher SEQUENCE, so the customer's calendar moves the event, and e-mails the new day and time
 * and why. Bad input is said at its field, with everything kept and nothing saved.
 */
import { ButtonRow } from "~/components/owner/ButtonRow.tsx";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { ErrorSummary } from "~/components/owner/ErrorSummary.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { ReasonChoice, VisitDays, visitFieldId } from "~/components/owner/VisitFields.tsx";
import { bookedTimes, dayValuesOf } from "~/lib/visits/pages.server.ts";
import { type VisitValues } from "~/lib/visits/visit-form.ts";
import { visitById } from "~/lib/visits/visits.server.ts";
import { KIND_NAMES, whenFromNow } from "~/lib/visits/words.ts";
import { referenceOf } from "~/lib/forms/reference.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import { ukToday } from "~/lib/time/uk-time.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/visit-move";
import { PostForm } from "~/components/forms/PostForm.tsx";

export const handle: RouteHandle = { scripts: ["visit-clash"] };

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Move visit: ${loaderData.visit.name}` : "No such visit");

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const visit = foundOr404(visitById(store, recordIdOr404(params.id)));
  const now = new Date();
  const values: VisitValues = { kind: visit.kind, days: [dayValuesOf(visit)], notes: "", reason: "", words: "" };
  return {
    visit: { id: visit.id, leadId: visit.leadId, name: visit.name, kind: KIND_NAMES[visit.kind], when: whenFromNow(new Date(visit.startAt), new Date(visit.endAt), now), movable: visit.status === "booked" },
    values,
    booked: bookedTimes(store, now, visit.id),
    today: ukToday(now),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<{ values: VisitValues; errors: Partial<Record<string, string>> }>(args, ["visit.move"]);

export default function MoveVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, booked, today } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const back = `/admin/requests/${visit.leadId}`;
  return (
    <>
      <TopBar title="Move visit" back={{ href: back, label: `${referenceOf(visit.leadId)}, ${visit.name}` }} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        <p className="break-words">
          {visit.kind} with {visit.name}
          {visit.movable ? `, booked for ${visit.when}.` : `: cancelled, so it cannot move. Book a new visit from the request.`}
        </p>
        <ErrorSummary errors={errors} idOf={visitFieldId} />
        {visit.movable && (
          <PostForm noValidate data-visit-clash data-booked={JSON.stringify(booked)} aria-label="Move visit" className="card space-y-5">
            <VisitDays days={values.days.slice(0, 1)} errors={errors} booked={booked} today={today} />
            <ReasonChoice value={values.reason} words={values.words} errors={errors} />
            <ButtonRow submit="Move visit" back={{ href: back, label: "Back" }} />
          </PostForm>
        )}
      </div>
    </>
  );
}
