/** The diary's actions (decision 28): a visit booked from a request (one or more days). */
import { data } from "react-router";
import { defineAction, done, answer, type Applying } from "../actions/define.ts";
import { recordIdOr404 } from "../record-id.ts";
import { bookVisits, type VisitChange } from "./book.server.ts";
import { bookSchema, EMPTY_DAY, MAX_DAYS, readVisitValues } from "./visit-form.ts";

/** Who changes the diary, with the hours published now and whether the customer can be e-mailed. */
export function visitChangeOf({ actor, content, services, now }: Applying<unknown>): VisitChange {
  return { actor, hours: content.business.openingHours, mail: Boolean(services.mail), now };
}

export const visitBook = defineAction({
  name: "visit.book",
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

export const DIARY_ACTIONS = [visitBook];
