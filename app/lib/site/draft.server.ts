/**
 * The one way every page of Your site reads and saves the draft: the content the edits make,
 * checked by the content files' own loader, and a save refused when the draft moved on meanwhile.
 */
import { contentFiles } from "../../content/index.ts";
import { ContentError, loadContent, type Content } from "../../content/load.ts";
import { applyEdits, type SiteEdits } from "./edits.ts";
import { problemInWords } from "./problems.ts";
import { visitorWarnings } from "./turns-visitors-away.ts";
import { currentDraft, hasChanges, saveSiteDraft } from "./versions.server.ts";
import { noticeOf } from "../owner/notices.ts";
import type { Db } from "../db/connection.server.ts";

/** Said wherever a save or publish was made from a page the draft has moved on from. */
export const STALE_DRAFT = "Someone saved a newer draft on another device since this page was opened. Reload the page, then make your change again.";

/** Said on every page of Your site once a save went into the draft. */
export const SAVED = "Draft saved. Preview it, then publish it to make it live.";

/** The content the edits make, or the content checks' problems in the owner's words. */
export function contentWith(edits: SiteEdits): { content: Content } | { problems: string[] } {
  const raw = applyEdits(contentFiles, edits);
  try {
    return { content: loadContent(raw) };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.details.map((problem) => problemInWords(problem, raw)) };
    throw error;
  }
}

/** The draft's content (the live content while there is no draft). */
export function draftContent(store: Db): Content {
  return loadContent(applyEdits(contentFiles, currentDraft(store).edits));
}

/** What every page of Your site shows of the draft: the revision a save starts from, whether one waits to be published, and what it would do to every visitor. */
export interface DraftState {
  revision: number;
  waiting: boolean;
  warnings: string[];
}

export function draftState(store: Db): DraftState {
  const draft = currentDraft(store);
  const waiting = hasChanges(store);
  const drafted = waiting ? contentWith(draft.edits) : undefined;
  return { revision: draft.revision, waiting, warnings: drafted && "content" in drafted ? visitorWarnings(drafted.content) : [] };
}

/** What the frame of a page of Your site shows (components/owner/SitePage.tsx): the draft, and "Draft saved" after a save. */
export function siteFrame(store: Db, url: URL): { draft: DraftState; notice: string | undefined } {
  return { draft: draftState(store), notice: noticeOf(url, { saved: SAVED }) };
}

/** Checks the edits as the build would, then saves them as the draft made from revision `from`. */
export function saveCheckedDraft(store: Db, edits: SiteEdits, options: { from: number; author: string }): { ok: true } | { ok: false; status: 400 | 409; error: string } {
  const checked = contentWith(edits);
  if ("problems" in checked) return { ok: false, status: 400, error: `Nothing was saved: the site's checks found a problem. ${checked.problems.join(". ")}.` };
  const saved = saveSiteDraft(store, edits, options);
  return saved.ok ? { ok: true } : { ok: false, status: 409, error: STALE_DRAFT };
}
