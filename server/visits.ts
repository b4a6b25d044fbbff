/**
 * Counting page views where they are served (app/lib/visits/): what the server hands the counter
 * of each public page it answered, and the pass that writes the counts every few seconds, behind
 * visitors like the other background work.
 */
import type { IncomingMessage } from "node:http";
import type { Db } from "../app/lib/db/connection.server.ts";
import { SESSION_COOKIE } from "../app/lib/owner/auth.server.ts";
import { isLiveSession } from "../app/lib/owner/sessions.server.ts";
import { VisitCounter } from "../app/lib/insights/counter.server.ts";
import { Passes, type Turns } from "../app/lib/jobs/visitors-first.ts";

/** A file that is not a page (a picture, a style, a page's data): never a page not found. */
const NOT_A_PAGE = /\.(data|json|js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|webmanifest|pdf|br|gz)$/i;

/** How often what was counted is written: a view shows in Insights within 5 s. */
export const VISIT_FLUSH_MS = 2_000;

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** The counter, the hook the HTTP handler calls, and `stop`, which writes what is left. */
export function countVisits(store: Db, turns: Turns) {
  const counter = new VisitCounter(store);
  const writes = new Passes(async () => {
    if (counter.pending) counter.flush();
    return false;
  }, turns);
  const timer = setInterval(() => void writes.run().catch((error: unknown) => console.error("Page views not written yet:", error)), VISIT_FLUSH_MS);
  timer.unref();

  let failed = false;
  /** Counting never delays or fails a page: an error is logged once, with nothing of the visitor. */
  function served(what: "page" | "not found", req: IncomingMessage, url: URL, client: string) {
    try {
      count(what, req, url, client);
    } catch (error) {
      if (failed) return;
      failed = true;
      console.error(`Page views: a ${what} could not be counted (${error instanceof Error ? error.message : String(error)}); later failures are not logged`);
    }
  }

  function count(what: "page" | "not found", req: IncomingMessage, url: URL, client: string) {
    if (url.pathname === "/404.html" || NOT_A_PAGE.test(url.pathname)) return;
    const token = cookieValue(req.headers.cookie, SESSION_COOKIE);
    const visit = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: {
        "user-agent": req.headers["user-agent"],
        referer: req.headers.referer,
        "sec-purpose": req.headers["sec-purpose"] as string | undefined,
        purpose: req.headers.purpose as string | undefined,
      },
      address: client,
      host: req.headers.host ?? "",
      // Looked up only when the cookie is sent: the owner's own visits are left out.
      owner: token !== undefined && isLiveSession(store, token),
    };
    if (what === "page") counter.view(visit);
    else counter.notFound(visit);
  }

  async function stop() {
    clearInterval(timer);
    await writes.stop();
    if (counter.pending) counter.flush();
  }

  return { served, stop };
}
