/**
 * Each template's DOM size and HTML weight, read from the build (deterministic, unlike timings,
 * which `npm run bench:lighthouse` measures): every element the browser parses, styles and lays
 * out costs main-thread time on a cheap phone. The budgets are the sizes measured when they were
 * set, plus 10 %: a page that grows past one was made heavier, and should be looked at before
 * the budget is raised.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server.ts";

/** Measured on 2026-11-24 after issue 18 (elements, HTML bytes before compression), plus 10 %. */
const BUDGETS: { page: string; file: string; measured: { elements: number; bytes: number } }[] = [
  { page: "home", file: "index.html", measured: { elements: 837, bytes: 67_244 } },
  { page: "services", file: "services/index.html", measured: { elements: 487, bytes: 37_926 } },
  { page: "service detail", file: "roof-repairs-in-stevenage/index.html", measured: { elements: 565, bytes: 45_611 } },
  { page: "Stevenage service", file: "guttering-fascias-in-stevenage/index.html", measured: { elements: 523, bytes: 39_948 } },
  { page: "gallery", file: "gallery/index.html", measured: { elements: 450, bytes: 36_244 } },
  { page: "sitemap", file: "sitemap/index.html", measured: { elements: 475, bytes: 32_289 } },
  { page: "contact", file: "contact/index.html", measured: { elements: 428, bytes: 32_469 } },
  { page: "privacy", file: "privacy/index.html", measured: { elements: 351, bytes: 27_763 } },
  { page: "region", file: "north-london/index.html", measured: { elements: 631, bytes: 50_054 } },
  { page: "area", file: "areas/roofers-in-bishops-stortford/index.html", measured: { elements: 616, bytes: 49_199 } },
];
const HEADROOM = 1.1;

/** The elements a browser builds from the HTML: every start tag outside scripts, styles and comments. */
function elementCount(html: string): number {
  const markup = html.replace(/<!--[\s\S]*?-->/g, "").replace(/(<(script|style)\b[^>]*>)[\s\S]*?<\/\2>/g, "$1");
  return (markup.match(/<[a-zA-Z][a-zA-Z0-9-]*\b/g) ?? []).length;
}

describe("each template stays within its DOM and HTML budget", () => {
  it("counts elements, not what scripts, styles or comments hold", () => {
    expect(elementCount('<p>a<!-- <b> --><script>if (a<b) x()</script><style>a>b{}</style><br></p>')).toBe(4);
  });

  it.each(BUDGETS)("the $page page", ({ file, measured }) => {
    const html = readFileSync(path.join(ROOT, "build/client", file), "utf8");
    expect(elementCount(html), "elements").toBeLessThanOrEqual(Math.round(measured.elements * HEADROOM));
    expect(Buffer.byteLength(html), "HTML bytes").toBeLessThanOrEqual(Math.round(measured.bytes * HEADROOM));
  });
});

describe("the service-area map waits to be drawn without moving anything", () => {
  it("every map on a page has its exact shape in service-map.css, so its box is right before it is drawn", () => {
    const css = readFileSync(path.join(ROOT, "app/components/sections/service-map.css"), "utf8");
    const client = path.join(ROOT, "build/client");
    const pages = readdirSync(client, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".html"));
    const shapes = new Set(pages.flatMap((file) => [...readFileSync(path.join(client, file), "utf8").matchAll(/<svg class="map-svg" viewBox="0 0 (\d+) (\d+)"/g)].map((m) => `${m[1]} ${m[2]}`)));
    expect(shapes.size, "maps drawn on the pages").toBeGreaterThan(0);
    for (const shape of shapes) {
      const [width, height] = shape.split(" ");
      expect(css, `a map of 0 0 ${shape}`).toContain(`.map-svg[viewBox="0 0 ${shape}"] {\n  aspect-ratio: ${width} / ${height};`);
      expect(css, `a map of 0 0 ${shape} waits to be drawn`).toMatch(new RegExp(`\\.map-svg\\[viewBox="0 0 ${shape}"\\][,\\s\\S]*?\\{\\s*content-visibility: auto;`));
    }
  });
});
