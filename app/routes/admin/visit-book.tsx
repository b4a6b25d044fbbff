/**
 * Book a visit (/admin/requests/{id}/visits/new): Kind, each day's Date, From and To (Add another
 * day adds one: each day is its own visit and invitation), and the owner's notes, opened filled
 * in (the kind the request's stage calls for, the next working day with nothing booked, its
 * opening time plus the usual length). Schedule job on a Won request (?kind=job-day) opens its
 * own form: the first day and How many days, one job day a working day, one e-mail for them all. Bad input is said at its field
 * and in a summary on top, with everything kept and nothing saved. A clash is said as the times
 * are picked (JavaScript on), on a refused form, and beside the visit once saved: it is booked
 * all the same.
 */
import { ButtonRow } from "~/components/owner/ButtonRow.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { Field, TextArea } from "~/components/forms/Field.tsx";
import { ErrorSummary } from "~/components/owner/ErrorSummary.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { NoSignalSend } from "~/components/owner/NoSignalSend.tsx";
import { outboxAttributes } from "~/lib/offline/words.ts";
import { KindChoice, VisitDays, visitFieldId } from "~/components/owner/VisitFields.tsx";
import { bookedTimes } from "~/lib/visits/pages.server.ts";
import { HOW_MANY_FIELD, NOTES_MAX, SCHEDULE_JOB, type VisitValues } from "~/lib/visits/visit-form.ts";
import type { ScheduleAnswer } from "~/lib/visits/actions.server.ts";
import { defaultDay, defaultKind, MAX_JOB_DAYS } from "~/lib/visits/defaults.ts";
import { referenceOf } from "~/lib/forms/reference.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services/services.ts";
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
  const now = new Date();
  const booked = bookedTimes(store, now);
  const { business } = contentOf(context);
  const kind = job ? "job-day" : defaultKind(lead.status);
  const day = defaultDay(kind, { hours: business.openingHours, closure: business.closure }, new Set(booked.map((visit) => visit.date)), now);
  const values: VisitValues = { kind, days: [day], notes: "", reason: "", words: "" };
  return {
    job,
    lead: { id, name: lead.name, location: lead.location, hasEmail: Boolean(lead.email.trim()) },
    mail: Boolean(servicesOf(context).mail),
    title: job ? "Schedule job" : "Book a visit",
    values,
    booked,
    today: ukToday(),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<{ values: VisitValues; errors: Partial<Record<string, string>> } | ScheduleAnswer>(args, ["visit.schedule-job", "visit.book"]);

export default function BookVisit({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, booked, today } = loaderData;
  // Schedule job's form refused comes back as itself, whatever the address it was posted to.
  const job = loaderData.job || Boolean(actionData && "howMany" in actionData);
  const title = job ? "Schedule job" : loaderData.title;
  const values = actionData?.values ?? loaderData.values;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const howMany = actionData && "howMany" in actionData ? actionData.howMany : "1";
  const back = `/admin/requests/${lead.id}`;
  // The customer is e-mailed: with no signal, that waits on the phone and says so.
  const tells = lead.hasEmail && loaderData.mail;
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
        {tells && <NoSignalSend what="The invitation" name={lead.name} />}
        <ErrorSummary errors={errors} idOf={visitFieldId} />
        {job ? (
          <PostForm noValidate data-visit-clash data-booked={JSON.stringify(booked)} aria-label={title} className="card space-y-5" {...outboxAttributes(`Job days for ${lead.name} from {@date}, {from} to {to}`, tells)}>
            <input type="hidden" name="intent" value={SCHEDULE_JOB} />
            <VisitDays days={values.days.slice(0, 1)} errors={errors} booked={booked} today={today} legend="First day" />
            <Field
              form="visit"
              name={HOW_MANY_FIELD}
              label="How many days"
              hint={`From 1 to ${MAX_JOB_DAYS}: one a working day at these times, closed days skipped. The customer gets one e-mail with every day.`}
              inputMode="numeric"
              className="field max-w-32"
              defaultValue={howMany}
              error={errors[HOW_MANY_FIELD]}
            />
            <TextArea form="visit" name="notes" label="Notes (optional)" hint="Only you see these: they are never sent to the customer." rows={3} maxLength={NOTES_MAX} defaultValue={values.notes} error={errors.notes} />
            <ButtonRow submit="Book job days" back={{ href: back, label: "Back" }} />
          </PostForm>
        ) : (
          <PostForm noValidate data-visit-clash data-booked={JSON.stringify(booked)} aria-label={title} className="card space-y-5" {...outboxAttributes(`Visit for ${lead.name} on {@date}, {from} to {to}`, tells)}>
            <KindChoice value={values.kind} error={errors.kind} />
            <VisitDays days={values.days} errors={errors} booked={booked} today={today} />
            <TextArea form="visit" name="notes" label="Notes (optional)" hint="Only you see these: they are never sent to the customer." rows={3} maxLength={NOTES_MAX} defaultValue={values.notes} error={errors.notes} />
            <ButtonRow submit="Book visit" back={{ href: back, label: "Back" }}>
              <button type="submit" name="change" value="add-day" className="btn-secondary">
                Add another day
              </button>
            </ButtonRow>
          </PostForm>
        )}
      </div>
    </>
  );
}
