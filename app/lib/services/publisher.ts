/**
 * How the owner's pages reach the server's publisher (server/publish.ts), which holds the
 * build's request handler and the live file set: registered by the server at start, like the
 * job queue's wake-up.
 */
import type { Content } from "../../content/load.ts";

export type PublishOutcome =
  | { ok: true; version: number; pages: number; ms: number }
  | { ok: false; reason: "stale" }
  | { ok: false; reason: "failed"; page: string; problem: string };

export interface SitePublisher {
  /** How many public pages a publish renders. */
  pageCount(): number;
  /** The public page at `path` rendered with `content`, as the owner previews it. */
  preview(path: string, content: Content): Promise<Response>;
  /**
   * Renders every public page with `content`, checks them, and only then calls `record` (which
   * stores the version and returns its number, or undefined when the draft changed meanwhile)
   * and makes the set live in one step. Anything failing leaves the live site as it was.
   *
   * One publish at a time: a second waits for the one under way, and is then refused as stale
   * without rendering anything when `current` (asked once its turn has come) says its draft
   * moved on meanwhile.
   */
  publish(content: Content, record: () => number | undefined, current?: () => boolean): Promise<PublishOutcome>;
  /**
   * For a version whose content changes no public page (the invoicing facts): waits for its turn,
   * links the live pages into a folder for the new version (nothing is rendered) and holds the
   * turn until the version is recorded (`live`) or not (`discard`), so no other publish runs
   * between. Absent where a server cannot publish that way.
   */
  stageUnseen?(): Promise<UnseenStage>;
}

/** A version with no page of its own, staged: exactly one of `live` or `discard` ends it. */
export interface UnseenStage {
  /** The recorded version (`version`) goes live with `content`: its folder takes the live pages, and the server answers with the content. */
  live(version: number, content: Content): void;
  /** Nothing was recorded: the staged folder goes. */
  discard(): void;
}
