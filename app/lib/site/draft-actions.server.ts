/**
 * The draft's own actions (decision 28): Publish and Discard draft on Your site (/admin/site), and
 * Undo on the published versions (/admin/site/versions). Each carries the draft revision its page
 * was shown (`from`). Publish renders every page before it answers, so it is done in `prepare`; the
 * version and its audit line are recorded in the publish's own transaction (decision 16).
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { answer, defineAction, done, redirectTo, type Finding } from "../actions/define.ts";
import type { FieldErrors } from "../forms/fields.ts";
import { revision, text, UNKNOWN_BUTTON } from "../forms/parse-form.ts";
import { parseRecordId } from "../forms/record-id.ts";
import { STALE_DRAFT } from "./draft.server.ts";
import { publishDraft, type PublishQuestion } from "./publish-draft.server.ts";
import { restoreConfirmation } from "./undo.ts";
import { currentDraft, discardSiteDraft, restoreVersion, saveSiteDraft } from "./versions.server.ts";

/** What Your site and the versions' page show again after a refused post. */
export interface DraftAnswer {
  error?: string;
  failed?: { page: string; problem: string };
  question?: PublishQuestion;
}

const refused = (errors: FieldErrors<string>): DraftAnswer => ({ error: errors.intent ?? UNKNOWN_BUTTON });

/** Publish, from Your site or any short page's bar; a draft that would turn every visitor away asks first. */
export const sitePublish = defineAction({
  name: "site.publish",
  intent: "publish",
  schema: z.object({ from: revision(), confirmation: text() }),
  refused,
  prepare: ({ from, confirmation }, { store, services, content, actor, passkeyId }) => publishDraft(store, services.publisher, content, { from, confirmation, author: actor, passkeyId }),
  apply: (_, _applying, published) => {
    if (published.ok) return done(`/admin/site?published=${published.version}&ms=${published.ms}`);
    const { status, error, failed, question } = published;
    return answer({ error, failed, question } satisfies DraftAnswer, status);
  },
});

/** Discard draft: the live site stays as it is. */
export const siteDiscard = defineAction({
  name: "site.discard",
  intent: "discard",
  schema: z.object({ from: revision() }),
  refused,
  apply: ({ from }, { store, actor }) => {
    if (currentDraft(store).revision !== from) return answer({ error: STALE_DRAFT } satisfies DraftAnswer, 409);
    discardSiteDraft(store, actor);
    return done("/admin/site?discarded");
  },
});

/** The version Undo names (0: the facts the site was built with); one that is not a number does not exist. */
function undoneVersion({ form }: Finding): number {
  const version = parseRecordId(form.get("version"));
  if (version === undefined) throw data(null, { status: 404 });
  return version;
}

/**
 * Undo: an earlier version copied into the draft. Only the question's own button does it
 * (`confirmed`): a bare or replayed Undo asks the question.
 */
export const siteUndo = defineAction({
  name: "site.undo",
  intent: "restore",
  find: undoneVersion,
  early: (form, { target: version }) => (form.get("confirmed") === restoreConfirmation(version) ? undefined : redirectTo(`/admin/site/versions?undo=${version}#undo-question`)),
  schema: z.object({ from: revision() }),
  refused,
  apply: ({ from }, { store, target: version, actor }) => {
    // Version 0 is the facts the site was built with: no edits at all.
    const restored = version === 0 ? saveSiteDraft(store, {}, { from, author: actor }) : restoreVersion(store, version, { from, author: actor });
    if (!restored) throw data(null, { status: 404 });
    if (!restored.ok) return answer({ error: STALE_DRAFT } satisfies DraftAnswer, 409);
    return done("/admin/site?restored");
  },
});

export const DRAFT_ACTIONS = [sitePublish, siteDiscard, siteUndo];
