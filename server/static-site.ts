/**
 * The build's static output held in memory: hashed assets, pictures and the prerendered pages,
 * each with its precompressed copies, content type, ETag and cache rule.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { cspFor } from "./headers.ts";

/** Written last into a published version's folder: without it, the folder is not a whole version. */
export const COMPLETE_MARKER = "COMPLETE";

export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  lastModified: string;
  /** Hashed names never change content: cache them for a year. */
  immutable: boolean;
  /** The page's own Content-Security-Policy (HTML only), with the hashes of its inline scripts. */
  csp?: string;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff2": "font/woff2",
  ".data": "text/x-script",
};

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

export interface StaticSite {
  /** Files by URL path: assets, pictures, robots.txt, sitemap.xml and the pages. */
  files: Map<string, StaticFile>;
  /** The other spelling of a page's path (slash added or removed) → its canonical path. */
  redirects: Map<string, string>;
  /** The not-found page (404.html), answered with 404 to every unknown address. */
  notFound: StaticFile;
}

/** The file a prerendered path was written to. */
export function pageFile(clientDir: string, pagePath: string): string {
  return path.join(clientDir, pagePath.replace(/^\/|\/$/g, ""), "index.html");
}

/**
 * Loads the build's files, with a published version's files over them when `overlayDir` is given:
 * its pages, 404.html, sitemap.xml and social pictures replace the build's (app/lib/site/).
 */
export async function loadStaticSite(clientDir: string, pagePaths: string[], overlayDir?: string): Promise<StaticSite> {
  const files = new Map<string, StaticFile>();
  const redirects = new Map<string, string>();

  const load = async (file: string, urlPath: string) => {
    const body = await readFile(file);
    const ext = path.extname(file);
    const type = TYPES[ext] ?? "application/octet-stream";
    const info = await stat(file);
    const entry: StaticFile = {
      body,
      br: await readOptional(`${file}.br`),
      gzip: await readOptional(`${file}.gz`),
      type,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
      lastModified: info.mtime.toUTCString(),
      immutable: /^\/(assets|images|js)\//.test(urlPath),
      csp: ext === ".html" ? cspFor(body.toString("utf8")) : undefined,
    };
    files.set(urlPath, entry);
  };

  const from = (file: string) => (overlayDir && existsSync(path.join(overlayDir, path.relative(clientDir, file))) ? path.join(overlayDir, path.relative(clientDir, file)) : file);
  const notFoundFile = path.join(clientDir, "404.html");
  try {
    await load(from(notFoundFile), "/404.html");
  } catch {
    throw new Error("The build has no 404.html: run npm run build");
  }
  const notFound = files.get("/404.html")!;
  files.delete("/404.html");
  const pageFiles = new Set<string>([notFoundFile]);
  for (const pagePath of pagePaths) {
    const file = pageFile(clientDir, pagePath);
    pageFiles.add(file);
    try {
      await load(from(file), pagePath);
    } catch {
      throw new Error(`The build has no page for ${pagePath} (expected ${path.relative(process.cwd(), file)}): run npm run build`);
    }
    const other = pagePath.endsWith("/") ? pagePath.slice(0, -1) : `${pagePath}/`;
    if (pagePath !== "/") redirects.set(other, pagePath);
  }

  for (const file of await walk(clientDir)) {
    if (pageFiles.has(file) || file.endsWith(".br") || file.endsWith(".gz")) continue;
    // Left over from prerendering: a page not in the list is not served as a page.
    if (file.endsWith("index.html")) continue;
    await load(file, `/${path.relative(clientDir, file).split(path.sep).join("/")}`);
  }
  // The version's other files (sitemap.xml, robots.txt, social pictures) over the build's.
  if (overlayDir) {
    for (const file of await walk(overlayDir)) {
      const url = `/${path.relative(overlayDir, file).split(path.sep).join("/")}`;
      if (file.endsWith(".br") || file.endsWith(".gz") || file.endsWith("index.html") || url === "/404.html" || path.basename(file) === COMPLETE_MARKER) continue;
      await load(file, url);
    }
  }
  return { files, redirects, notFound };
}
