/**
 * Publishing the owner's draft from Your site: checked as the build would, asked about once more
 * when it would turn every visitor away, and then handed to the server's publisher, one publish
 * at a time.
 *
 * The question is asked without state: the Publish anyway button carries a confirmation made from
 * the draft itself (its revision, the version it was made from and its edits). Only a POST with
 * the confirmation of the draft as it is now publishes such a draft; a plain Publish, replayed or
 * repeated, only asks again, and changes nothing that would cancel a question already on screen.
 */
import { createHash } from "node:crypto";
import type { Content } from "../../content/load.ts";
import type { Db } from "../db/connection.server.ts";
import { contentWith, STALE_DRAFT } from "./draft.server.ts";
import { describeChanges } from "./edits.ts";
import type { SitePublisher } from "../services/publisher.ts";
import { visitorWarnings } from "./turns-visitors-away.ts";
import { currentDraft, liveVersion, recordPublish, type SiteDraft } from "./versions.server.ts";

/** What the Publish anyway button carries: the draft revision it confirms, and a digest of that draft. */
export function publishConfirmation(draft: Pick<SiteDraft, "revision" | "basedOn" | "edits">): string {
  const digest = createHash("sha256").update(JSON.stringify([draft.basedOn, draft.revision, draft.edits])).digest("hex").slice(0, 16);
  return `revision-${draft.revision}-${digest}`;
}

/** The question a publish that would turn every visitor away asks first. */
export interface PublishQuestion {
  revision: number;
  confirmation: string;
  warnings: string[];
}

export type PublishResult =
  | { ok: true; version: number; ms: number }
  | { ok: false; status: 400 | 409 | 500 | 503; error: string; failed?: { page: string; problem: string }; question?: PublishQuestion };

const refused = (status: 400 | 409 | 500 | 503, error: string): PublishResult => ({ ok: false, status, error });

/**
 * Publishes the draft made from revision `from`, when it is still the draft and, if it must be,
 * confirmed. `published`: the content published now, which the version's summary compares it with.
 */
export async function publishDraft(store: Db, publisher: SitePublisher | undefined, published: Content, options: { from: number; confirmation: unknown; author: string; passkeyId?: number }): Promise<PublishResult> {
  if (!publisher) return refused(503, "Publishing is not available on this server.");
  const draft = currentDraft(store);
  if (draft.revision !== options.from) return refused(409, STALE_DRAFT);
  const checked = contentWith(draft.edits);
  if ("problems" in checked) return refused(400, `The draft does not pass the content checks: ${checked.problems.join("; ")}`);
  const confirmation = publishConfirmation(draft);
  const warnings = visitorWarnings(checked.content);
  if (warnings.length > 0 && options.confirmation !== confirmation) {
    return {
      ok: false,
      status: 409,
      error: "Nothing was published: this draft would turn every visitor away.",
      question: { revision: draft.revision, confirmation, warnings },
    };
  }
  const liveBefore = liveVersion(store)?.id;
  // Still this very draft: not saved again, discarded, or published by a publish before this one.
  const same = () => publishConfirmation(currentDraft(store)) === confirmation;
  const summary = describeChanges(published, checked.content, publisher.pageCount());
  const outcome = await publisher.publish(
    checked.content,
    () => (same() ? recordPublish(store, { edits: draft.edits, from: options.from, author: options.author, passkeyId: options.passkeyId, summary }) : undefined),
    same,
  );
  if (outcome.ok) return { ok: true, version: outcome.version, ms: outcome.ms };
  if (outcome.reason === "failed") return { ok: false, status: 500, error: "Nothing was published: the live site is unchanged.", failed: { page: outcome.page, problem: outcome.problem } };
  const live = liveVersion(store)?.id;
  if (live !== undefined && live !== liveBefore) return refused(409, `Another publish was under way and went live first (version ${live}). Nothing more was published.`);
  return refused(409, STALE_DRAFT);
}
