/**
 * The diary's actions (decision 28): a visit booked from a request (one or more days), moved,
 * cancelled (asked first), the calendar feed's link replaced, and the rules of the surveys the
 * visitor books himself saved.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { defineAction, done, answer, type Applying, type Finding } from "../actions/define.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { bookVisits, cancelVisit, moveVisit, type VisitChange } from "./book.server.ts";
import { resetCalendarLink } from "./feed.server.ts";
import { bookSchema, EMPTY_DAY, HOW_MANY_FIELD, SCHEDULE_JOB, MAX_DAYS, moveSchema, readVisitValues, scheduleSchema, type VisitValues } from "./visit-form.ts";
import { jobDays, MAX_JOB_DAYS } from "./defaults.ts";
import { ukInstant } from "../time/uk-time.ts";
import { visitById, type Visit } from "./visits.server.ts";
import { surveyRulesSave } from "./survey-rules-actions.server.ts";

/** Who changes the diary, with the hours published now and whether the customer can be e-mailed. */
export function visitChangeOf({ actor, content, services, now }: Applying<unknown>): VisitChange {
  return { actor, hours: content.business.openingHours, mail: Boolean(services.mail), now };
}

export const visitBook = defineAction({
  name: "visit.book",
  // The page's form unless Schedule job's own says otherwise.
  intent: (intent) => intent !== SCHEDULE_JOB,
  find: ({ params }) => recordIdOr404(params.id),
  // Add another day: the form again with one more day, nothing saved.
  early: (form) => {
    if (form.get("change") !== "add-day") return undefined;
    const values = readVisitValues(form);
    return answer({ values: { ...values, days: [...values.days, EMPTY_DAY].slice(0, MAX_DAYS) }, errors: {} }, 200);
  },
  schema: ({ now }) => bookSchema(now),
  refused: (errors, form) => ({ values: readVisitValues(form), errors }),
  apply: (input, applying) => {
    const visits = bookVisits(applying.store, applying.target, input, visitChangeOf(applying));
    if (!visits) throw data(null, { status: 404 });
    applying.wake();
    const saved = visits[0]!.told !== "e-mail" ? "visit-booked-untold" : visits.length > 1 ? "visits-booked" : "visit-booked";
    return done(`/admin/requests/${applying.target}`, saved);
  },
});

/** Schedule job's form as typed, with its message at each wrong field. */
export interface ScheduleAnswer {
  values: VisitValues;
  howMany: string;
  errors: Partial<Record<string, string>>;
}

const scheduleRefused = (errors: Partial<Record<string, string>>, form: FormData): ScheduleAnswer => ({ values: readVisitValues(form), howMany: String(form.get(HOW_MANY_FIELD) ?? ""), errors });

/**
 * Schedule job: the first day and How many days make one job day a working day (closed days and
 * a closure skipped), each at the first day's times, with one e-mail holding every day.
 */
export const visitScheduleJob = defineAction({
  name: "visit.schedule-job",
  intent: SCHEDULE_JOB,
  find: ({ params }) => recordIdOr404(params.id),
  schema: ({ now }) => scheduleSchema(now, MAX_JOB_DAYS),
  refused: scheduleRefused,
  apply: (input, applying) => {
    const { business } = applying.content;
    const dates = jobDays(input.date, input.count, { hours: business.openingHours, closure: business.closure });
    if (!dates) return answer(scheduleRefused({ [HOW_MANY_FIELD]: "Your opening hours open no day, so only one day can be booked. Enter 1." }, applying.form));
    const days = dates.map((date, i) => (i === 0 ? input.first : { start: ukInstant(date, input.from), end: ukInstant(date, input.to) }));
    const visits = bookVisits(applying.store, applying.target, { kind: "job-day", days, notes: input.notes }, visitChangeOf(applying), true);
    if (!visits) throw data(null, { status: 404 });
    applying.wake();
    const saved = visits[0]!.told !== "e-mail" ? "visit-booked-untold" : visits.length > 1 ? "job-days-booked" : "visit-booked";
    return done(`/admin/requests/${applying.target}`, saved);
  },
});

/** The visit the address names; 404 when there is none. */
function visitOf({ params, store }: Finding): Visit {
  const visit = visitById(store, recordIdOr404(params.id));
  if (!visit) throw data(null, { status: 404 });
  return visit;
}

export const visitMove = defineAction({
  name: "visit.move",
  find: visitOf,
  schema: ({ now, target }) => moveSchema(now, { start: new Date(target.startAt), end: new Date(target.endAt) }),
  refused: (errors, form) => ({ values: readVisitValues(form), errors }),
  apply: (input, applying) => {
    const moved = moveVisit(applying.store, applying.target.id, input, visitChangeOf(applying));
    if (!moved) return answer({ values: readVisitValues(applying.form), errors: { "day-0-date": "This visit was cancelled, so it cannot move. Book a new one from the request." } }, 409);
    applying.wake();
    return done(`/admin/requests/${applying.target.leadId}`, moved.told === "e-mail" ? "visit-moved" : "visit-moved-untold");
  },
});

/** A page whose one form is a Yes: a post without its button did not come from it. */
const yesPage = { schema: z.object({}), refused: (errors: Record<string, string | undefined>) => ({ error: errors.intent }) };

export const visitCancel = defineAction({
  ...yesPage,
  name: "visit.cancel",
  intent: "cancel-visit",
  find: visitOf,
  apply: (_, applying) => {
    const cancelled = cancelVisit(applying.store, applying.target.id, visitChangeOf(applying));
    if (!cancelled) return answer({ error: undefined }, 409);
    applying.wake();
    return done(`/admin/requests/${applying.target.leadId}`, cancelled.told === "e-mail" ? "visit-cancelled" : "visit-cancelled-untold");
  },
});

export const calendarLinkReplace = defineAction({
  ...yesPage,
  name: "calendar-link.replace",
  intent: "reset-calendar-link",
  apply: (_, { store, actor, now }) => {
    resetCalendarLink(store, actor, now);
    return done("/admin/diary?calendar-link#calendar-feed");
  },
});

export const VISIT_ACTIONS = [visitScheduleJob, visitBook, visitMove, visitCancel, calendarLinkReplace, surveyRulesSave];
