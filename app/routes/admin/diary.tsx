/**
 * The diary (/admin/diary) as an agenda on a phone: a fortnight from today, only the days with a
 * booked visit, each visit with its time, kind, customer, town, Map and Call, and any overlap
 * marked; then "Nothing else booked until Tue 15 Dec". Earlier and Later are links to the
 * fortnight before and after (?from=), Today comes back (app/lib/visits/diary.server.ts). Below, the owner's calendar feed: Subscribe on this
 * phone (webcal:), its address to copy, and Reset calendar link, which asks first on its own page.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { PeriodLinks } from "~/components/owner/PeriodLinks.tsx";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { diaryAgenda, type DiaryVisit } from "~/lib/visits/diary.server.ts";
import { calendarFeedPath, calendarFeedToken } from "~/lib/visits/feed.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { noticeOf } from "~/lib/owner/notices.ts";
import { siteUrl } from "~/lib/public-site/seo.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import { AskedMark } from "~/components/owner/Visits.tsx";
import type { Route } from "./+types/diary";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Diary");

export function loader({ request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const feed = `${siteUrl()}${calendarFeedPath(calendarFeedToken(store))}`;
  const url = new URL(request.url);
  return {
    agenda: diaryAgenda(store, { from: url.searchParams.get("from"), towns: contentOf(context).areas.map((area) => area.name) }),
    feed,
    subscribe: feed.replace(/^https?:/, "webcal:"),
    notice: noticeOf(url, {
      "calendar-link": "Calendar link reset: the old address no longer works. Subscribe again on each phone with the new one below, and remove the old calendar.",
    }),
  };
}

function Visit({ visit }: { visit: DiaryVisit }) {
  return (
    <li className="space-y-1 rounded-lg bg-paper p-3">
      <p>
        <span className="font-semibold">{visit.times}</span> {visit.kind}
      </p>
      <p>
        <a href={`/admin/requests/${visit.leadId}`} className="link break-words">
          {visit.name}
        </a>
      </p>
      {visit.town && <p className="break-words">{visit.town}</p>}
      {visit.overlaps.map((overlap) => (
        <p key={overlap} className="font-semibold text-accent-dark">
          {overlap}
        </p>
      ))}
      {visit.asked && <AskedMark words={visit.asked} />}
      <p className="flex flex-wrap gap-3 pt-1">
        {visit.map && (
          <a href={visit.map} className="btn-secondary" aria-label={`Map: ${visit.location}`}>
            Map
          </a>
        )}
        <a href={visit.call} className="btn-secondary" aria-label={`Call ${visit.name}, ${visit.phone}`}>
          Call
        </a>
      </p>
    </li>
  );
}

/** Earlier, Today (when away from it) and Later. */
function Fortnights({ agenda }: { agenda: Route.ComponentProps["loaderData"]["agenda"] }) {
  return (
    <PeriodLinks
      label="Fortnights"
      before={{ href: `/admin/diary?from=${agenda.earlier}`, words: "Earlier" }}
      now={agenda.from !== agenda.today ? { href: "/admin/diary", words: "Today" } : undefined}
      after={{ href: `/admin/diary?from=${agenda.later}`, words: "Later" }}
    />
  );
}

export default function Diary({ loaderData }: Route.ComponentProps) {
  const { agenda, feed, subscribe, notice } = loaderData;
  return (
    <>
      <TopBar title="Diary" />
      <div className="container-page max-w-3xl space-y-4 py-4">
        <Notices notice={notice} />
        <Fortnights agenda={agenda} />
        {agenda.days.map((day) => (
          <CardSection key={day.date} title={day.heading} id={`day-${day.date}`} className="space-y-3">
            <ul aria-label={`Visits, ${day.heading}`} className="space-y-3">
              {day.visits.map((visit) => (
                <Visit key={visit.id} visit={visit} />
              ))}
            </ul>
          </CardSection>
        ))}
        <div className="card flex flex-wrap items-center justify-between gap-3">
          <p>{agenda.nothingElse}</p>
          <a href={`/admin/diary?from=${agenda.later}`} className="btn-secondary">
            Later<span aria-hidden="true"> ›</span>
          </a>
        </div>
        <CardSection title="Your phone's calendar" id="calendar-feed">
          <p>Put every visit in your phone's own calendar. It stays up to date as you book, move and cancel, with each customer's phone, address and your notes.</p>
          <p>
            <a href={subscribe} className="btn-primary">
              Subscribe on this phone
            </a>
          </p>
          <p>Or copy this address into your calendar app, as a calendar to subscribe to. Keep it to yourself: anyone with it can see your visits.</p>
          <p className="break-all rounded-lg bg-paper p-3 font-mono text-sm">{feed}</p>
          <p>
            <a href="/admin/diary/reset-link" className="btn-secondary">
              Reset calendar link
            </a>
          </p>
        </CardSection>
      </div>
    </>
  );
}
