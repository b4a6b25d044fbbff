/**
 * The survey report (issue 37 §2): its findings, each a short text with one or more of the
 * request's photos of the job, in the order the owner gives, and what the firm recommends. This
 * reads the report's form (no script: a number for each finding's place, or Move up and Move down)
 * and checks it, saying each refusal at its field.
 */
export const FINDING_MAX = 280;
export const RECOMMEND_MAX = 2000;
/** At most this many findings in one report. */
export const MAX_FINDINGS = 20;

/** A finding as the form holds it: its words, the photos ticked and the place typed. */
export interface FindingValues {
  words: string;
  photos: string[];
  order: string;
}

export interface ReportValues {
  findings: FindingValues[];
  recommend: string;
}

/** A finding as it is kept: its words and its photos' ids, in the order chosen. */
export interface Finding {
  words: string;
  photos: string[];
}

export interface Report {
  findings: Finding[];
  recommend: string;
}

export const findingField = (i: number, part: "words" | "photos" | "order") => `finding-${i}-${part}`;

const texts = (form: FormData, name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
const one = (form: FormData, name: string) => texts(form, name)[0] ?? "";

/** The form as posted: every finding's slot (`findings` says how many), and the recommendation. */
export function reportValuesOf(form: FormData): ReportValues {
  const slots = Math.min(Math.max(Number.parseInt(one(form, "findings"), 10) || 0, 1), MAX_FINDINGS);
  const findings = Array.from({ length: slots }, (_, i) => ({ words: one(form, findingField(i, "words")), photos: texts(form, findingField(i, "photos")), order: one(form, findingField(i, "order")) }));
  return { findings, recommend: one(form, "recommend") };
}

/** One more empty finding at the end (Add another finding). */
export function withAnotherFinding(values: ReportValues): ReportValues {
  if (values.findings.length >= MAX_FINDINGS) return values;
  return { ...values, findings: [...values.findings, { words: "", photos: [], order: String(values.findings.length + 1) }] };
}

/** A finding moved one place up or down (`up-2`, `down-0`), the places renumbered as they stand. */
export function moved(values: ReportValues, move: string): ReportValues {
  const [, way, at] = /^(up|down)-(\d+)$/.exec(move) ?? [];
  const from = Number(at);
  const to = way === "up" ? from - 1 : from + 1;
  const findings = [...values.findings];
  if (!way || from >= findings.length || to < 0 || to >= findings.length) return values;
  [findings[from], findings[to]] = [findings[to]!, findings[from]!];
  return { ...values, findings: findings.map((finding, i) => ({ ...finding, order: String(i + 1) })) };
}

/**
 * The findings in the order given: by the place typed for each (a blank keeps its place on the
 * form), a tie kept in the form's order.
 */
export function inOrder<T extends { order: string }>(findings: readonly T[]): T[] {
  const place = (finding: T, i: number) => {
    const typed = Number.parseInt(finding.order.trim(), 10);
    return Number.isFinite(typed) ? typed : i + 1;
  };
  return findings
    .map((finding, i) => ({ finding, i, at: place(finding, i) }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map(({ finding }) => finding);
}

export type ReportCheck = { ok: true; report: Report } | { ok: false; errors: Record<string, string> };

/**
 * The report as it will be kept, or a message at each wrong field: a finding with photos and no
 * words, or words and no photo, or too long; a place that is not a number; a photo not of this
 * request; no finding at all; a recommendation too long. An empty slot (no words, no photo) is left out.
 */
export function checkReport(values: ReportValues, photoIds: ReadonlySet<string>): ReportCheck {
  const errors: Record<string, string> = {};
  values.findings.forEach((finding, i) => {
    const words = finding.words.trim();
    if (!words && finding.photos.length === 0) return;
    if (!words) errors[findingField(i, "words")] = "Write what you found.";
    else if (words.length > FINDING_MAX) errors[findingField(i, "words")] = `A finding can be at most ${FINDING_MAX} characters.`;
    if (finding.photos.length === 0) errors[findingField(i, "photos")] = "Choose at least one photo that shows it.";
    else if (finding.photos.some((id) => !photoIds.has(id))) errors[findingField(i, "photos")] = "Choose photos of this request: one of these was deleted meanwhile.";
    if (finding.order.trim() && !/^\d{1,2}$/.test(finding.order.trim())) errors[findingField(i, "order")] = "Write its place as a number, such as 1.";
  });
  const kept = values.findings.filter((finding) => finding.words.trim() || finding.photos.length);
  if (kept.length === 0 && Object.keys(errors).length === 0) errors[findingField(0, "words")] = "Write at least one finding, with the photos that show it.";
  const recommend = values.recommend.trim();
  if (recommend.length > RECOMMEND_MAX) errors.recommend = `What you recommend can be at most ${RECOMMEND_MAX} characters.`;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, report: { findings: inOrder(kept).map((finding) => ({ words: finding.words.trim(), photos: [...new Set(finding.photos)] })), recommend } };
}

/** A kept report as the form shows it, its places numbered from 1, with one empty slot to add another. */
export function valuesOf(report: Report | undefined): ReportValues {
  const findings = (report?.findings ?? []).map((finding, i) => ({ words: finding.words, photos: finding.photos, order: String(i + 1) }));
  return withAnotherFinding({ findings, recommend: report?.recommend ?? "" });
}

/** The day of the survey as the report's heading says it: "Tuesday 2 December 2025". */
export function surveyDayWords(date: string): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
    .format(new Date(`${date}T12:00:00Z`))
    .replace(/^(\p{L}+),/u, "$1");
}

/** The value of the send step's ticked "Attach the survey report". */
export const ATTACH_REPORT = "attach";
