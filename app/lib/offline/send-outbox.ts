/**
 * Sends the outbox (issue 36 §3) in the order made, one at a time, each with its once-only key:
 * from an open owner page (enhance/owner-offline.ts) and, when the browser wakes the service
 * worker for Background Sync with no owner page open, from the worker itself
 * (enhance/outbox-worker.ts). Nothing here needs a page: the words of an answer are read by the
 * caller's `wordsOfPage` (a page parses the HTML; the worker, which cannot, uses `wordsOfHtml`).
 */
import { outboxDb } from "./outbox-db.ts";
import { heldWords, nextToSend, resultOf, type OutboxItem } from "./outbox.ts";

export interface SendHooks {
  /** What the page the server answered with says first: its alert, its status, its first line. */
  wordsOfPage(html: string): string;
  /** One item was sent ✓ and left the outbox. */
  sent?(item: OutboxItem): void;
  /** The outbox changed (to show it again). */
  changed?(): Promise<void>;
}

/**
 * Sends until nothing more can go. "again" when an answer never came (the signal went, or the
 * answer was lost): the item stays, to be sent again with the same key, which the server applies once.
 */
export async function sendOutbox(hooks: SendHooks): Promise<"done" | "again"> {
  for (;;) {
    const { next, held, ask } = nextToSend(await outboxDb.all());
    for (const { item, by } of held) await outboxDb.put({ ...item, state: "held", reason: heldWords(by), heldBy: by.seq });
    for (const item of ask) await outboxDb.put({ ...item, state: "ask" });
    if (!next) return "done";
    let answer: Response;
    let words = "";
    try {
      // Marked as the outbox's: its answer says where it went and whether it changed anything.
      answer = await fetch(next.url, { method: "POST", body: new URLSearchParams(next.fields), headers: { "X-Owner-Outbox": "1" }, credentials: "same-origin" });
      const location = answer.headers.get("X-Outbox-Location");
      if (!location) words = hooks.wordsOfPage(await answer.text());
      else if (answer.headers.get("X-Nothing-Changed") === "1") words = hooks.wordsOfPage(await (await fetch(location, { credentials: "same-origin" })).text());
    } catch {
      return "again";
    }
    const location = answer.headers.get("X-Outbox-Location");
    const unchanged = answer.headers.get("X-Nothing-Changed") === "1";
    const result = resultOf({ status: answer.status, location, unchanged, finalPath: new URL(answer.url).pathname, words });
    if ("retry" in result) return "done";
    if (result.sent) {
      await outboxDb.remove(next.seq);
      hooks.sent?.(next);
    } else {
      await outboxDb.put({ ...next, state: "failed", reason: result.reason });
    }
    await hooks.changed?.();
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/**
 * What a page says first, read from its HTML without a document (a service worker has none): the
 * text of the first alert in its main, else of its first status, else of its first paragraph.
 */
export function wordsOfHtml(html: string): string {
  const main = html.slice(Math.max(0, html.indexOf("<main")));
  const said = /role="alert"[^>]*>([\s\S]*?)<\/(?:div|p|section|ul)>/.exec(main) ?? /role="status"[^>]*>([\s\S]*?)<\/(?:div|p)>/.exec(main) ?? /<p[^>]*>([\s\S]*?)<\/p>/.exec(main);
  return (said?.[1] ?? "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, " ")
    .trim();
}
