/**
 * A publish changes the live site whole or not at all. The publisher is driven directly with the
 * real build and its request handler, a page failing on purpose mid-way: the live files stay
 * byte-identical and nothing is recorded. A server killed mid-publish serves, after its restart,
 * the last complete version; a version folder left incomplete is rendered again at start.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aliasPaths, canonicalPaths, contentFiles } from "~/content/index.ts";
import { loadContent } from "~/content/load.ts";
import { applyEdits } from "~/lib/site/edits.ts";
import { createPublisher } from "../../server/publish.ts";
import { loadStaticSite, type StaticSite } from "../../server/static-site.ts";
import { openStore, signedInOwner } from "../support/owner.ts";
import { keepPictures, lendPictures, postForm, ROOT, startServer } from "../support/server.ts";

const clientDir = path.join(ROOT, "build/client");
const pagePaths = [...canonicalPaths(), ...aliasPaths()];
const NEW_PHONE = { display: "01462 555777", e164: "+441462555777" };
const changed = loadContent(applyEdits(contentFiles, { business: { phone: NEW_PHONE } }));

let build: ServerBuild;
let dataDir: string;
beforeAll(async () => {
  build = (await import(pathToFileURL(path.join(clientDir, "../server/index.js")).href)) as ServerBuild;
  dataDir = mkdtempSync(path.join(tmpdir(), "publish-"));
  lendPictures(dataDir);
});
// The social pictures a publish here drew serve the test servers' publishes after it.
afterEach(() => keepPictures(dataDir));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const bodies = (site: StaticSite) => new Map([...site.files].map(([url, file]) => [url, file.body.toString("base64")]));

describe("a publish that fails mid-way", () => {
  it("leaves every live file byte-identical, records nothing, and names the page and why", async () => {
    const site = await loadStaticSite(clientDir, pagePaths);
    const before = bodies(site);
    const notFoundBefore = site.notFound.body.toString("base64");
    const handler = createRequestHandler(build, "production");
    let rendered = 0;
    const publisher = createPublisher({
      build,
      clientDir,
      dataDir,
      site,
      pagePaths,
      origin: "https://www.example.com",
      render: (request) => {
        rendered += 1;
        return new URL(request.url).pathname === "/gallery" ? Promise.reject(new Error("the renderer broke")) : handler(request);
      },
    });
    let recorded = false;
    const outcome = await publisher.publish(changed, () => {
      recorded = true;
      return 1;
    });
    expect(outcome).toEqual({ ok: false, reason: "failed", page: "/gallery", problem: "it could not be rendered (the renderer broke)" });
    expect(rendered, "it failed part way through the set").toBeGreaterThan(1);
    expect(recorded).toBe(false);
    expect(bodies(site)).toEqual(before);
    expect(site.notFound.body.toString("base64")).toBe(notFoundBefore);
    expect(readdirSync(path.join(dataDir, "site")), "no folder is left behind").toEqual([]);
  });

  it("refuses a page whose structured data does not parse", async () => {
    const site = await loadStaticSite(clientDir, pagePaths);
    const before = bodies(site);
    const handler = createRequestHandler(build, "production");
    const publisher = createPublisher({
      build,
      clientDir,
      dataDir,
      site,
      pagePaths,
      origin: "https://www.example.com",
      render: async (request) => {
        const response = await handler(request);
        if (new URL(request.url).pathname !== "/contact") return response;
        const broken = (await response.text()).replace('<script type="application/ld+json">{', '<script type="application/ld+json">{{');
        return new Response(broken, { status: response.status, headers: response.headers });
      },
    });
    const outcome = await publisher.publish(changed, () => 1);
    expect(outcome).toMatchObject({ ok: false, page: "/contact", problem: expect.stringMatching(/^its structured data does not parse/) });
    expect(bodies(site)).toEqual(before);
  });

  it("and the same publisher, working, puts the whole new set live at once", async () => {
    const site = await loadStaticSite(clientDir, pagePaths);
    const publisher = createPublisher({ build, clientDir, dataDir, site, pagePaths, origin: "https://www.example.com" });
    const outcome = await publisher.publish(changed, () => 7);
    expect(outcome).toMatchObject({ ok: true, version: 7, pages: pagePaths.length });
    for (const pagePath of pagePaths) expect(site.files.get(pagePath)!.body.toString(), pagePath).toContain(`tel:${NEW_PHONE.e164}`);
    expect(site.notFound.body.toString()).toContain(NEW_PHONE.display);
    expect(existsSync(path.join(dataDir, "site/v7/COMPLETE"))).toBe(true);
  });
});

describe("a server killed mid-publish", { timeout: 90_000 }, () => {
  it("serves the last complete version after its restart, and renders an incomplete version's folder again", async () => {
    const server = await startServer();
    const { cookie } = signedInOwner(server.dataDir);
    const owner = (fields: Record<string, string>, page = "/admin/site") => postForm(server, page, fields, { Cookie: cookie });
    const from = async () => Number(/name="from" value="(\d+)"/.exec(await (await fetch(`${server.url}/admin/site/contact`, { headers: { Cookie: cookie } })).text())![1]);
    const before = await (await fetch(`${server.url}/`)).text();
    const { factValues } = await import("~/lib/site/facts-form.ts");
    expect((await owner({ from: String(await from()), ...factValues(changed.business), phone: NEW_PHONE.display }, "/admin/site/contact")).status).toBe(303);

    // Publish, and kill the server the moment its staging folder appears.
    const siteDir = path.join(server.dataDir, "site");
    const publishing = owner({ intent: "publish", from: String(await from()) }).catch(() => undefined);
    const staging = () => existsSync(siteDir) && readdirSync(siteDir).some((name) => name.startsWith(".staging-"));
    for (let i = 0; i < 1000 && !staging(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(staging(), "killed while the publish was under way").toBe(true);
    await server.stop("SIGKILL");
    await publishing;

    let again = await startServer({}, server.dataDir);
    try {
      expect(await (await fetch(`${again.url}/`)).text(), "the site as it was before the publish").toBe(before);
      expect(readdirSync(siteDir).filter((name) => name.startsWith(".staging-")), "the half-made folder is gone").toEqual([]);

      // Published properly, then its folder left incomplete (the marker lost): rendered again at start.
      const { cookie: second } = signedInOwner(again.dataDir, "Second phone");
      const revision = Number(/name="from" value="(\d+)"/.exec(await (await fetch(`${again.url}/admin/site/contact`, { headers: { Cookie: second } })).text())![1]);
      const published = await postForm(again, "/admin/site", { intent: "publish", from: String(revision) }, { Cookie: second });
      expect(published.headers.get("location")).toMatch(/published=1/);
      await again.stop();
      rmSync(path.join(siteDir, "v1", "COMPLETE"));
      again = await startServer({}, server.dataDir);
      const home = await (await fetch(`${again.url}/`)).text();
      expect(home).toContain(`tel:${NEW_PHONE.e164}`);
      expect(existsSync(path.join(siteDir, "v1", "COMPLETE"))).toBe(true);
    } finally {
      await again.stop();
    }
  });
});

describe("one publish at a time", () => {
  /** The most `.staging-` folders seen at once in `siteDir` while `work` runs. */
  async function mostStagingAtOnce<T>(siteDir: string, work: Promise<T>): Promise<{ result: T; most: number }> {
    let most = 0;
    let done = false;
    const watching = (async () => {
      while (!done) {
        if (existsSync(siteDir)) most = Math.max(most, readdirSync(siteDir).filter((name) => name.startsWith(".staging-")).length);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const result = await work.finally(() => (done = true));
    await watching;
    return { result, most };
  }

  it("two publishes at once on the server: one goes live whole, the other waits and is refused", async () => {
    const server = await startServer();
    try {
      const { cookie } = signedInOwner(server.dataDir);
      const owner = (fields: Record<string, string>, page = "/admin/site") => postForm(server, page, fields, { Cookie: cookie });
      const { factValues } = await import("~/lib/site/facts-form.ts");
      const revision = async () => /name="from" value="(\d+)"/.exec(await (await fetch(`${server.url}/admin/site/contact`, { headers: { Cookie: cookie } })).text())![1]!;
      expect((await owner({ from: await revision(), ...factValues(changed.business), phone: NEW_PHONE.display }, "/admin/site/contact")).status).toBe(303);
      const from = await revision();

      const siteDir = path.join(server.dataDir, "site");
      const { result, most } = await mostStagingAtOnce(siteDir, Promise.all([owner({ intent: "publish", from }), owner({ intent: "publish", from })]));
      expect(most, "never two sets made at once").toBe(1);
      const statuses = result.map((response) => response.status).sort();
      expect(statuses).toEqual([303, 409]);
      const refused = result.find((response) => response.status === 409)!;
      expect((await refused.text()).replaceAll("<!-- -->", "")).toContain("Another publish was under way and went live first (version 1). Nothing more was published.");

      const store = openStore(server.dataDir);
      expect(store.db.prepare("SELECT COUNT(*) AS n FROM site_versions").get(), "one version recorded").toEqual({ n: 1 });
      store.close();
      expect(readdirSync(siteDir), "one version's folder").toEqual(["v1"]);
      for (const pagePath of pagePaths) {
        const html = await (await fetch(`${server.url}${pagePath}`)).text();
        expect(html, pagePath).toContain(`tel:${NEW_PHONE.e164}`);
        expect(html, `${pagePath}: never the old number`).not.toContain(`tel:${loadContent(contentFiles).business.phone.e164}`);
      }
    } finally {
      await server.stop();
    }
  }, 180_000);

  it("the pages rendered again after a closure notice ends wait for a publish under way, and then show what it published", async () => {
    const site = await loadStaticSite(clientDir, pagePaths);
    const dir = mkdtempSync(path.join(tmpdir(), "publish-turn-"));
    lendPictures(dir);
    try {
      const publisher = createPublisher({ build, clientDir, dataDir: dir, site, pagePaths, origin: "https://www.example.com" });
      let live = { id: 1, content: loadContent(contentFiles) };

      // The publish starts first; the re-render is asked for while it is under way.
      const publishing = publisher.publish(changed, () => {
        live = { id: 2, content: changed };
        return 2;
      });
      const rendering = publisher.renderAgain(() => live);
      const { result, most } = await mostStagingAtOnce(path.join(dir, "site"), Promise.all([publishing, rendering]));
      expect(result[0]).toMatchObject({ ok: true, version: 2 });
      expect(result[1], "it read the live version once its turn came").toBe(2);
      expect(most).toBe(1);
      for (const pagePath of pagePaths) expect(site.files.get(pagePath)!.body.toString(), pagePath).toContain(`tel:${NEW_PHONE.e164}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
