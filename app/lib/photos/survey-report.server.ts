/**
 * The survey report kept (issue 37 §2): one draft a request, saved over, and the copy a quote
 * keeps of it when sent with it, with the day of the survey (the survey visit's day, else the
 * first Survey photo's). What the customer sees, and the quote's PDF, read that copy: the photos
 * it names that were deleted since are left out.
 */
import type { Db } from "../db/connection.server.ts";
import { statement } from "../db/statements.ts";
import { ukDate } from "../time/uk-time.ts";
import { jobPhotosOf, type JobPhoto } from "./job-photos.server.ts";
import { photoAlt } from "./job-photos.ts";
import type { Report } from "./survey-report.ts";

const asReport = (row: { findings: string; recommend: string }): Report => ({ findings: JSON.parse(row.findings) as Report["findings"], recommend: row.recommend });

/** A request's report, if one was written. */
export function surveyReportOf(store: Db, leadId: number): (Report & { savedAt: string }) | undefined {
  const row = statement(store.db, "SELECT findings, recommend, saved_at AS savedAt FROM survey_reports WHERE lead_id = ?").get(leadId) as { findings: string; recommend: string; savedAt: string } | undefined;
  return row ? { ...asReport(row), savedAt: row.savedAt } : undefined;
}

/** Saves a request's report over the last, inside the open transaction. */
export function saveSurveyReport(store: Db, leadId: number, report: Report, now: Date) {
  statement(store.db, "INSERT INTO survey_reports (lead_id, findings, recommend, saved_at) VALUES (?, ?, ?, ?) ON CONFLICT (lead_id) DO UPDATE SET findings = excluded.findings, recommend = excluded.recommend, saved_at = excluded.saved_at").run(
    leadId,
    JSON.stringify(report.findings),
    report.recommend,
    now.toISOString(),
  );
}

/** The day of the survey: the last survey visit begun by `now`, else the first booked, else the first Survey photo's day, else today. */
export function surveyDayOf(store: Db, leadId: number, now: Date): string {
  const visit = statement(
    store.db,
    "SELECT start_at AS startAt FROM visits WHERE lead_id = ? AND kind = 'survey' AND status = 'booked' ORDER BY (start_at <= ?) DESC, CASE WHEN start_at <= ? THEN start_at END DESC, start_at LIMIT 1",
  ).get(leadId, now.toISOString(), now.toISOString()) as { startAt: string } | undefined;
  if (visit) return ukDate(new Date(visit.startAt));
  const photo = jobPhotosOf(store, leadId).find((one) => one.stage === "survey");
  return ukDate(photo ? new Date(photo.takenAt) : now);
}

/** Keeps the request's report with a quote being sent, as it is now, inside the open transaction; false when there is none. */
export function attachReport(store: Db, quoteId: number, leadId: number, now: Date): boolean {
  const report = surveyReportOf(store, leadId);
  if (!report) return false;
  statement(store.db, "INSERT OR REPLACE INTO quote_reports (quote_id, findings, recommend, survey_day) VALUES (?, ?, ?, ?)").run(quoteId, JSON.stringify(report.findings), report.recommend, surveyDayOf(store, leadId, now));
  return true;
}

/** A report as the customer and the PDF get it: each finding with its photos still kept. */
export interface SentReport {
  surveyDay: string;
  findings: { words: string; photos: JobPhoto[] }[];
  recommend: string;
}

/** The report a quote was sent with, if any. */
export function reportOfQuote(store: Db, quoteId: number): SentReport | undefined {
  const row = statement(store.db, "SELECT q.findings, q.recommend, q.survey_day AS surveyDay, quotes.lead_id AS leadId FROM quote_reports q JOIN quotes ON quotes.id = q.quote_id WHERE q.quote_id = ?").get(quoteId) as
    | { findings: string; recommend: string; surveyDay: string; leadId: number }
    | undefined;
  if (!row) return undefined;
  const photos = new Map(jobPhotosOf(store, row.leadId).map((photo) => [photo.id, photo]));
  const report = asReport(row);
  const findings = report.findings.map((finding) => ({ words: finding.words, photos: finding.photos.flatMap((id) => photos.get(id) ?? []) }));
  if (findings.length === 0 && !report.recommend) return undefined;
  return { surveyDay: row.surveyDay, findings, recommend: report.recommend };
}

/** The latest of a request's quotes sent with a report, among `quoteIds` (those its customer was sent): its report. */
export function latestReportOf(store: Db, quoteIds: readonly number[]): { quoteId: number; report: SentReport } | undefined {
  for (const quoteId of [...quoteIds].sort((a, b) => b - a)) {
    const report = reportOfQuote(store, quoteId);
    if (report) return { quoteId, report };
  }
  return undefined;
}

/** Whether a photo is shown in the report a quote was sent with: only those are served through the customer's links. */
export function photoInReport(report: SentReport | undefined, photoId: string): JobPhoto | undefined {
  return report?.findings.flatMap((finding) => finding.photos).find((photo) => photo.id === photoId);
}

/** A photo of the report as the customer's pages show it: its two sizes and its alt text. */
export interface ReportPicture {
  id: string;
  alt: string;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

/** A sent report as the customer's pages show it (its photos served through the page's own link). */
export interface ReportForPage {
  surveyDay: string;
  findings: { words: string; pictures: ReportPicture[] }[];
  recommend: string;
}

export function reportForPage(report: SentReport): ReportForPage {
  let n = 0;
  return {
    surveyDay: report.surveyDay,
    recommend: report.recommend,
    findings: report.findings.map((finding) => ({
      words: finding.words,
      pictures: finding.photos.map((photo) => ({ id: photo.id, alt: photoAlt(photo, ++n), width: photo.width, height: photo.height, thumbWidth: photo.thumbWidth, thumbHeight: photo.thumbHeight })),
    })),
  };
}
