/**
 * Every version the owner published, newest first, and Undo (/admin/site/versions): an earlier
 * version copied forward into the draft, asked about in words first, live only once published.
 */
import { data, redirect } from "react-router";
import * as z from "zod/mini";
import { SitePage } from "~/components/owner/SitePage.tsx";
import { restoreConfirmation, SiteVersions } from "~/components/owner/SiteVersions.tsx";
import { readForm } from "~/lib/forms/read-form.server.ts";
import { intents, parseForm, recordId, revision, text } from "~/lib/forms/parse-form.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { parseRecordId } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import { draftState, STALE_DRAFT } from "~/lib/site/draft.server.ts";
import { restoreVersion, saveSiteDraft, versionById, versionHistory } from "~/lib/site/versions.server.ts";
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

// Only the question's own button replaces the draft (`confirmed`): a bare or replayed Undo asks the question.
const undoForm = intents([z.object({ intent: z.literal("restore"), from: revision(), version: recordId(), confirmed: text() })]);

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const store = storeOf(context);
  const posted = parseForm(undoForm, await readForm(request));
  if (!posted.ok) {
    // A version that is not a number is one that does not exist.
    if (posted.errors.version) throw data(null, { status: 404 });
    return data({ error: posted.errors.intent }, { status: 400 });
  }
  const { version, confirmed, from } = posted.value;
  if (confirmed !== restoreConfirmation(version)) return redirect(`/admin/site/versions?undo=${version}#undo-question`, 303);
  // Version 0 is the facts the site was built with: no edits at all.
  const restored = version === 0 ? saveSiteDraft(store, {}, { from, author: owner.name }) : restoreVersion(store, version, { from, author: owner.name });
  if (!restored) throw data(null, { status: 404 });
  if (!restored.ok) return data({ error: STALE_DRAFT }, { status: 409 });
  return redirect("/admin/site?restored", 303);
}

export default function Versions({ loaderData, actionData }: Route.ComponentProps) {
  const { history, asking, draft } = loaderData;
  return (
    <SitePage title={TITLE} intro="Undo copies an earlier version into your draft: the site changes only when you publish it." draft={draft} error={actionData?.error}>
      <SiteVersions history={history} revision={draft.revision} asking={asking} />
    </SitePage>
  );
}
