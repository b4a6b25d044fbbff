/**
 * Publishing the owner's edits inside the running server (decision 16): every public page is
 * rendered with the new content through the same React Router handler that prerenders them at
 * build, into a folder of its own under DATA_DIR/site/; each page must answer as it should and
 * carry structured data that parses; the social pictures that show the facts are drawn again and
 * every text file compressed. Only then is the version recorded in the database and the new set
 * put in place of the live one, in one step. A failure anywhere before that leaves the live site
 * untouched, and says which page failed and why.
 *
 * At start the server serves the newest recorded version whose folder is complete and was made
 * by this build; otherwise it renders that version again before it listens.
 *
 * One at a time: a publish, the load at start and the render again after a closure notice ends
 * each wait for the one before to finish, so two sets are never made or put live at once and the
 * live set is always one whole version, the newest recorded. A publish whose draft moved on while
 * it waited (the one before published it, or a newer draft was saved) is refused as stale before
 * it renders anything.
 */
import { randomBytes } from "node:crypto";
import { existsSync, renameSync, rmSync } from "node:fs";
import { link, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { Content } from "../app/content/load.ts";
import type { Pictures } from "../app/lib/pictures/picture-set.ts";
import type { PublishOutcome, SitePublisher, UnseenStage } from "../app/lib/services/publisher.ts";
import { requestContextsOf } from "./app.ts";
import { buildSocialImages } from "./social-images.ts";
import { compressDir, PUBLISH_QUALITY } from "./compress.ts";
import { COMPLETE_MARKER, loadStaticSite, pageFile, type StaticSite } from "./static-site.ts";

/** The address React Router renders the not-found page for. */
const NOT_FOUND_PATH = "/__not-found__";
/** Published folders kept besides the live one, for a look back; older ones are removed. */
const KEEP_VERSIONS = 3;

export interface PublisherOptions {
  build: ServerBuild;
  /** The build's static files (assets and pictures stay the build's). */
  clientDir: string;
  dataDir: string;
  /** The live file set the HTTP handler serves; a publish replaces its contents in one step. */
  site: StaticSite;
  /** Every prerendered page path. */
  pagePaths: string[];
  /** SITE_URL: the origin pages are rendered for. */
  origin: string;
  /**
   * Called as each version goes live (at start and at each publish), with its content, in the
   * same turn of the event loop as its pages: the server answers with it from then on.
   */
  onLive?: (content: Content) => void;
  /** The owner's uploaded pictures, which a page may show; none unless given. */
  pictures?: Pictures;
  /** Renders one request with its context; the build's handler unless a test puts another in its place. */
  render?: (request: Request, context: RouterContextProvider) => Promise<Response>;
}

/** A recorded version, to serve. */
export interface RecordedVersion {
  id: number;
  content: Content;
}

export class PublishError extends Error {
  readonly page: string;
  constructor(page: string, problem: string) {
    super(problem);
    this.page = page;
  }
}

/** The build a version's folder was made by: a new build renders every version again. */
function buildId(build: ServerBuild): string {
  return build.assets.version;
}

/** Checks a rendered page's structured data: every JSON-LD block parses and names a schema.org type. */
function checkStructuredData(html: string): string | undefined {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  for (const block of blocks) {
    let data: unknown;
    try {
      data = JSON.parse(block);
    } catch (error) {
      return `its structured data does not parse (${error instanceof Error ? error.message : error})`;
    }
    const items = Array.isArray(data) ? data : [data];
    for (const item of items as Record<string, unknown>[]) {
      if (item["@context"] !== "https://schema.org") return "its structured data has no schema.org @context";
      if (!item["@type"] && !item["@graph"]) return "its structured data names no @type";
    }
  }
  return undefined;
}

export function createPublisher(options: PublisherOptions) {
  const handler = createRequestHandler(options.build, "production");
  const render = options.render ?? handler;
  const contexts = requestContextsOf(options.build);
  const siteDir = path.join(options.dataDir, "site");
  const cacheDir = path.join(options.dataDir, "cache", "social-images");
  const versionDir = (version: number) => path.join(siteDir, `v${version}`);

  /** The turn of the last piece of work queued: each runs once the one before has finished. */
  let turn: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = turn.then(work);
    turn = run.catch(() => undefined);
    return run;
  }

  /** One page, rendered with `content`: handed to it through its context, as the server hands the published one. */
  function renderPath(pagePath: string, content: Content) {
    const context = new RouterContextProvider();
    context.set(contexts.content, content);
    if (options.pictures) context.set(contexts.pictures, options.pictures);
    return render(new Request(new URL(pagePath, options.origin)), context);
  }

  /** Every public page and file, rendered with `content` into `dir`, checked, pictured and compressed. */
  async function renderSet(content: Content, dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    const pages = [...options.pagePaths, "/sitemap.xml", "/robots.txt", NOT_FOUND_PATH];
    for (const pagePath of pages) {
      let response: Response;
      try {
        response = await renderPath(pagePath, content);
      } catch (error) {
        throw new PublishError(pagePath, `it could not be rendered (${error instanceof Error ? error.message : error})`);
      }
      const expected = pagePath === NOT_FOUND_PATH ? 404 : 200;
      if (response.status !== expected) throw new PublishError(pagePath, `it answered ${response.status}, not ${expected}`);
      const body = await response.text();
      if (pagePath.endsWith(".xml") || pagePath.endsWith(".txt")) {
        await writeFile(path.join(dir, pagePath.slice(1)), body);
        continue;
      }
      const problem = checkStructuredData(body);
      if (problem) throw new PublishError(pagePath, problem);
      const file = pagePath === NOT_FOUND_PATH ? path.join(dir, "404.html") : pageFile(dir, pagePath);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    }
    await buildSocialImages(dir, cacheDir, content.business.name, content.business.phone.display, options.clientDir);
    await compressDir(dir, PUBLISH_QUALITY);
  }

  /** The live version's folder, once a version is live. */
  let liveDir: string | undefined;

  /** Puts a complete version's folder in place of the live set, in one step. */
  async function goLive(content: Content, dir: string) {
    const next = await loadStaticSite(options.clientDir, options.pagePaths, dir);
    // Both in the same turn of the event loop: no request sees the one without the other.
    Object.assign(options.site, next);
    liveDir = dir;
    options.onLive?.(content);
  }

  /** The files of `from` linked into `to` (a version's files are never written once made, so they can be shared). */
  async function linkTree(from: string, to: string) {
    await mkdir(to, { recursive: true });
    for (const entry of await readdir(from, { withFileTypes: true })) {
      const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
      if (entry.isDirectory()) await linkTree(source, target);
      else await link(source, target);
    }
  }

  /**
   * A version whose pages are the live ones (see SitePublisher.stageUnseen): staged in its turn,
   * which it holds until `live` or `discard`. Without a live folder yet (the build's own pages are
   * served), no folder is made: the server's next start renders the version, as for any version
   * whose folder is missing.
   */
  function stageUnseen(): Promise<UnseenStage> {
    return new Promise<UnseenStage>((staged, failed) => {
      void inTurn(
        () =>
          new Promise<void>((release) => {
            const work = async () => {
              const from = liveDir && existsSync(liveDir) ? liveDir : undefined;
              const staging = from && path.join(siteDir, `.staging-${randomBytes(6).toString("hex")}`);
              if (from && staging) await linkTree(from, staging);
              let ended = false;
              const end = () => {
                ended = true;
                release();
              };
              staged({
                live(version, content) {
                  if (ended) return;
                  try {
                    if (staging) {
                      rmSync(versionDir(version), { recursive: true, force: true });
                      renameSync(staging, versionDir(version));
                      liveDir = versionDir(version);
                    }
                  } catch (error) {
                    console.error(`The folder of version ${version} could not be made; the next start renders it: ${error instanceof Error ? error.message : error}`);
                  } finally {
                    options.onLive?.(content);
                    end();
                  }
                },
                discard() {
                  if (ended) return;
                  if (staging) rmSync(staging, { recursive: true, force: true });
                  end();
                },
              });
            };
            work().catch((error: unknown) => {
              release();
              failed(error);
            });
          }),
      );
    });
  }

  /** Removes half-made folders and all but the newest few versions. */
  async function tidy(keep: number) {
    const names = existsSync(siteDir) ? await readdir(siteDir) : [];
    const versions = names.filter((name) => /^v\d+$/.test(name)).sort((a, b) => Number(b.slice(1)) - Number(a.slice(1)));
    for (const name of [...names.filter((n) => n.startsWith(".staging-")), ...versions.filter((n) => n !== `v${keep}`).slice(KEEP_VERSIONS)]) {
      await rm(path.join(siteDir, name), { recursive: true, force: true });
    }
  }

  /**
   * Serves a recorded version, rendering it again when its folder is not whole or was made by
   * another build, or when `force` asks. Only ever called in its turn.
   */
  async function load(version: RecordedVersion | undefined, force: boolean) {
    await tidy(version?.id ?? 0);
    if (!version) return;
    const dir = versionDir(version.id);
    const marker = path.join(dir, COMPLETE_MARKER);
    const current = !force && existsSync(marker) && (await readFile(marker, "utf8")) === buildId(options.build);
    if (!current) {
      // Killed before it was complete, or made by an earlier build: rendered again from the record.
      const staging = path.join(siteDir, `.staging-${randomBytes(6).toString("hex")}`);
      await renderSet(version.content, staging);
      await writeFile(path.join(staging, COMPLETE_MARKER), buildId(options.build));
      await rm(dir, { recursive: true, force: true });
      await rename(staging, dir);
    }
    await goLive(version.content, dir);
  }

  /**
   * Also: `loadAtStart` serves a recorded version (see `load`); `renderAgain` renders the live
   * version again in its turn (a closure notice that has ended), reading it only once its turn
   * has come, so that a publish just before is never undone by an older version's pages.
   */
  const publisher: SitePublisher & {
    loadAtStart(version: RecordedVersion | undefined, force?: boolean): Promise<void>;
    renderAgain(read: () => RecordedVersion | undefined): Promise<number | undefined>;
  } = {
    pageCount: () => options.pagePaths.length,

    async preview(pagePath, content) {
      const response = await renderPath(pagePath, content);
      return response;
    },

    publish(content, record, current): Promise<PublishOutcome> {
      return inTurn(() => (current && !current() ? Promise.resolve({ ok: false, reason: "stale" } as const) : publishNow(content, record)));
    },

    stageUnseen,

    loadAtStart: (version, force = false) => inTurn(() => load(version, force)),

    renderAgain: (read) =>
      inTurn(async () => {
        const version = read();
        if (version) await load(version, true);
        return version?.id;
      }),
  };

  /** Renders, checks, records and puts live one set: only ever called in its turn. */
  async function publishNow(content: Content, record: () => number | undefined): Promise<PublishOutcome> {
    const started = performance.now();
    const staging = path.join(siteDir, `.staging-${randomBytes(6).toString("hex")}`);
    try {
      await renderSet(content, staging);
      await writeFile(path.join(staging, COMPLETE_MARKER), buildId(options.build));
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      if (error instanceof PublishError) return { ok: false, reason: "failed", page: error.page, problem: error.message };
      return { ok: false, reason: "failed", page: "(the set)", problem: error instanceof Error ? error.message : String(error) };
    }
    const version = record();
    if (version === undefined) {
      await rm(staging, { recursive: true, force: true });
      return { ok: false, reason: "stale" };
    }
    await rm(versionDir(version), { recursive: true, force: true });
    await rename(staging, versionDir(version));
    await goLive(content, versionDir(version));
    await tidy(version);
    return { ok: true, version, pages: options.pagePaths.length, ms: Math.round(performance.now() - started) };
  }
  return publisher;
}
