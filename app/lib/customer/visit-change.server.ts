/**
 * What the customer's Move and Cancel pages show of a survey he booked online (issue 38 §3): the
 * visit in words, whether he may still change it himself (a survey he booked, 24 hours or more
 * away), and for Move every free time by day, his own slot free to him and his time now left out.
 */
import { data } from "react-router";
import type { Content } from "../../content/load.ts";
import type { KeyedDb } from "../db/connection.server.ts";
import { recordIdOr404 } from "../forms/record-id.ts";
import { checkCustomerLink, customerPagePath } from "../links/page-links.server.ts";
import { CLOSED_LINK_STATUS } from "../links/tokens.server.ts";
import { leadById } from "../requests/lead.ts";
import { whyNotChange } from "../visits/customer-changes.server.ts";
import { offeredTimes } from "../visits/offered-times.server.ts";
import { visitById } from "../visits/visits.server.ts";
import { clockWords, CUSTOMER_KIND_NAMES, dayWords, upperFirst, whenWords } from "../visits/words.ts";

/** A day of free times, as radios: each time's value is its start instant. */
export interface FreeDay {
  date: string;
  /** "Tuesday 2 December". */
  day: string;
  times: { start: string; words: string }[];
}

/** The link's survey and whether he may change it, or the closed link's state with its status. */
export function visitChangePage(store: KeyedDb, content: Content, token: string, visitIdParam: string, now: Date, withTimes: boolean) {
  const link = checkCustomerLink(store, token);
  if (link.state !== "open") return data({ state: link.state }, { status: CLOSED_LINK_STATUS[link.state] });
  const visit = visitById(store, recordIdOr404(visitIdParam));
  if (!visit || visit.leadId !== link.leadId) throw data(null, { status: 404 });
  const whyNot = whyNotChange(visit, now) ?? null;
  const days: FreeDay[] = [];
  if (!whyNot && withTimes) {
    const lead = leadById(store, link.leadId)!;
    const times = offeredTimes(store, content, lead, now, visit.id)
      .times.filter((time) => time.start.toISOString() !== visit.startAt)
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    for (const time of times) {
      if (days.at(-1)?.date !== time.date) days.push({ date: time.date, day: dayWords(time.date, now), times: [] });
      days.at(-1)!.times.push({ start: time.start.toISOString(), words: `${clockWords(time.from)}–${clockWords(time.to)}` });
    }
  }
  return {
    state: "open" as const,
    path: customerPagePath(token),
    visit: { id: visit.id, what: upperFirst(CUSTOMER_KIND_NAMES[visit.kind]), when: whenWords(new Date(visit.startAt), new Date(visit.endAt), now) },
    /** Why he may not change it himself now; null when he may. */
    whyNot,
    days,
  };
}
