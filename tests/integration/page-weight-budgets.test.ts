/**
 * Each template's DOM size and HTML weight, read from the build (deterministic, unlike timings,
 * which `npm run bench:lighthouse` measures): every element the browser parses, styles and lays
 * out costs main-thread time on a cheap phone. The budgets are the sizes measured when they were
 * set, plus 10 %: a page that grows past one was made heavier, and should be looked at before
 * the budget is raised.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server.ts";

/** Measured on 2026-11-24 (elements, HTML bytes before compression), plus 10 %. */
const BUDGETS: { page: string; file: string; measured: { elements: number; bytes: number } }[] = [
  { page: "home", file: "index.html", measured: { elements: 843, bytes: 71_051 } },
  { page: "services", file: "services/index.html", measured: { elements: 490, bytes: 41_525 } },
  { page: "service detail", file: "roof-repairs-in-stevenage/index.html", measured: { elements: 571, bytes: 48_125 } },
  { page: "Stevenage service", file: "guttering-fascias-in-stevenage/index.html", measured: { elements: 529, bytes: 42_276 } },
  { page: "gallery", file: "gallery/index.html", measured: { elements: 453, bytes: 38_211 } },
  { page: "sitemap", file: "sitemap/index.html", measured: { elements: 481, bytes: 33_145 } },
  { page: "contact", file: "contact/index.html", measured: { elements: 432, bytes: 33_799 } },
  { page: "privacy", file: "privacy/index.html", measured: { elements: 354, bytes: 28_535 } },
  { page: "region", file: "north-london/index.html", measured: { elements: 637, bytes: 52_196 } },
  { page: "area", file: "areas/roofers-in-bishops-stortford/index.html", measured: { elements: 622, bytes: 51_155 } },
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
