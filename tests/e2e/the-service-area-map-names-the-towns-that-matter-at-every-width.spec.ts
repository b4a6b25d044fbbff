/**
 * Issue 14 §4: on a phone the map still answers "do they come to me?". At 390 and 1280 px on the
 * home page, a region page and a town page, the names that matter are on the map, no two names
 * overlap, and every town the map links to is also a text link beside it (a marker is too small
 * to tap on a phone; the list is not).
 */
import { expect, test, type Page } from "@playwright/test";
import { areasIn, content } from "./support.ts";

const northLondon = content.regions.find((r) => r.slug === "north-london")!;
const hitchin = content.areas.find((a) => a.slug === "hitchin")!;
const hitchinAndNeighbours = [hitchin, ...hitchin.nearby.map((slug) => content.areas.find((a) => a.slug === slug)!)].map((town) =>
  town.name === content.business.base.town ? `${town.name} (our base)` : town.name,
);

const MAPS = [
  { path: "/", names: { 390: ["Hertfordshire", "Essex", "North London", "Stevenage (our base)"], 1280: ["Hertfordshire", "Essex", "North London", "Stevenage (our base)"] } },
  // A region's ten towns are named on a wide screen; on a phone they are the list under the map.
  { path: "/north-london", names: { 390: [], 1280: areasIn(northLondon).map((town) => town.name) } },
  { path: "/areas/roofers-in-hitchin/", names: { 390: hitchinAndNeighbours, 1280: hitchinAndNeighbours } },
];

/** Runs in the page: each name drawn on the map that can be seen, with its box on screen. */
function drawnNames() {
  return [...document.querySelectorAll<SVGTextElement>(".map-svg .map-label, .map-svg .map-region-label")]
    .filter((text) => getComputedStyle(text).display !== "none")
    .map((text) => {
      const { x, y, width, height } = text.getBoundingClientRect();
      return { name: text.textContent!, box: { x, y, width, height } };
    });
}

async function expectNamesApart(page: Page) {
  const names = await page.evaluate(drawnNames);
  const overlapping: string[] = [];
  names.forEach((a, i) =>
    names.slice(i + 1).forEach((b) => {
      const apart = a.box.x + a.box.width <= b.box.x || b.box.x + b.box.width <= a.box.x || a.box.y + a.box.height <= b.box.y || b.box.y + b.box.height <= a.box.y;
      if (!apart) overlapping.push(`"${a.name}" and "${b.name}"`);
    }),
  );
  expect(overlapping, "names drawn over each other").toEqual([]);
  return names.map((n) => n.name);
}

test.describe("the service-area map", () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "each width is set by the test itself: one project is enough"));

  for (const { path, names } of MAPS) {
    test(`on ${path} names the towns that matter at 390 and 1280 px, never one over another, and links only towns listed beside it`, async ({ page }) => {
      for (const width of [390, 1280] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const drawn = await expectNamesApart(page);
        for (const name of names[width]) expect(drawn, `"${name}" on the map at ${width} px`).toContain(name);

        const mapLinks = await page.locator(".map-svg a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        expect(mapLinks.length, "the map links some towns").toBeGreaterThan(0);
        const textLinks = await page.locator("main a:not(.map-svg a)").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        for (const href of mapLinks) expect(textLinks, `${href} is also a text link beside the map`).toContain(href);
      }
    });
  }
});
