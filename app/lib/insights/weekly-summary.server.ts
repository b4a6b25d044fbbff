/**
 * The weekly summary: every Monday at 07:00 UK time, summer or winter, last week's page views,
 * visitors, requests, work won and surveys booked online against the week before, the five pages with most visitors,
 * and the new pages not found, by e-mail and a push naming nobody. A row of the one queue for
 * each Monday, sent once across restarts; missed, it is sent when the server is back that Monday
 * and skipped after. The owner turns it off on Notifications.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Db } from "../db/connection.server.ts";
import { enqueue, type JobHandler } from "../jobs/jobs.server.ts";
import { sendToOwner, type OutgoingMail } from "../mail/mailer.server.ts";
import { writeLetter, type Letter, type LetterBusiness } from "../mail/letter.ts";
import { queuePush } from "../jobs/push.server.ts";
import { formatPounds } from "../quotes/money.ts";
import { statement } from "../db/statements.ts";
import { addDays, ukDate, ukDayStart, ukInstant, weekdayOf } from "../time/uk-time.ts";
import { periodFigures } from "./insights.server.ts";
import type { Figures } from "./periods.ts";

const KIND = "weekly-summary";
const SETTING = "weekly-summary";
/** 07:00, in minutes after UK midnight. */
const SEND_AT_MINUTES = 7 * 60;

/** Whether the owner gets the weekly summary: on until he turns it off. */
export function weeklySummaryOn(db: DatabaseSync): boolean {
  const row = statement(db, "SELECT value FROM owner_settings WHERE key = ?").get(SETTING) as { value: string } | undefined;
  return row?.value !== "off";
}

export function setWeeklySummary(db: DatabaseSync, on: boolean, now = new Date()) {
  statement(db, "INSERT INTO owner_settings (key, value, changed_at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at").run(SETTING, on ? "on" : "off", now.toISOString());
}

/** The UK date of the Monday on or after `date`. */
function mondayFrom(date: string): string {
  let day = date;
  while (weekdayOf(day) !== "Monday") day = addDays(day, 1);
  return day;
}

/**
 * Queues the summary of this Monday (when today is one: at 07:00, or at once if that has passed,
 * so a server back on a Monday still sends it) and of the next. Each Monday's row is queued once, ever.
 */
export function scheduleWeeklySummary(db: DatabaseSync, now: Date) {
  const today = ukDate(now);
  const mondays = weekdayOf(today) === "Monday" ? [today, addDays(today, 7)] : [mondayFrom(today)];
  for (const monday of mondays) {
    enqueue(db, { kind: KIND, payload: { monday }, runAt: ukInstant(monday, SEND_AT_MINUTES), onceKey: `${KIND}:${monday}`, now });
  }
}

export interface WeekSummary {
  from: string;
  to: string;
  totals: Figures;
  before: Figures;
  top: { name: string; path: string; visitors: number; requests: number }[];
  newNotFound: { path: string; referrer: string; hits: number }[];
}

/** The week before `monday` (Monday to Sunday) against the week before that. */
export function weekSummary(store: Db, monday: string): WeekSummary {
  const from = addDays(monday, -7);
  const to = addDays(monday, -1);
  const week = periodFigures(store, from, to);
  const newNotFound = store.db
    .prepare("SELECT path, referrer, hits FROM pages_not_found WHERE first_seen >= ? AND first_seen < ? ORDER BY hits DESC, path LIMIT 10")
    .all(ukDayStart(from).toISOString(), ukDayStart(monday).toISOString())
    .map((row) => ({ ...row }) as WeekSummary["newNotFound"][number]);
  return {
    from,
    to,
    totals: week.totals,
    before: periodFigures(store, addDays(from, -7), addDays(from, -1)).totals,
    top: week.pages.slice(0, 5).map((page) => ({ name: page.name, path: page.path, visitors: page.visitors, requests: page.requests })),
    newNotFound,
  };
}

const plural = (n: number, one: string) => `${n.toLocaleString("en-GB")} ${one}${n === 1 ? "" : "s"}`;
const against = (before: number) => `(the week before: ${before.toLocaleString("en-GB")})`;

/** The push: figures only, naming nobody. */
export function summaryLine(summary: WeekSummary): string {
  return `Last week: ${plural(summary.totals.visitors, "visitor")}, ${plural(summary.totals.requests, "request")}, ${formatPounds(summary.totals.wonPence)} won`;
}

const DAY = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const dayWords = (day: string) => DAY.format(new Date(`${day}T12:00:00Z`)).replace(",", "");

/** The e-mail: last week against the week before, the pages most visited, new addresses not found, and Insights. */
export function summaryLetter(summary: WeekSummary, business: LetterBusiness, siteUrl: string): Letter {
  const { totals, before } = summary;
  const figure = (now: number, then: number) => `${now.toLocaleString("en-GB")} ${against(then)}`;
  return writeLetter({
    business,
    siteUrl,
    subject: `Your website last week: ${plural(totals.visitors, "visitor")}, ${plural(totals.requests, "request")}`,
    foot: false,
    body: [
      `Your website last week, ${dayWords(summary.from)} to ${dayWords(summary.to)}:`,
      {
        facts: [
          { label: "Page views", value: figure(totals.views, before.views) },
          { label: "Visitors", value: figure(totals.visitors, before.visitors) },
          { label: "Requests", value: figure(totals.requests, before.requests) },
          { label: "Won", value: `${plural(totals.won, "job")}, ${formatPounds(totals.wonPence)} (the week before: ${before.won}, ${formatPounds(before.wonPence)})` },
          { label: "Paid", value: `${formatPounds(totals.paidPence)} (the week before: ${formatPounds(before.paidPence)})` },
          { label: "Surveys booked online", value: figure(totals.bookedOnline, before.bookedOnline) },
        ],
      },
      "The pages most visited:",
      { lines: summary.top.length ? summary.top.map((page) => `${page.name}: ${plural(page.visitors, "visitor")}, ${plural(page.requests, "request")}`) : ["No visits counted."] },
      ...(summary.newNotFound.length
        ? ["Addresses visitors asked for that do not exist (new last week):", { lines: summary.newNotFound.map((miss) => `${miss.path}${miss.referrer ? `, linked from ${miss.referrer}` : ""} (${plural(miss.hits, "time")})`) }]
        : []),
      { button: { words: "Open Insights", href: `${siteUrl}/admin/insights` } },
      "You get this every Monday morning. To stop it, untick Weekly summary on Notifications.",
    ],
  });
}

/** The queue's handler: sends a Monday's summary on that Monday only, then queues the next. */
export function weeklySummaryHandler(store: Db, business: () => LetterBusiness, siteUrl: string, mail: OutgoingMail | undefined): Record<string, JobHandler> {
  return {
    [KIND]: async (job, now) => {
      const monday = String(job.payload.monday);
      const next = () => scheduleWeeklySummary(store.db, ukInstant(addDays(monday, 1), 0));
      if (!weeklySummaryOn(store.db)) return { outcome: "not sent: turned off", commit: next };
      if (ukDate(now) !== monday) return { outcome: "not sent: its Monday is over", commit: next };
      const summary = weekSummary(store, monday);
      if (mail) await sendToOwner(mail, summaryLetter(summary, business(), siteUrl));
      return {
        outcome: mail ? "sent" : "pushed (no e-mail set up)",
        commit: () => {
          queuePush(store.db, { title: "Weekly summary", body: summaryLine(summary), url: "/admin/insights", tag: KIND }, now);
          next();
        },
      };
    },
  };
}
