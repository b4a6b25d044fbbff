/**
 * Your site (/admin/site): what is live, the waiting draft and what publishing it changes (with
 * Preview, Publish and Discard draft), what still holds a placeholder, and the short pages where
 * each part of the site is changed. Every short page saves into the one draft; this page
 * publishes it, in seconds, or asks first when it would turn every visitor away. Works without
 * JavaScript.
 */
import { CardSection } from "~/components/CardSection.tsx";
import { Notices } from "~/components/owner/Notices.tsx";
import { PublishAnyway, SiteDraft } from "~/components/owner/SiteDraft.tsx";
import { contentFiles } from "~/content/index.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { noticeOf } from "~/lib/owner/notices.ts";
import { exactTime } from "~/lib/time/ago.ts";
import { contentOf, servicesOf, storeOf } from "~/lib/services/services.ts";
import { contentWith, SAVED } from "~/lib/site/draft.server.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import type { DraftAnswer } from "~/lib/site/draft-actions.server.ts";
import { describeChanges } from "~/lib/site/edits.ts";
import { shortPages } from "~/lib/site/overview.ts";
import { notSetYet, placeholders } from "~/lib/site/placeholders.ts";
import { visitorWarnings } from "~/lib/site/turns-visitors-away.ts";
import { currentDraft, hasChanges, liveVersion } from "~/lib/site/versions.server.ts";
import { TopBar } from "~/components/owner/TopBar.tsx";
import type { Route } from "./+types/site";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Your site");

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const store = storeOf(context);
  const live = liveVersion(store);
  const draft = currentDraft(store);
  const drafted = contentWith(draft.edits);
  const now = contentOf(context);
  const shown = "content" in drafted ? drafted.content : now;
  const pages = servicesOf(context).publisher?.pageCount() ?? 0;
  const published = Number(url.searchParams.get("published"));
  return {
    live: live ? { id: live.id, publishedAt: live.publishedAt, author: live.author } : null,
    draft: {
      revision: draft.revision,
      updatedAt: draft.updatedAt,
      author: draft.author,
      pending: hasChanges(store),
      changes: "content" in drafted ? describeChanges(now, drafted.content, pages) : [],
      problems: "problems" in drafted ? drafted.problems : [],
      warnings: "content" in drafted ? visitorWarnings(drafted.content) : [],
    },
    stillToSet: [...placeholders(shown, contentFiles), ...notSetYet(shown)],
    shortPages: shortPages(shown, live?.id),
    justPublished: published && live?.id === published ? { id: published, seconds: Number(url.searchParams.get("ms")) / 1000 } : null,
    notice: noticeOf(url, {
      saved: SAVED,
      discarded: "Draft discarded. The live site is unchanged.",
      restored: "That version is now your draft: preview it, then publish it to bring it back.",
    }),
  };
}

export const action = (args: Route.ActionArgs) => ownerPost<DraftAnswer>(args, ["site.publish", "site.discard"]);

export default function SitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { live, draft, justPublished, notice, stillToSet } = loaderData;
  return (
    <>
      <TopBar title="Your site" />
      <div className="container-page max-w-3xl space-y-6 py-4">
        {justPublished && (
          <p role="status" className="card py-3 font-semibold text-ok">
            Live ✓ {exactTime(live!.publishedAt)}: version {justPublished.id} is on every page, published in {justPublished.seconds.toFixed(1)} s.
          </p>
        )}
        <Notices notice={notice} />
        {actionData?.error && (
          <div role="alert" className="card space-y-1 py-3 text-danger">
            <p className="font-semibold">{actionData.error}</p>
            {actionData.failed && (
              <p>
                The page {actionData.failed.page} failed: {actionData.failed.problem}.
              </p>
            )}
            {actionData.question && actionData.question.revision === draft.revision && <PublishAnyway question={actionData.question} />}
          </div>
        )}
        <CardSection id="live-heading" title="What is live" className="space-y-3">
          <p>{live ? `Version ${live.id}, published ${exactTime(live.publishedAt)} by ${live.author}.` : "The site as it was built: nothing has been published from here yet."}</p>
          {!draft.pending && <p className="text-muted">Nothing waiting to publish. What you save on the pages below waits here as a draft until you publish it.</p>}
        </CardSection>
        {draft.pending && <SiteDraft draft={draft} />}
        {stillToSet.length > 0 && (
          <CardSection id="still-heading" title="Still to set" className="space-y-3">
            <ul className="space-y-3">
              {stillToSet.map((item) => (
                <li key={item.text}>
                  {item.text}{" "}
                  <a href={item.href} className="link">
                    {item.action}
                  </a>
                </li>
              ))}
            </ul>
          </CardSection>
        )}
        <nav aria-labelledby="pages-heading" className="space-y-3">
          <h2 id="pages-heading" className="text-xl">
            Change your site
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {loaderData.shortPages.map((page) => (
              <li key={page.href} className="card p-4">
                <a href={page.href} className="link text-lg">
                  {page.title}
                </a>
                <p className="mt-1 text-sm text-muted">{page.holds}</p>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
