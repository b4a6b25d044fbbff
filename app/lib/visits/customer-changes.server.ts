/**
 * A survey the customer booked online, moved or cancelled by him from his page (issue 38 §3), up
 * to 24 hours before it starts. Each is the diary's Move or Cancel (./book.server.ts): the same
 * UID with a higher SEQUENCE in his invitation, the reminder planned again. The new time is asked
 * again of the times offered, inside the one transaction, with his own slot free to him. The owner
 * is told by push and by e-mail through the one queue. A visit the owner booked, or one within 24
 * hours, is the owner's to change: the customer asks to rearrange it.
 */
import type { Content } from "../../content/load.ts";
import type { Db } from "../db/connection.server.ts";
import { oneLine } from "../mail/mailer.server.ts";
import { leadById } from "../requests/lead.ts";
import { cancelVisit, moveVisit, type VisitChange } from "./book.server.ts";
import { stillFree } from "./offered-times.server.ts";
import { tellOwner } from "./owner-told.server.ts";
import type { Visit } from "./visits.server.ts";
import { whenWords } from "./words.ts";

/** How long before a survey the customer may still move or cancel it himself. */
export const CUSTOMER_CHANGE_HOURS = 24;

type Changeable = Pick<Visit, "kind" | "status" | "bookedBy" | "startAt">;

export const TIME_GONE = "Sorry, that time has just gone. Please choose another.";

/** Why the customer may not move or cancel this visit himself now, in his words; undefined when he may (a survey he booked online, still booked, 24 hours or more away). */
export function whyNotChange(visit: Changeable, now: Date): string | undefined {
  if (visit.status !== "booked") return "This visit is cancelled, so there is nothing to change.";
  if (visit.kind !== "survey" || visit.bookedBy !== "customer") return "We booked this visit with you, so we change it: ask to rearrange it from your page, or call us.";
  if (new Date(visit.startAt).getTime() - now.getTime() < CUSTOMER_CHANGE_HOURS * 3_600_000) return "Your survey is less than 24 hours away, so it can no longer be changed here: ask to rearrange it from your page, or call us.";
  return undefined;
}

/** Whether the customer may move or cancel this visit himself now. */
export const customerMayChange = (visit: Changeable, now: Date): boolean => whyNotChange(visit, now) === undefined;

type Changed = { ok: true; visit: Visit } | { ok: false; error: string };

/** Moves the customer's survey to the offered time starting at `start`, when he may and it is still free. */
export function moveByCustomer(store: Db, content: Content, visit: Visit, start: Date, change: VisitChange & { now: Date }): Changed {
  const { now } = change;
  const why = whyNotChange(visit, now);
  if (why) return { ok: false, error: why };
  const lead = leadById(store, visit.leadId)!;
  const time = stillFree(store, content, lead, start, now, visit.id);
  if (!time) return { ok: false, error: TIME_GONE };
  const moved = moveVisit(store, visit.id, { times: { start: time.start, end: time.end } }, change)!;
  const was = whenWords(new Date(visit.startAt), new Date(visit.endAt), now);
  tellOwner(store, content, lead, moved, "Survey moved by the customer", `${oneLine(lead.name)} moved their survey from ${was} to ${whenWords(time.start, time.end, now)}.`, now);
  return { ok: true, visit: moved };
}

/** Cancels the customer's survey, when he may. */
export function cancelByCustomer(store: Db, content: Content, visit: Visit, change: VisitChange & { now: Date }): Changed {
  const { now } = change;
  const why = whyNotChange(visit, now);
  if (why) return { ok: false, error: why };
  const cancelled = cancelVisit(store, visit.id, change)!;
  const lead = leadById(store, visit.leadId)!;
  tellOwner(store, content, lead, visit, "Survey cancelled by the customer", `${oneLine(lead.name)} cancelled their survey on ${whenWords(new Date(visit.startAt), new Date(visit.endAt), now)}. The time is free again.`, now);
  return { ok: true, visit: cancelled };
}
