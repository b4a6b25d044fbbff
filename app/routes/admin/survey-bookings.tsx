/**
 * Survey bookings (/admin/survey-bookings, behind More): the owner's rules for the surveys a
 * visitor books himself (issue 38 §1). A short page with a sticky Save, like the site's pages of
 * facts; saved whole by `survey-rules.save`, a wrong value answered at its field with nothing saved.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { Field } from "~/components/forms/Field.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { MORE_BACK, TopBar } from "~/components/owner/TopBar.tsx";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { noticeOf } from "~/lib/owner/notices.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import type { SurveyRulesAnswer } from "~/lib/visits/survey-rules-actions.server.ts";
import { dayField, rulesValues } from "~/lib/visits/survey-rules-form.ts";
import { WEEKDAYS } from "~/lib/visits/survey-rules.ts";
import { surveyRules } from "~/lib/visits/survey-rules.server.ts";
import type { Route } from "./+types/survey-bookings";

const FORM = "survey-rules";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Survey bookings");

export function loader({ request, context }: Route.LoaderArgs) {
  const { rules, saved } = surveyRules(storeOf(context), contentOf(context).business.openingHours);
  return {
    values: rulesValues(rules, saved),
    notice: noticeOf(new URL(request.url), { saved: rules.on ? "Saved: customers can book a survey online." : "Saved: customers cannot book a survey online." }),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<SurveyRulesAnswer>(args, ["survey-rules.save"]);

export default function SurveyBookings({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const field = (name: string, label: string, options: { type?: string; hint?: string; inputMode?: "numeric" } = {}) => (
    <Field key={name} form={FORM} name={name} label={label} {...options} defaultValue={values[name]} error={errors[name]} />
  );
  return (
    <>
      <TopBar title="Survey bookings" back={MORE_BACK} />
      <div className="container-page max-w-3xl space-y-6 pt-4">
        <p className="text-muted">
          The rules for the times a visitor picks for a free survey. With bookings on, they are offered on the thank-you page after each request and on the customer's own page; a customer who booked online can move or cancel up to 24 hours before. Days under a closure notice (Your site, Opening hours) offer none.
        </p>
        <Notices notice={loaderData.notice} error={actionData?.error} />
        <PostForm id={FORM} noValidate aria-label="Survey bookings" className="space-y-6">
          <div className="card flex items-start gap-3">
            <input id={`${FORM}-on`} type="checkbox" name="on" value="on" defaultChecked={values.on === "on"} className="mt-1 size-6 shrink-0" />
            <label htmlFor={`${FORM}-on`}>
              <span className="font-semibold">Let customers book a survey online</span>
              <span className="block text-muted">Each booking is a survey on your diary, with its invitation and reminder, and you are told at once.</span>
            </label>
          </div>
          <fieldset className="card space-y-4">
            <legend className="float-left mb-2 w-full text-xl font-semibold">Days and hours surveys may start</legend>
            {WEEKDAYS.map((weekday) => (
              <fieldset key={weekday} className="clear-both grid gap-3 sm:grid-cols-3">
                <legend className="mb-1 font-semibold">{weekday}</legend>
                {field(dayField(weekday, "from"), "From", { type: "time" })}
                {field(dayField(weekday, "to"), "To", { type: "time" })}
                <label className="flex min-h-11 items-center gap-2 self-end">
                  <input type="checkbox" name={dayField(weekday, "none")} value="on" defaultChecked={values[dayField(weekday, "none")] === "on"} className="size-5" />
                  No surveys
                </label>
              </fieldset>
            ))}
          </fieldset>
          <CardSection id="survey-times-heading" title="Length and spacing">
            {field("length", "Survey length (minutes)", { inputMode: "numeric", hint: "From 15 minutes to 3 hours." })}
            {field("between", "Time between visits (minutes)", { inputMode: "numeric", hint: "Kept free before and after each survey, plus the drive between towns." })}
            {field("earliest", "Earliest (working days from today)", { inputMode: "numeric", hint: "1 is the next working day; 0 allows later today." })}
            {field("ahead", "How far ahead (days)", { inputMode: "numeric" })}
            {field("most", "At most surveys a day", { inputMode: "numeric" })}
          </CardSection>
        </PostForm>
        <div data-draft-bar="" className="draft-bar">
          <button type="submit" form={FORM} className="btn-primary">
            Save
          </button>
        </div>
      </div>
    </>
  );
}
