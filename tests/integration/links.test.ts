/** No broken internal link anywhere: every link of every page leads to a page that exists. */
import { afterAll, beforeAll, expect, it } from "vitest";
import { aliasPaths, canonicalPaths } from "../../app/content/index.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => (server = await startServer()));
afterAll(() => server.stop());

it("every internal link and fragment of every page resolves, without a redirect", { timeout: 60_000 }, async () => {
  const pages = [...canonicalPaths(), ...aliasPaths(), "/no-such-page"];
  const html = new Map<string, string>();
  const load = async (path: string) => {
    if (!html.has(path)) html.set(path, await (await fetch(`${server.url}${path}`)).text());
    return html.get(path)!;
  };
  const broken: string[] = [];
  const checked = new Map<string, number>();
  for (const page of pages) {
    const body = await load(page);
    const targets = [...body.matchAll(/<(?:a|link)\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    for (const target of targets) {
      if (/^(https?:|tel:|mailto:)/.test(target)) continue;
      if (target.startsWith("#")) {
        if (!body.includes(`id="${target.slice(1)}"`)) broken.push(`${page} → ${target} (no element)`);
        continue;
      }
      const url = new URL(target, `${server.url}${page}`);
      const path = url.pathname + url.search;
      if (!checked.has(path)) checked.set(path, (await fetch(`${server.url}${path}`, { redirect: "manual" })).status);
      if (checked.get(path) !== 200) {
        broken.push(`${page} → ${target} (${checked.get(path)})`);
        continue;
      }
      if (url.hash && !url.pathname.match(/\.(css|svg|ico)$/)) {
        const id = decodeURIComponent(url.hash.slice(1));
        if (!(await load(url.pathname)).includes(`id="${id}"`)) broken.push(`${page} → ${target} (no element #${id})`);
      }
    }
  }
  expect(broken).toEqual([]);
  expect(checked.size).toBeGreaterThan(50);
});
