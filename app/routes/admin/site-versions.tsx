/**
 * Every version the owner published, newest first, and Undo (/admin/site/versions): an earlier
 * version copied forward into the draft, asked about in words first, live only once published.
 */
import { SitePage } from "~/components/owner/SitePage.tsx";
import { SiteVersions } from "~/components/owner/SiteVersions.tsx";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { parseRecordId } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import { draftState } from "~/lib/site/draft.server.ts";
import type { DraftAnswer } from "~/lib/site/draft-actions.server.ts";
import { versionById, versionHistory } from "~/lib/site/versions.server.ts";
import type { Db } from "~/lib/db/connection.server.ts";
import type { Route } from "./+types/site-versions";

const TITLE = "Published versions and Undo";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, TITLE);

/** The version whose Undo was pressed (0: the facts the site was built with), to ask about first. */
function undoAsked(store: Db, param: string | null): number | null {
  const version = parseRecordId(param);
  if (version === undefined) return null;
  return version === 0 || versionById(store, version) ? version : null;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  return {
    history: versionHistory(store).map(({ id, publishedAt, author, summary, restoredFrom }) => ({ id, publishedAt, author, summary, restoredFrom })),
    asking: undoAsked(store, new URL(request.url).searchParams.get("undo")),
    draft: draftState(store),
  };
}

// Only the question's own button replaces the draft: a bare or replayed Undo asks the question.
export const action = (args: Route.ActionArgs) => ownerPost<DraftAnswer>(args, ["site.undo"]);

export default function Versions({ loaderData, actionData }: Route.ComponentProps) {
  const { history, asking, draft } = loaderData;
  return (
    <SitePage title={TITLE} intro="Undo copies an earlier version into your draft: the site changes only when you publish it." draft={draft} error={actionData?.error}>
      <SiteVersions history={history} revision={draft.revision} asking={asking} />
    </SitePage>
  );
}
