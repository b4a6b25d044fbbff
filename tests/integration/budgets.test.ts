/**
 * Byte budgets, checked on the build output (bytes are deterministic): no JavaScript where HTML
 * does the job, a small script on the contact page, a light first load on a phone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aliasPaths, canonicalPaths } from "../../app/content/index.ts";
import { NOT_FOUND_SCRIPT } from "../../app/components/sections/NotFound.tsx";
import { ROOT } from "../support/server.ts";
import { ownerPages } from "../support/owner.ts";

const CLIENT = path.join(ROOT, "build/client");
const KB = 1024;

function pageHtml(pagePath: string): string {
  return readFileSync(path.join(CLIENT, pagePath.replace(/^\/|\/$/g, ""), "index.html"), "utf8");
}

/** The bytes a browser downloads for a file: its Brotli copy when the build made one. */
function transferBytes(urlPath: string): number {
  const file = path.join(CLIENT, urlPath);
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

/** Script elements that hold data for the browser, never run: structured data, speculation rules. */
const DATA_BLOCK = /type="(application\/ld\+json|speculationrules)"/;

function scripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attrs, body]) => ({ attrs: attrs!, body: body! }));
}

describe("JavaScript only where it pays", () => {
  const noScriptPages = [...canonicalPaths(), ...aliasPaths()].filter((p) => p !== "/contact");

  it.each(noScriptPages)("%s ships no JavaScript at all", (pagePath) => {
    const html = pageHtml(pagePath);
    expect(html).not.toMatch(/modulepreload|type="module"|<script[^>]+src=/);
    for (const script of scripts(html)) expect(script.attrs, pagePath).toMatch(DATA_BLOCK);
  });

  it("the not-found page runs only its one-line console message", async () => {
    const { startServer } = await import("../support/server.ts");
    const server = await startServer();
    try {
      const html = await (await fetch(`${server.url}/no-such-page`)).text();
      const run = scripts(html).filter((s) => !DATA_BLOCK.test(s.attrs));
      expect(run.map((s) => s.body)).toEqual([NOT_FOUND_SCRIPT]);
    } finally {
      await server.stop();
    }
  });

  it("the contact page loads at most 120 KB of compressed JavaScript, and runs no inline script", () => {
    const html = pageHtml("/contact");
    const files = scripts(html).filter((s) => !DATA_BLOCK.test(s.attrs));
    expect(files.length).toBeGreaterThan(0);
    let total = 0;
    for (const { attrs, body } of files) {
      expect(body).toBe("");
      const src = attrs.match(/src="([^"]+)"/)![1]!;
      // A script's own imports are bundled into it: nothing else is fetched.
      expect(readFileSync(path.join(CLIENT, src), "utf8")).not.toMatch(/\bimport\s*\(|^import\s/m);
      total += transferBytes(src);
    }
    expect(total).toBeLessThanOrEqual(120 * KB);
  });
});

describe("the owner's area", () => {
  it("no owner page loads more than 100 KB of compressed JavaScript; only the passkey, notifications, quote, invoice, visit form and request pages load one of their own", async () => {
    const { startServer } = await import("../support/server.ts");
    const server = await startServer();
    try {
      // The customer's quote pages in the list are public pages, with the site's speculation rules.
      for (const { path: pagePath, headers } of ownerPages(server.dataDir).filter((page) => page.path.startsWith("/admin"))) {
        const html = await (await fetch(`${server.url}${pagePath}`, { headers })).text();
        const files = scripts(html);
        for (const { body } of files) expect(body, pagePath).toBe("");
        const total = files.reduce((sum, { attrs }) => sum + transferBytes(attrs.match(/src="([^"]+)"/)![1]!), 0);
        expect(total, pagePath).toBeLessThanOrEqual(100 * KB);
        // A quote's and an invoice's page: a draft's totals follow the typing (enhance/line-totals.ts). A visit
        // form's clash is said as the times are picked (enhance/visit-clash.ts). A request's Add photos
        // shows each photo's progress (enhance/job-photos.ts).
        const scripted = /sign-in|invite|passkeys|notifications|^\/admin\/quotes\/\d+$|^\/admin\/invoices\/\d+(\?confirm=delete)?$|\/visits\/new|\/visits\/\d+\/move$|^\/admin\/requests\/\d+(\?[^/]*)?$/.test(pagePath);
        // Every signed-in page keeps itself for no signal and sends what was done offline (issue 36).
        const own = files.filter(({ attrs }) => !/\/js\/owner-offline\./.test(attrs));
        expect(own.length > 0, `${pagePath} ${scripted ? "runs its script" : "runs no script of its own"}`).toBe(scripted);
        expect(files.length - own.length, `${pagePath} keeps itself for no signal`).toBe("Cookie" in headers && !/sign-in|invite/.test(pagePath) ? 1 : 0);
      }
    } finally {
      await server.stop();
    }
  });
});

describe("no signal", () => {
  it("every built page and every customer's page registers no service worker and ships no script of the owner's", () => {
    const built = readdirSync(CLIENT, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
    expect(built.length).toBeGreaterThan(20);
    for (const file of built) {
      const html = readFileSync(path.join(CLIENT, file), "utf8");
      expect(html, file).not.toMatch(/serviceWorker|\/admin\/sw\.js|owner-offline/);
      // What a public page does run (the contact page's own script) registers no worker either.
      for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) expect(readFileSync(path.join(CLIENT, src!), "utf8"), `${file}: ${src}`).not.toMatch(/serviceWorker/);
    }
  });

  it("the owner's service worker and the outbox add at most 15 KB, compressed, to his pages; the customer's pages get neither", async () => {
    const { startServer } = await import("../support/server.ts");
    const { gzipSync } = await import("node:zlib");
    const server = await startServer();
    try {
      const worker = gzipSync(await (await fetch(`${server.url}/admin/sw.js`)).text()).length;
      const script = readdirSync(path.join(CLIENT, "js")).find((file) => file.startsWith("owner-offline."))!;
      expect(worker + transferBytes(`/js/${script}`)).toBeLessThanOrEqual(15 * KB);
      // The customer's quote, page and review links, in each state: no worker, nothing kept.
      const customers = ownerPages(server.dataDir).filter((page) => !page.path.startsWith("/admin"));
      expect(customers.map((page) => page.path.split("/")[1])).toEqual(expect.arrayContaining(["q", "c", "review"]));
      for (const { path: pagePath } of customers) {
        const answer = await fetch(`${server.url}${pagePath}`);
        const html = await answer.text();
        expect(/serviceWorker|\/admin\/sw\.js|owner-offline/.exec(html)?.[0] ?? "none", pagePath).toBe("none");
        // Her own page's Copy buttons are its one script (copy-values): it registers no worker.
        for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) {
          expect(src, pagePath).toMatch(/^\/js\/copy-values\./);
          expect(readFileSync(path.join(CLIENT, src!), "utf8"), src).not.toMatch(/serviceWorker/);
        }
        expect(answer.headers.get("Service-Worker-Allowed"), pagePath).toBeNull();
        expect(answer.headers.get("X-Owner-Keep"), pagePath).toBeNull();
      }
    } finally {
      await server.stop();
    }
  });
});

describe("weight", () => {
  it("the home page's first load weighs at most 60 KB, every picture and the service-area map included", () => {
    const html = pageHtml("/");
    const assets = new Set<string>([
      ...[...html.matchAll(/<link[^>]+href="(\/[^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<img[^>]+src="(\/[^"]+)"/g)].map((m) => m[1]!),
    ]);
    const total = transferBytes("index.html") + [...assets].reduce((sum, asset) => sum + transferBytes(asset), 0);
    expect(assets.size).toBeGreaterThan(3);
    expect(html).toContain('class="map-svg"');
    expect(total).toBeLessThanOrEqual(60 * KB);
  });

  it("every picture has its width and height, and only the hero loads eagerly", () => {
    for (const pagePath of canonicalPaths()) {
      const images = [...pageHtml(pagePath).matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
      for (const img of images) {
        expect(img, pagePath).toMatch(/ width="\d+"/);
        expect(img, pagePath).toMatch(/ height="\d+"/);
        expect(img, pagePath).toMatch(/ alt="/);
      }
      const eager = images.filter((img) => img.includes('loading="eager"'));
      expect(eager.length, pagePath).toBeLessThanOrEqual(1);
      for (const img of eager) expect(img, pagePath).toMatch(/ fetchpriority="high"/i);
    }
  });
});
