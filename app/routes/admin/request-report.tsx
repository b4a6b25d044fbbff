/**
 * Write survey report (/admin/requests/{id}/report, issue 37 §2): the findings, each a short text
 * with one or more of the request's photos of the job chosen by tapping their thumbnails, in the
 * order given (a place typed, or Move up and Move down), then What we recommend. Saved as a draft
 * with the request; a quote sent with it carries it in its PDF and on the customer's pages. Works
 * without JavaScript; a refusal is said at its field and in a summary on top, nothing saved.
 */
import { ButtonRow } from "~/components/owner/ButtonRow.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { TextArea } from "~/components/forms/Field.tsx";
import { ErrorSummary } from "~/components/owner/ErrorSummary.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { ReportFinding, reportFieldId } from "~/components/owner/ReportFinding.tsx";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import type { ReportAnswer } from "~/lib/action-table/survey-report.server.ts";
import { jobPhotosOf } from "~/lib/photos/job-photos.server.ts";
import { surveyReportOf } from "~/lib/photos/survey-report.server.ts";
import { RECOMMEND_MAX, valuesOf } from "~/lib/photos/survey-report.ts";
import { STAGES } from "~/lib/photos/job-photos.ts";
import { referenceOf } from "~/lib/forms/reference.ts";
import { leadById } from "~/lib/requests/lead.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { recordIdOr404, foundOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/request-report";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => ownerMeta(matches, loaderData ? `Survey report: ${loaderData.lead.name}` : "No such request");

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const id = recordIdOr404(params.id);
  const lead = foundOr404(leadById(store, id));
  // The survey's photos first, then the others, each stage in the order taken.
  const photos = jobPhotosOf(store, id)
    .sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage))
    .map(({ id: photoId, stage, caption, thumbWidth, thumbHeight }) => ({ id: photoId, stage, caption, thumbWidth, thumbHeight }));
  const report = surveyReportOf(store, id);
  return { lead: { id, name: lead.name }, photos, hasSurveyPhoto: photos.some((photo) => photo.stage === "survey"), values: valuesOf(report), saved: Boolean(report) };
}

export const action = (args: Route.ActionArgs) => ownerPost<ReportAnswer>(args, ["survey-report.save"]);

export default function SurveyReport({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, photos } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  const back = `/admin/requests/${lead.id}`;
  return (
    <>
      <TopBar title="Survey report" back={{ href: `${back}#survey-report`, label: `${referenceOf(lead.id)}, ${lead.name}` }} />
      <div className="container-page max-w-3xl space-y-5 py-4">
        {!loaderData.hasSurveyPhoto ? (
          <p>Add the survey&rsquo;s photos to the request first (Photos of the job, stage Survey): each finding shows the photos of it.</p>
        ) : (
          <>
            <p>
              Each finding is a short line with the photos that show it, in the order you give. It is saved as a draft with the request; when you send a quote you choose to attach it, and{" "}
              {lead.name} sees it in the quote&rsquo;s PDF and on their pages.
            </p>
            <ErrorSummary errors={errors} idOf={reportFieldId} />
            <PostForm noValidate aria-label="Survey report" className="space-y-5">
              <input type="hidden" name="findings" value={values.findings.length} />
              <h2 className="text-xl">Findings</h2>
              {values.findings.map((finding, i) => (
                <ReportFinding key={`${i}-${finding.words}-${finding.photos.join()}`} i={i} count={values.findings.length} finding={finding} photos={photos} errors={errors} />
              ))}
              <button type="submit" name="change" value="add-finding" className="btn-secondary">
                Add another finding
              </button>
              <h2 className="text-xl">What we recommend</h2>
              <TextArea form="report" name="recommend" label="What we recommend" hint="One paragraph: what you would do, and why." rows={5} maxLength={RECOMMEND_MAX} defaultValue={values.recommend} error={errors.recommend} />
              <ButtonRow submit="Save report" back={{ href: back, label: "Back to the request" }} />
            </PostForm>
          </>
        )}
      </div>
    </>
  );
}
