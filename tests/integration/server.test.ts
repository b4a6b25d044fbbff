/** The production server: the spec's URLs exactly, real statuses, strict headers, caching. */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aliasPaths, canonicalPaths } from "../../app/content/index.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
beforeAll(async () => (server = await startServer()));
afterAll(() => server.stop());

const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

/**
 * A raw request, so that no client adds or strips anything: fetch always asks for gzip, and
 * normalises the path (`//x`, `/./x`, backslashes) before sending it. The target goes out as given.
 */
function raw(method: string, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: server.port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("URLs and statuses", () => {
  it("serves every canonical and second service path with 200 and no redirect", async () => {
    for (const path of [...canonicalPaths(), ...aliasPaths()]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
    }
  });

  it.each([
    ["/contact/", "/contact"],
    ["/services/?ref=footer", "/services?ref=footer"],
    ["/hertfordshire/", "/hertfordshire"],
    ["/roof-repairs-in-stevenage/", "/roof-repairs-in-stevenage"],
    ["/areas/roofers-in-watford", "/areas/roofers-in-watford/"],
    ["/areas/roofers-in-totteridge-and-whetstone?utm_source=x&b=2", "/areas/roofers-in-totteridge-and-whetstone/?utm_source=x&b=2"],
  ])("redirects %s to %s with 301", async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  it.each(["/no-such-page", "/areas/roofers-in-atlantis/", "/areas/roofers-in-atlantis", "/areas/watford/", "/areas/roofers-in-Watford/", "/areas/", "/services/roofing-magic", "/hertfordshire/extra", "/kent", "/roof-repairs-in-luton"])(
    "answers %s with the not-found page and 404",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
    },
  );

  it("answers a path whose %-escape cannot be decoded (/%E0%A4%A) with 400 and a page saying so", async () => {
    const response = await get("/%E0%A4%A");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("<h1>This address cannot be read</h1>");
  });

  describe("a request target is a path, never another host", () => {
    it.each([
      ["//contact", "/contact"],
      ["//anything/contact", "/anything/contact"],
      ["///anything/areas/roofers-in-hitchin/", "/anything/areas/roofers-in-hitchin/"],
      ["//areas/roofers-in-hitchin", "/areas/roofers-in-hitchin/"],
      ["//contact/?ref=x", "/contact?ref=x"],
      ["/\\anything/contact", "/anything/contact"],
      ["/areas\\roofers-in-hitchin/", "/areas/roofers-in-hitchin/"],
      ["/./contact", "/contact"],
      ["/services/../contact", "/contact"],
      ["/../../areas/roofers-in-hitchin/", "/areas/roofers-in-hitchin/"],
      ["/%2e%2e/contact", "/contact"],
      ["/.//evil.example/contact", "/evil.example/contact"],
    ])("answers GET %s with one 301 to the path %s", async (target, location) => {
      const response = await raw("GET", target);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe(location);
      expect(response.body.length).toBe(0);
    });

    it("lands on the page itself when the path is one, and on the not-found page when not", async () => {
      for (const [target, status] of [["//contact", 200], ["//areas/roofers-in-hitchin", 200], ["//anything/contact", 404]] as const) {
        const location = String((await raw("GET", target)).headers.location);
        expect((await raw("GET", location)).status, target).toBe(status);
      }
    });

    it.each(["/areas%2Froofers-in-hitchin/", "/areas%2froofers-in-hitchin/", "/%2Fcontact", "/contact%5C"])("answers %s, an encoded slash, with 404", async (target) => {
      const response = await raw("GET", target);
      expect(response.status).toBe(404);
      expect(response.body.toString()).toContain("Oops! Page not found");
    });

    const post = (target: string) => raw("POST", target, { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url });

    it.each(["//contact", "//anything/contact", "/./contact", "/api/../contact"])("answers a form post to %s with 404, storing nothing", async (target) => {
      const before = server.rows().length;
      expect((await post(target)).status).toBe(404);
      expect(server.rows().length).toBe(before);
    });

    it.each(["/api%2Fcontact", "/api%2fcontact"])("answers a form post to %s as to any unknown path, storing nothing", async (target) => {
      const before = server.rows().length;
      const unknown = await post("/no-such-form");
      const response = await post(target);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBe(unknown.status);
      expect(server.rows().length).toBe(before);
    });
  });

  it("answers HEAD wherever GET works, with no body", async () => {
    for (const [path, status] of [["/", 200], ["/contact", 200], ["/no-such-page", 404], ["/contact/", 301]] as const) {
      const response = await raw("HEAD", path);
      expect(response.status, path).toBe(status);
      expect(response.body.length, path).toBe(0);
    }
  });

  it("answers methods a path does not take with 405 and Allow", async () => {
    for (const [method, path] of [["PUT", "/"], ["DELETE", "/contact"], ["PATCH", "/areas/roofers-in-watford/"], ["OPTIONS", "/sitemap.xml"]]) {
      const response = await raw(method!, path!);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow, `${method} ${path}`).toMatch(/GET, HEAD/);
    }
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists every canonical page once, never a second service path, each with lastmod", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs.sort()).toEqual([...canonicalPaths()].sort());
    for (const alias of aliasPaths()) expect(locs).not.toContain(alias);
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(locs.length);
  });

  it("every sitemap URL answers 200 and names itself canonical", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const response = await get(new URL(loc!).pathname);
      expect(response.status, loc).toBe(200);
      const html = await response.text();
      expect(html, loc).toContain(`<link rel="canonical" href="${loc}"/>`);
    }
  });

  it("robots.txt allows crawling and names the sitemap", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});

describe("headers", () => {
  it("sends a strict Content-Security-Policy with the page's own script hashes", async () => {
    for (const path of ["/", "/contact", "/no-such-page"]) {
      const response = await get(path);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'self'");
      expect(csp, path).toMatch(/form-action 'self'/);
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      const html = await response.text();
      for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/src=|application\/ld\+json/.test(attrs!)) continue;
        const hash = createHash("sha256").update(body!).digest("base64");
        expect(scriptSrc, `${path}: inline script must be allowed by hash`).toContain(`'sha256-${hash}'`);
      }
    }
  });

  it("sends the other security headers and no X-Powered-By", async () => {
    for (const path of ["/", "/assets/", "/no-such-page", "/healthz"]) {
      const response = await get(path);
      expect(response.headers.get("strict-transport-security"), path).toMatch(/max-age=31536000/);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(response.headers.has("x-powered-by"), path).toBe(false);
    }
  });
});

describe("caching and compression", () => {
  async function firstAsset(): Promise<string> {
    const html = await (await get("/")).text();
    return html.match(/href="(\/assets\/[^"]+\.css)"/)![1]!;
  }

  it("caches hashed assets and pictures for a year", async () => {
    const css = await firstAsset();
    expect((await get(css)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const html = await (await get("/")).text();
    const picture = html.match(/src="(\/images\/[^"]+)"/)![1]!;
    expect((await get(picture)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("revalidates HTML with an ETag, answering 304 when unchanged", async () => {
    const response = await get("/contact");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get("/contact", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves Brotli or gzip as the client accepts, the same bytes underneath", async () => {
    const plain = await raw("GET", "/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await raw("GET", "/", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await raw("GET", "/", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
  });
});

describe("operations", () => {
  it("answers /healthz when the database is reachable", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  it("logs one line per request with method, path, status and time, and no query string", async () => {
    await get("/contact?email=someone%40example.com");
    expect(server.output()).toMatch(/^GET \/contact 200 \d+\.\dms$/m);
    expect(server.output()).not.toContain("someone");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ SITE_URL: "example.com" }, "SITE_URL"],
    [{ SITE_URL: "https://example.com/shop" }, "SITE_URL"],
    [{ SMTP_URL: "http://mail" , LEADS_NOTIFY_TO: "a@b.co" }, "SMTP_URL"],
    [{ SMTP_URL: "smtp://mail:25", LEADS_NOTIFY_TO: "not an address" }, "LEADS_NOTIFY_TO"],
    [{ FORM_RATE_LIMIT: "0" }, "FORM_RATE_LIMIT"],
    [{ JOBS_POLL_MS: "5" }, "JOBS_POLL_MS"],
    [{ DATA_DIR: "package.json/data" }, "DATA_DIR"],
  ])("refuses to start with %o, naming %s in one line", (env, name) => {
    const result = spawnSync(process.execPath, ["server/index.ts"], { cwd: ROOT, env: { ...process.env, SMTP_URL: "", LEADS_NOTIFY_TO: "", ...env }, encoding: "utf8", timeout: 30_000 });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Cannot start: ${name} `));
  });

  it("on SIGTERM, finishes a request in flight before it stops", async () => {
    const other = await startServer();
    const body = new URLSearchParams({ name: "Late Sender", email: "late@example.org", phone: "01438 111222", address: "", message: "Sent as the server stops" }).toString();
    const answer = new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${other.url}/?index`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Origin: other.url },
      }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        other.process.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    expect(await answer).toBe(303);
    expect(await other.stop()).toBe(0);
    expect(other.rows().map((r) => r.name)).toEqual(["Late Sender"]);
  });

  it("stops cleanly on SIGTERM", async () => {
    const other = await startServer();
    await fetch(`${other.url}/`);
    expect(await other.stop("SIGTERM")).toBe(0);
    expect(other.output()).toContain("SIGTERM");
  });
});
