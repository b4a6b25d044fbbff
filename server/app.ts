/**
 * The HTTP handler: prerendered pages and assets from memory, the redirects that keep every page
 * at one address, and the React Router app for form posts, the not-found page and the owner's
 * area (/admin, rendered per request).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { PHOTO_LIMITS, type Upload } from "../app/lib/photos/photos.server.ts";
import type { RequestContexts, Services } from "../app/lib/services/services.ts";
import { bufferedLog, loggedPath } from "./access-log.ts";
import { cspFor, SECURITY_HEADERS } from "./headers.ts";
import { currentOwner } from "../app/lib/owner/auth.server.ts";
import { discardUpload, photosTooLarge, readMultipart, RequestRefused, type UploadLimits } from "./multipart.ts";
import { JOB_PHOTO_LIMITS } from "../app/lib/photos/job-photos.server.ts";
import { postTargets } from "./post-targets.ts";
import { closeAfterAnswer, readBody } from "./request-body.ts";
import { decodablePath, readRequestTarget, UNDECODABLE_PATH_PAGE } from "./request-target.ts";
import { postFromSite, refusedPostPage } from "./same-origin.ts";
import { referenceParam } from "../app/lib/forms/reference.ts";
import type { StaticFile, StaticSite } from "./static-site.ts";
import { readFile } from "node:fs/promises";
import path from "node:path";

export const MAX_BODY_BYTES = 32 * 1024;
/** A form with photos: 5 of 10 MB and the fields. */
export const MAX_UPLOAD_BYTES = PHOTO_LIMITS.requestBytes;

/** A request's page in the owner's area, whose Add photos takes the photos of the job. */
const REQUEST_PAGE = /^\/admin\/requests\/\d+$/;

/**
 * What a multipart post may carry: a request's page takes up to 20 photos of the job of 25 MB
 * each, photo by photo, from the signed-in owner alone; every other form (the quote form, the
 * gallery), and anyone not signed in, 5 of 10 MB, or none. The session is looked at before a
 * byte of the body is read, so nobody signed out can make the server write half a gigabyte.
 */
function uploadLimitsOf(pathname: string, signedIn: () => boolean): UploadLimits {
  return REQUEST_PAGE.test(pathname) && signedIn() ? { ...JOB_PHOTO_LIMITS, eachFile: true } : PHOTO_LIMITS;
}

export interface AppOptions {
  site: StaticSite;
  build: ServerBuild;
  /** The services made once at start-up, handed to every loader and action. */
  services: Services;
  log?: (line: string) => void;
  /** Decides whether a form post from this client may go ahead (rate limit). */
  allowPost?: (clientAddress: string) => boolean;
  /** Decides whether a passkey sign-in step from this client may go ahead (rate limit). */
  allowSignIn?: (clientAddress: string) => boolean;
  healthy?: () => boolean;
  /** The HTML answered to a form post over the rate limit, made when needed: it shows the phone number published now. */
  tooManyRequestsPage?: () => string;
  /** Take the client address from X-Forwarded-For (set only behind a trusted proxy). */
  trustProxy?: boolean;
  /** Where photos posted with a form are kept while the request is handled. */
  uploadDir: string;
  /** The owner's gallery pictures (app/lib/site/pictures.server.ts), served at /images/uploads/. */
  picturesDir?: string;
  /** Told of every public page answered (200 or 304) and every page not found, to count them (server/visits.ts). */
  served?: (what: "page" | "not found", req: IncomingMessage, url: URL, client: string) => void;
}

/** The owner's pictures' files: `{g or the project}-{id}-{width}.{hash}.{avif|webp|jpg}`, nothing else. */
// `g-…`, or named by its project ("roof-repairs-in-hitchin-after-…"): letters, digits and single hyphens only.
const PICTURE_FILE = /^\/images\/uploads\/((?:g|[a-z0-9]+(?:-[a-z0-9]+){0,12})-[0-9a-f]{12}-\d{1,5}\.[0-9a-f]{10}\.(avif|webp|jpg))$/;
const PICTURE_TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };

function pickEncoding(file: StaticFile, accept: string): "br" | "gzip" | undefined {
  if (file.br && /\bbr\b/.test(accept)) return "br";
  if (file.gzip && /\bgzip\b/.test(accept)) return "gzip";
  return undefined;
}

function setCommonHeaders(res: ServerResponse) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

/** The owner's area: signed-in pages rendered per request, never prerendered. */
const OWNER_AREA = /^\/admin(\/|$)/;
/**
 * A customer's page, quote, review or survey booking link, or the owner's calendar feed: for one person, rendered
 * per request like the owner's pages.
 */
const QUOTE_LINK = /^\/(c|q|review|calendar|book)\//;
/**
 * The same links in any case the router takes: their token must not leave in a Referer, so they
 * answer `no-referrer` (and the browser then sends their own forms with `Origin: null`).
 */
const PRIVATE_LINK = /^\/(c|q|review|calendar|book)\//i;
/** The passkey ceremonies' endpoints: sign-in attempts, rate limited on their own. */
const SIGN_IN_STEPS = /^\/admin\/webauthn\//;

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
/**
 * A link's `ping` (text/ping, body "PING") is taken at one address only: the request page's Call,
 * E-mail and WhatsApp links, which record the owner's first answer (routes/admin/answered.ts).
 */
const PING = /^text\/ping\b/i;
const ANSWERED = /^\/admin\/requests\/\d+\/answered$/;
const MULTIPART = /^multipart\/form-data\b/i;

/** The context keys of the built app (app/entry.server.tsx): the server sets its services with the app's own objects. */
export function requestContextsOf(build: ServerBuild): RequestContexts {
  const contexts = (build.entry.module as { requestContexts?: RequestContexts }).requestContexts;
  if (!contexts) throw new Error("The built app does not export its request contexts (app/entry.server.tsx): build it again");
  return contexts;
}

export function createApp(options: AppOptions) {
  const { site, build } = options;
  const handleRequest = createRequestHandler(build, "production");
  const contexts = requestContextsOf(build);
  const targetOf = postTargets(build.routes);
  const log = options.log ?? bufferedLog();

  function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile, status = 200) {
    res.setHeader("Content-Type", file.type);
    res.setHeader("Cache-Control", file.immutable ? "public, max-age=31536000, immutable" : "no-cache");
    res.setHeader("ETag", file.etag);
    res.setHeader("Last-Modified", file.lastModified);
    if (file.csp) res.setHeader("Content-Security-Policy", file.csp);
    if (file.br || file.gzip) res.setHeader("Vary", "Accept-Encoding");
    const match = req.headers["if-none-match"];
    if (status === 200 && match && match.split(",").some((tag) => tag.trim() === file.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = pickEncoding(file, String(req.headers["accept-encoding"] ?? ""));
    const body = encoding ? file[encoding]! : file.body;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = status;
    res.end(req.method === "HEAD" ? undefined : body);
  }

  async function sendAppResponse(req: IncomingMessage, res: ServerResponse, response: Response) {
    res.statusCode = response.status;
    for (const [name, value] of response.headers) {
      if (name === "set-cookie") continue;
      res.setHeader(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) res.setHeader("Set-Cookie", cookies);
    const type = response.headers.get("content-type") ?? "";
    if (type.startsWith("text/html")) {
      const html = await response.text();
      res.setHeader("Content-Security-Policy", cspFor(html));
      res.setHeader("Cache-Control", "no-store");
      res.removeHeader("content-length");
      res.end(req.method === "HEAD" ? undefined : html);
      return;
    }
    if (!response.headers.has("cache-control")) res.setHeader("Cache-Control", "no-store");
    const body = Buffer.from(await response.arrayBuffer());
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  async function toApp(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body?: Buffer,
    overrides: Record<string, string | null> = {},
    extras: { upload?: Upload; client?: string } = {},
  ) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    }
    for (const [name, value] of Object.entries(overrides)) {
      if (value === null) headers.delete(name);
      else headers.set(name, value);
    }
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    const request = new Request(url, {
      method: req.method,
      headers,
      body: body && body.length ? new Uint8Array(body) : undefined,
      signal: controller.signal,
    });
    // What the action needs beside the request travels in React Router's load context.
    const context = new RouterContextProvider();
    context.set(contexts.services, options.services);
    context.set(contexts.upload, extras.upload);
    if (extras.client) context.set(contexts.clientAddress, extras.client);
    // The content published now, read once for the whole request: its loaders and its page agree.
    context.set(contexts.content, options.services.content());
    context.set(contexts.pictures, options.services.pictures);
    const response = await handleRequest(request, context);
    await sendAppResponse(req, res, response);
  }

  /** An owner's picture from disk: its name holds its content's hash, so it is cached for a year. */
  async function sendPicture(req: IncomingMessage, res: ServerResponse, file: string, type: string) {
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return sendStatic(req, res, site.notFound, 404);
    }
    res.statusCode = 200;
    res.setHeader("Content-Type", type);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** An HTML page the server answers itself, with its Content-Security-Policy. */
  function sendPage(res: ServerResponse, status: number, html: string, extra: Record<string, string> = {}) {
    res.statusCode = status;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Security-Policy", cspFor(html));
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.end(html);
  }

  function sendPlain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
    res.statusCode = status;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.end(text);
  }

  function redirectPermanently(res: ServerResponse, location: string) {
    res.statusCode = 301;
    res.setHeader("Location", location);
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.end();
  }

  /**
   * The scheme the visitor used. Behind a TLS proxy the connection to us is plain HTTP; the
   * proxy says what the visitor used in X-Forwarded-Proto. React Router compares it with the
   * Origin of a form post, so a wrong scheme would refuse every post.
   */
  function scheme(req: IncomingMessage): "http" | "https" {
    if (options.trustProxy) {
      const forwarded = String(req.headers["x-forwarded-proto"] ?? "").split(",")[0]!.trim();
      if (forwarded === "https" || forwarded === "http") return forwarded;
    }
    return "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  }

  /**
   * A multipart post (the quote form, which can carry photos): the text fields go on to the app as
   * an ordinary form, the photos wait on disk for the action, and are removed once it answered.
   */
  async function multipartToApp(req: IncomingMessage, res: ServerResponse, url: URL, client: string, overrides: Record<string, string | null>) {
    const limits = uploadLimitsOf(url.pathname, () => currentOwner(options.services.store, new Request(url, { headers: { cookie: String(req.headers.cookie ?? "") } })) !== undefined);
    if (Number(req.headers["content-length"] ?? 0) > limits.requestBytes) throw photosTooLarge();
    const form = await readMultipart(req, { uploadDir: options.uploadDir, maxFieldBytes: MAX_BODY_BYTES, limits });
    res.on("close", () => void discardUpload(form.upload));
    return toApp(
      req,
      res,
      url,
      Buffer.from(form.fields.toString()),
      { ...overrides, "content-type": "application/x-www-form-urlencoded;charset=UTF-8", "content-length": null },
      { upload: form.upload, client },
    );
  }

  /** The client's address: the connection's, or behind a trusted proxy the one it forwards. */
  function clientOf(req: IncomingMessage): string {
    const forwarded = options.trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",").pop()?.trim() : "";
    return forwarded || req.socket.remoteAddress || "unknown";
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const origin = `${scheme(req)}://${req.headers.host ?? "localhost"}`;
    const target = readRequestTarget(req.url ?? "/");
    let url: URL;
    try {
      url = new URL(target.pathname + target.search, origin);
    } catch {
      return sendPlain(res, 400, "Bad request");
    }
    const method = req.method ?? "GET";
    const pathname = url.pathname;
    if (PRIVATE_LINK.test(pathname)) res.setHeader("Referrer-Policy", "no-referrer");
    // Before anything reads it as a route: React Router would log it whole, with any token in it.
    if (!decodablePath(pathname)) return sendPage(res, 400, UNDECODABLE_PATH_PAGE, { "Referrer-Policy": "no-referrer" });

    // Another spelling of a path (`//contact`, `/a/../contact`, `\contact`): one 301 to the
    // page's canonical address, so no page answers at a second address. Forms post only to
    // canonical paths, so anything else is not found.
    if (!target.canonical) {
      if (method !== "GET" && method !== "HEAD") return sendPlain(res, 404, "Not found");
      return redirectPermanently(res, `${site.redirects.get(pathname) ?? pathname}${url.search}`);
    }

    if (pathname === "/healthz") {
      if (method !== "GET" && method !== "HEAD") return sendPlain(res, 405, "Method not allowed", { Allow: "GET, HEAD" });
      const ok = options.healthy ? options.healthy() : true;
      return sendPlain(res, ok ? 200 : 503, ok ? "ok" : "database unavailable");
    }

    if (method === "GET" || method === "HEAD") {
      if (OWNER_AREA.test(pathname) || QUOTE_LINK.test(pathname)) return toApp(req, res, url);
      const picture = PICTURE_FILE.exec(pathname);
      if (picture && options.picturesDir) return sendPicture(req, res, path.join(options.picturesDir, picture[1]!), PICTURE_TYPES[picture[2]!]!);
      const file = site.files.get(pathname);
      // A quote form's answer (?sent=K-1042): the page rendered with the request's reference.
      if (file && file.type.startsWith("text/html") && referenceParam(url.search)) return toApp(req, res, url);
      if (file) {
        sendStatic(req, res, file);
        if (file.type.startsWith("text/html")) options.served?.("page", req, url, clientOf(req));
        return;
      }
      const canonical = site.redirects.get(pathname);
      if (canonical) return redirectPermanently(res, `${canonical}${url.search}`);
      // Every page the site has is prerendered, so any other address is not found.
      sendStatic(req, res, site.notFound, 404);
      if (!PRIVATE_LINK.test(pathname)) options.served?.("not found", req, url, clientOf(req));
      return;
    }

    if (method === "POST") {
      // Where the app would take the post: every form takes it only from the site's own pages
      // (server/same-origin.ts); a page without a form takes none.
      const post = targetOf(pathname, url.search);
      if (post.area === "customer") res.setHeader("Referrer-Policy", "no-referrer");
      const from = { origin: req.headers.origin, fetchSite: req.headers["sec-fetch-site"] as string | undefined };
      if (!postFromSite(post.area, from, origin)) return sendPage(res, 403, refusedPostPage(post.area));
      // Taken from the customer's own page under no-referrer: React Router refuses `Origin: null`.
      const overrides: Record<string, string | null> = from.origin === "null" ? { origin: null } : {};
      const type = String(req.headers["content-type"] ?? "");
      if (PING.test(type) && ANSWERED.test(pathname)) {
        await readBody(req, MAX_BODY_BYTES);
        // What the ping says is all in its address: the app gets an empty form.
        return toApp(req, res, url, Buffer.alloc(0), { "content-type": "application/x-www-form-urlencoded", "content-length": null });
      }
      if (!FORM_TYPES.test(type)) return sendPlain(res, 415, "Send the form as application/x-www-form-urlencoded or multipart/form-data");
      if (!post.action) return sendPlain(res, 405, "Method not allowed", { Allow: "GET, HEAD" });
      const client = clientOf(req);
      if (SIGN_IN_STEPS.test(pathname) && options.allowSignIn && !options.allowSignIn(client)) {
        console.warn("Passkey sign-in refused: too many attempts from one address");
        return sendPlain(res, 429, "Too many sign-in attempts. Try again in a minute.", { "Retry-After": "60" });
      }
      // The owner's own changes are behind sign-in; the visitors' form limit is not theirs.
      if (post.area !== "owner" && options.allowPost && !options.allowPost(client)) {
        return sendPage(res, 429, options.tooManyRequestsPage?.() ?? "Something went wrong. Please try calling us directly.", { "Retry-After": "60" });
      }
      if (MULTIPART.test(type)) return multipartToApp(req, res, url, client, overrides);
      const body = await readBody(req, MAX_BODY_BYTES);
      return toApp(req, res, url, body, overrides, { client });
    }

    const allow = targetOf(pathname, url.search).action ? "GET, HEAD, POST" : "GET, HEAD";
    return sendPlain(res, 405, "Method not allowed", { Allow: allow });
  }

  return async function handler(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    setCommonHeaders(res);
    closeAfterAnswer(req, res);
    res.on("finish", () => {
      const ms = (performance.now() - started).toFixed(1);
      log(`${req.method} ${loggedPath(req.url ?? "/")} ${res.statusCode} ${ms}ms`);
    });
    try {
      await route(req, res);
    } catch (error) {
      const status = error instanceof RequestRefused ? error.status : 500;
      if (status === 500) console.error(error);
      if (res.headersSent) res.end();
      else if (error instanceof RequestRefused && error.page) sendPage(res, status, error.page);
      else sendPlain(res, status, error instanceof RequestRefused ? error.message : "Something went wrong");
    }
  };
}
