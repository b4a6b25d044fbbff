/**
 * The owner's calendar feed, /calendar/{token}.ics, for his phone's calendar to subscribe to
 * (app/lib/visits/feed.server.ts). Its token is the key: no cookie is needed or set, and it is never
 * cached or indexed. A forged, reset or misspelt link gets 404 and nothing more.
 */
import { calendarFeed, opensCalendarFeed } from "~/lib/visits/feed.server.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/calendar-feed";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : "";
  if (!token || !opensCalendarFeed(store, token)) return new Response(null, { status: 404, headers: PRIVATE });
  return new Response(calendarFeed(store, contentOf(context).business), {
    headers: { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'inline; filename="diary.ics"' },
  });
}
