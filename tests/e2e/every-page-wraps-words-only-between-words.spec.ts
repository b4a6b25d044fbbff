/**
 * Words wrap between words, never inside one: on every page template at 320, 390 and 1280 px, no
 * ordinary word ("experience", "inspections") is split across two lines. Only an e-mail address or
 * a web address, which may be longer than any line, may break. A hyphen joins two words, and a
 * line may end after it ("10-year" in a sentence), as in print.
 */
import { expect, test } from "@playwright/test";
import { PAGE_TEMPLATES } from "./page-templates.ts";

const WIDTHS = [320, 390, 1280];

/** Runs in the page: each word whose letters stand on more than one line. */
function splitWords(): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const box = node.parentElement!;
    // Text drawn at a position of its own (the map's labels), text kept for screen readers, and the bots' field.
    if (box.closest('svg, .sr-only, [hidden], [aria-hidden="true"]')) continue;
    // Words are what stands between spaces, hyphens and dashes: "8:00–18:00" is kept whole where it stands.
    for (const match of node.textContent!.matchAll(/[^\s\-–—]+/g)) {
      const word = match[0];
      if (word.length < 2 || /@|\/\/|^www\./.test(word)) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) found.push(`"${word}" in ${box.tagName.toLowerCase()}.${[...box.classList].slice(0, 3).join(".")}`);
    }
  }
  return found;
}

test.describe("words wrap only between words", () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "each width is set by the test itself: one project is enough"));

  for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
    test(`on the ${name} page at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        expect(await page.evaluate(splitWords), `${path} at ${width} px`).toEqual([]);
      }
    });
  }
});
