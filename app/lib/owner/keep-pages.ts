/**
 * The part of the owner's service worker that keeps his pages for no signal (issue 36 §1,
 * docs/decisions/0034). Written as a function that is type-checked and served as its text
 * (service-worker.ts), so it uses nothing from outside itself.
 *
 * - Pages are kept in a cache named after the session's id (the `X-Owner-Keep` header every
 *   signed-in page carries). A page from the server without it (the sign-in page, after signing
 *   out or when the session ended) empties every kept page; a new session's id does too.
 * - With signal, a kept page is fetched as usual and its copy renewed. The list of pages to keep
 *   is fetched again when a page asks (`{ type: "keep" }`), at most once every 5 minutes, within
 *   5 MB, with the stylesheet and scripts the pages name, and the thumbnails of the photos they
 *   show: photos are kept as thumbnails only, never large.
 * - With no signal, a kept page opens with the bar "No signal. Showing what you had at …"; a page
 *   not kept opens the app's own page (/admin/offline), never the browser's.
 * - On Background Sync (`sync`, tag owner-outbox), it tells the open owner pages to send the
 *   outbox, or sends it itself when none is open.
 */
export function keepPages(self: KeepScope) {
  const META = "owner-kept";
  const PAGES = "owner-pages-";
  const LIMIT = 5 * 1024 * 1024;
  const EVERY = 5 * 60 * 1000;
  const KEEP = "X-Owner-Keep";
  const KEPT_AT = "X-Kept-At";
  // `forgotten` counts each emptying, so a keeping under way when the session ends stops short.
  const busy: { refresh: Promise<void> | null; forgotten: number } = { refresh: null, forgotten: 0 };

  interface Meta {
    key: string | null;
    refreshedAt: number;
  }

  async function readMeta(): Promise<Meta> {
    const kept = await (await caches.open(META)).match("/admin/kept.json");
    return kept ? ((await kept.json()) as Meta) : { key: null, refreshedAt: 0 };
  }
  async function writeMeta(meta: Meta) {
    await (await caches.open(META)).put("/admin/kept.json", new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }));
  }
  async function forgetAll() {
    busy.forgotten++;
    for (const name of await caches.keys()) if (name === META || name.startsWith(PAGES)) await caches.delete(name);
  }
  /** A signed-in answer named this session: another session's pages go first. */
  async function sessionSeen(key: string): Promise<Meta> {
    const meta = await readMeta();
    if (meta.key === key) return meta;
    await forgetAll();
    const fresh = { key, refreshedAt: 0 };
    await writeMeta(fresh);
    return fresh;
  }
  async function keepCopy(cache: Cache, path: string, response: Response): Promise<number> {
    const body = await response.blob();
    const headers = new Headers({ "Content-Type": response.headers.get("Content-Type") ?? "text/html; charset=utf-8", [KEPT_AT]: new Date().toISOString() });
    await cache.put(path, new Response(body, { status: 200, headers }));
    return body.size;
  }

  /** "Sat 28 Nov, 10:42" in UK time, as the app writes times (lib/time/words.ts, dayAndTime). */
  function timeWords(at: Date): string {
    const sameYear = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric" });
    const options: Intl.DateTimeFormatOptions = { timeZone: "Europe/London", weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    if (sameYear.format(at) !== sameYear.format(new Date())) options.year = "numeric";
    return new Intl.DateTimeFormat("en-GB", options).format(at).replace(/^(\p{L}+),/u, "$1");
  }

  /** A kept page as it opens with no signal: the bar under the top bar says from when. */
  async function withBar(kept: Response): Promise<Response> {
    const at = new Date(kept.headers.get(KEPT_AT) ?? Date.now());
    const bar = `<p class="border-b border-amber-700 bg-amber-50 px-4 py-2 font-semibold" role="status" data-offline-bar="">No signal. Showing what you had at ${timeWords(at)}.</p>`;
    let html = await kept.text();
    const main = html.indexOf("<main");
    const header = html.indexOf("</header>", main);
    const at2 = header >= 0 ? header + "</header>".length : html.indexOf(">", main) + 1;
    if (main >= 0) html = html.slice(0, at2) + bar + html.slice(at2);
    return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }

  /** With no signal: the kept page, or the app's own page for one not kept. */
  async function offline(url: URL): Promise<Response> {
    const meta = await readMeta();
    if (meta.key) {
      const cache = await caches.open(PAGES + meta.key);
      const search = new URLSearchParams(url.search);
      search.delete("saved");
      const plain = url.pathname + (search.size ? `?${search}` : "");
      const kept = (await cache.match(url.pathname + url.search)) ?? (await cache.match(plain));
      if (kept) return withBar(kept);
      const page = await cache.match("/admin/offline");
      if (page) return new Response(await page.text(), { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    return new Response(
      `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not saved on your phone</title></head>` +
        `<body><main id="main"><h1>Not saved on your phone</h1><p>This page was not saved on your phone. It opens when you have signal.</p>` +
        `<ul><li><a href="/admin">Open requests</a></li><li><a href="/admin/diary">Open the diary</a></li></ul></main></body></html>`,
      { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  }

  async function navigate(request: Request, url: URL, waitUntil: (work: Promise<unknown>) => void): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(request);
    } catch {
      return offline(url);
    }
    // A redirect says nothing of the session; the page it leads to will.
    if (response.type === "basic" && response.ok && /text\/html/.test(response.headers.get("Content-Type") ?? "")) {
      const key = response.headers.get(KEEP);
      const copy = response.clone();
      waitUntil(
        (async () => {
          if (!key) return forgetAll();
          await sessionSeen(key);
          const cache = await caches.open(PAGES + key);
          const path = url.pathname + url.search;
          if (await cache.match(path)) await keepCopy(cache, path, copy);
        })(),
      );
    }
    return response;
  }

  /** The stylesheet and scripts a page names, kept beside it. */
  function assetsOf(html: string): string[] {
    return [...html.matchAll(/(?:href|src)="(\/(?:assets|js)\/[^"?#]+|\/favicon\.svg)"/g)].map((match) => match[1]!);
  }

  /** The thumbnails of the photos a page shows (the visitor's and the job's): the only photos kept. */
  function thumbnailsOf(html: string): string[] {
    return [...html.matchAll(/src="(\/admin\/job-photos\/[^"/?]+\/thumb|\/admin\/photos\/[^"/?]+\?size=thumb)"/g)].map((match) => match[1]!);
  }
  const isThumbnail = (url: URL) => /^\/admin\/job-photos\/[^/]+\/thumb$/.test(url.pathname) || (/^\/admin\/photos\/[^/]+$/.test(url.pathname) && url.search === "?size=thumb");

  async function refresh(force: boolean) {
    const meta = await readMeta();
    if (!force && Date.now() - meta.refreshedAt < EVERY) return;
    let list: { pages: string[] };
    let key: string | null;
    try {
      const answer = await fetch("/admin/offline/pages.json", { headers: { "X-Owner-Keeping": "1" }, cache: "no-store" });
      key = answer.headers.get(KEEP);
      if (!key || !answer.ok) return void (await forgetAll());
      list = (await answer.json()) as { pages: string[] };
    } catch {
      return;
    }
    await sessionSeen(key);
    const epoch = busy.forgotten;
    const cache = await caches.open(PAGES + key);
    const kept = new Set<string>();
    const assets = new Set<string>();
    let used = 0;
    for (const path of list.pages) {
      let answer: Response;
      try {
        answer = await fetch(path, { headers: { "X-Owner-Keeping": "1" }, cache: "no-store", redirect: "manual" });
      } catch {
        return; // the signal went: what was kept stays, the rest next time
      }
      if (answer.status !== 200 || answer.headers.get(KEEP) !== key) continue;
      const html = await answer.clone().text();
      if (used + html.length > LIMIT) break;
      if (epoch !== busy.forgotten) return;
      used += await keepCopy(cache, path, answer);
      kept.add(path);
      for (const asset of [...assetsOf(html), ...thumbnailsOf(html)]) assets.add(asset);
    }
    for (const asset of assets) {
      if (await cache.match(asset)) continue;
      try {
        const answer = await fetch(asset);
        if (!answer.ok) continue;
        const body = await answer.blob();
        if (used + body.size > LIMIT || epoch !== busy.forgotten) continue;
        used += body.size;
        await cache.put(asset, new Response(body, { headers: { "Content-Type": answer.headers.get("Content-Type") ?? "" } }));
      } catch {
        return;
      }
    }
    // Pages no longer kept (a request closed, a quote sent) and old assets go.
    for (const request of await cache.keys()) {
      const path = new URL(request.url).pathname + new URL(request.url).search;
      if (!kept.has(path) && !assets.has(path)) await cache.delete(request);
    }
    if (epoch === busy.forgotten) await writeMeta({ key, refreshedAt: Date.now() });
  }

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    const url = new URL(request.url);
    if (request.method !== "GET" || url.origin !== self.location.origin) return;
    if (request.mode === "navigate" && /^\/admin(\/|$)/.test(url.pathname)) {
      event.respondWith(navigate(request, url, (work) => event.waitUntil(work)));
    } else if (/^\/(assets|js)\//.test(url.pathname) || url.pathname === "/favicon.svg" || isThumbnail(url)) {
      event.respondWith(
        (async () => {
          try {
            return await fetch(request);
          } catch {
            return (await caches.match(url.pathname + url.search)) ?? Response.error();
          }
        })(),
      );
    }
  });

  self.addEventListener("message", (event) => {
    const data = event.data as { type?: string; force?: boolean } | null;
    if (data?.type === "keep") {
      busy.refresh ??= refresh(Boolean(data.force)).finally(() => (busy.refresh = null));
      event.waitUntil(busy.refresh);
    } else if (data?.type === "forget") {
      event.waitUntil(forgetAll());
    }
  });

  // Background Sync, where the browser has it: the signal is back. An open owner page sends the
  // outbox (enhance/owner-offline.ts), as it does on `online` and on its next load; with none
  // open, the worker sends it itself (enhance/outbox-worker.ts, imported by the worker).
  self.addEventListener("sync", (event) => {
    if (event.tag !== "owner-outbox") return;
    event.waitUntil(
      (async () => {
        const owners = (await self.clients.matchAll({ type: "window", includeUncontrolled: true })).filter((client) => new URL(client.url).pathname.startsWith("/admin"));
        for (const client of owners) client.postMessage({ type: "send" });
        // Left waiting ("again": no answer came), the browser fires sync again later.
        // A classic worker (a browser without module workers) has no sender: the next page load sends.
        if (!owners.length && self.ownerOutbox && (await self.ownerOutbox.send()) === "again") throw new Error("The outbox could not be sent yet.");
      })(),
    );
  });
}

/** The parts of the service worker's global scope keeping pages uses. */
export interface KeepScope {
  location: { origin: string };
  addEventListener(type: "fetch", listener: (event: { request: Request; respondWith(answer: Promise<Response>): void; waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown; waitUntil(work: Promise<unknown>): void }) => void): void;
  addEventListener(type: "sync", listener: (event: { tag: string; waitUntil(work: Promise<unknown>): void }) => void): void;
  clients: { matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<{ url: string; postMessage(message: unknown): void }[]> };
  /** The outbox's sender (enhance/outbox-worker.ts). */
  ownerOutbox?: { send(): Promise<"done" | "again"> };
}
