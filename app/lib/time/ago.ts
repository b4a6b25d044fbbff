/** Times as the owner reads them: "2 hours ago" in lists, the exact UK time on a request. */
import { dayAndTime } from "./words.ts";
import { ukDate } from "./uk-time.ts";

const UK_DATE = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "short", year: "numeric" });

/** "Tue 25 Nov, 14:05" in UK time (with the year when it is not this one): as the e-mails write it. */
export function exactTime(iso: string): string {
  return dayAndTime(iso);
}

const UK_CLOCK = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" });

/** "10:32" when on the same UK day as `since` (the request's arrival), else the exact time. */
export function clockTime(iso: string, since: string): string {
  return ukDate(new Date(iso)) === ukDate(new Date(since)) ? UK_CLOCK.format(new Date(iso)) : exactTime(iso);
}

export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (seconds < 60) return "just now";
  if (seconds < 3600) return plural(Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return plural(Math.floor(seconds / 3600), "hour");
  if (seconds < 7 * 86_400) return plural(Math.floor(seconds / 86_400), "day");
  return UK_DATE.format(new Date(iso));
}
