/**
 * Write survey report (issue 37 §2): `survey-report.save` keeps the request's findings, each with
 * the photos that show it, in the order given, and what the firm recommends, as a draft saved
 * over the last. Add another finding and Move up or down redraw the form, changing nothing. A
 * refusal (a finding with no words or no photo, text too long) is said at its field, with what
 * was typed kept and nothing saved.
 */
import * as z from "zod/mini";
import { answer, defineAction, done } from "../actions/define.ts";
import { recordAudit } from "../db/audit.server.ts";
import { jobPhotosOf } from "../photos/job-photos.server.ts";
import { saveSurveyReport } from "../photos/survey-report.server.ts";
import { checkReport, moved, reportValuesOf, withAnotherFinding, type ReportValues } from "../photos/survey-report.ts";
import { requestForms, requestPage } from "../requests/page.server.ts";

/** What the report's page is shown again with: the values as typed, and the messages at their fields. */
export type ReportAnswer = { values: ReportValues; errors: Partial<Record<string, string>> };

export const surveyReportSave = defineAction({
  ...requestForms,
  name: "survey-report.save",
  schema: z.object({}),
  early: (form) => {
    const values = reportValuesOf(form);
    const move = form.get("move");
    if (typeof move === "string") return answer({ values: moved(values, move), errors: {} } satisfies ReportAnswer, 200);
    if (form.get("change") === "add-finding") return answer({ values: withAnotherFinding(values), errors: {} } satisfies ReportAnswer, 200);
    return undefined;
  },
  apply: (_, { store, target, form, actor, now }) => {
    const values = reportValuesOf(form);
    const checked = checkReport(values, new Set(jobPhotosOf(store, target).map((photo) => photo.id)));
    if (!checked.ok) return answer({ values, errors: checked.errors } satisfies ReportAnswer);
    saveSurveyReport(store, target, checked.report, now);
    recordAudit(store, { actor, action: `saved the survey report (${checked.report.findings.length} finding${checked.report.findings.length === 1 ? "" : "s"})`, leadId: target, now });
    return done(`${requestPage(target)}#survey-report`, "report");
  },
});

export const SURVEY_REPORT_ACTIONS = [surveyReportSave];
