/**
 * Book this time, as an action of the table (decision 28): `survey.book`, posted from the
 * thank-you page's offer and See more times (`/book/{token}`, the one-time booking link) or from
 * the customer's page (`/c/{token}/survey`). The link stands in for a sign-in: a forged one is
 * answered 404, a used or old one 410, and nothing is booked. The time is checked again inside
 * the action's one transaction (./survey-booking.server.ts); a time gone is answered with the next
 * best, and nothing is kept.
 */
import * as z from "zod/mini";
import { answer, defineAction, done, refuse, type Finding } from "../actions/define.ts";
import { checkBookingToken } from "../links/booking-tokens.server.ts";
import { checkCustomerLink, customerPagePath, customerPageToken } from "../links/page-links.server.ts";
import { CLOSED_LINK_STATUS, type ClosedLinkState } from "../links/tokens.server.ts";
import { bookSurveyOnline, OFFERED_FIRST, shownTime, type ShownTime } from "./survey-booking.server.ts";

/** What a page that books says when nothing was booked. */
export type BookingRefused =
  | { closed: ClosedLinkState }
  | { gone: true; times: ShownTime[] }
  | { refused: "off" | "second" }
  | { errors: { start: string } };

/** The request a page that books opens: the customer's page link at `/c/…`, else the one-time booking link. */
export function bookingLinkAt(store: Finding["store"], path: string, token: string, now: Date): { state: "open"; leadId: number } | { state: ClosedLinkState } {
  return path.startsWith("/c/") ? checkCustomerLink(store, token, now) : checkBookingToken(store.db, token, now);
}

/** The request the posted link opens; a closed link is answered as its page answers it. */
function openBooking({ params, store, url, now }: Finding): number {
  const link = bookingLinkAt(store, url.pathname, params.token ?? "", now);
  if (link.state !== "open") refuse({ closed: link.state } satisfies BookingRefused, CLOSED_LINK_STATUS[link.state]);
  return link.leadId;
}

/** A posted start: an instant as the page wrote it, else undefined. */
function startOf(value: FormDataEntryValue | null): Date | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/.test(value)) return undefined;
  const start = new Date(value);
  return Number.isNaN(start.getTime()) ? undefined : start;
}

export const surveyBook = defineAction({
  name: "survey.book",
  side: "customer",
  find: openBooking,
  schema: z.object({}),
  apply: (_, { store, services, content, target: leadId, form, now, wake }) => {
    const start = startOf(form.get("start"));
    if (!start) return answer({ errors: { start: "Choose a time for your survey." } } satisfies BookingRefused);
    const booking = bookSurveyOnline(store, content, leadId, start, { mail: Boolean(services.mail), now });
    if (booking.kind === "refused") return answer({ refused: booking.why } satisfies BookingRefused, 409);
    if (booking.kind === "gone") return answer({ gone: true, times: booking.times.slice(0, OFFERED_FIRST).map((time) => shownTime(time, now)) } satisfies BookingRefused, 409);
    wake();
    return done(`${customerPagePath(customerPageToken(store, leadId)!)}/survey/booked`);
  },
});

export const SURVEY_BOOKING_ACTIONS = [surveyBook];
