/**
 * The one way every page of Your site reads and saves the draft: the content the edits make,
 * checked by the content files' own loader, and a save refused when the draft moved on meanwhile.
 */
import { contentFiles } from "../../content/index.ts";
import { ContentError, loadContent, type Content } from "../../content/load.ts";
import { applyEdits, type SiteEdits } from "./edits.ts";
import { currentDraft, saveSiteDraft } from "./versions.server.ts";
import type { Db } from "../db/connection.server.ts";

/** Said wherever a save or publish was made from a page the draft has moved on from. */
export const STALE_DRAFT = "Someone saved a newer draft on another device since this page was opened. Reload the page, then make your change again.";

/** The content the edits make, or the content checks' problems. */
export function contentWith(edits: SiteEdits): { content: Content } | { problems: string[] } {
  try {
    return { content: loadContent(applyEdits(contentFiles, edits)) };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems };
    throw error;
  }
}

/** The draft's content (the live content while there is no draft). */
export function draftContent(store: Db): Content {
  return loadContent(applyEdits(contentFiles, currentDraft(store).edits));
}

/** Checks the edits as the build would, then saves them as the draft made from revision `from`. */
export function saveCheckedDraft(store: Db, edits: SiteEdits, options: { from: number; author: string }): { ok: true } | { ok: false; status: 400 | 409; error: string } {
  const checked = contentWith(edits);
  if ("problems" in checked) return { ok: false, status: 400, error: `The content checks found a problem: ${checked.problems.join("; ")}` };
  const saved = saveSiteDraft(store, edits, options);
  return saved.ok ? { ok: true } : { ok: false, status: 409, error: STALE_DRAFT };
}
