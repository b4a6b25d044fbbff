import sharp from "sharp";
import { expect, it } from "vitest";
import { cardSvg, decodeHtml, pagePicture, renderCard, type SocialCard } from "./social-images.ts";

const DRAWING = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#b45309"/></svg>';
const card: SocialCard = {
  title: "Roofers in Bishop's Stortford",
  businessName: "Kestrel Roofing",
  phone: "07700 900123",
  picture: { dataUrl: `data:image/svg+xml;base64,${Buffer.from(DRAWING).toString("base64")}`, width: 400, height: 300 },
};

it("draws every letter as an outline from the project's own font, so no system font is ever asked for", async () => {
  const svg = await cardSvg(card);
  expect(svg).not.toMatch(/<text\b|font-family/);
  // The business name, the title and the phone: each a path of glyph outlines.
  const glyphs = [...svg.matchAll(/<path\b[^>]* d="([^"]+)"/g)].filter((m) => m[1]!.length > 2000);
  expect(glyphs.length).toBeGreaterThanOrEqual(3);
});

it("renders a 1200×630 PNG, the same bytes every time", async () => {
  const [first, second] = [await renderCard(card), await renderCard(card)];
  expect(await sharp(first).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });
  expect(first.equals(second)).toBe(true);
  const longTitle = await renderCard({ ...card, title: "Roofers in Stevenage, Hertfordshire, Essex & North London and a good deal further" });
  expect(await sharp(longTitle).metadata()).toMatchObject({ width: 1200, height: 630 });
});

it("takes the page's hero picture, else the map drawn on the page without its words, else nothing", async () => {
  const mapPage = '<main><svg class="map-svg" viewBox="0 0 640 480" aria-labelledby="t"><title id="t">Map</title><desc>About</desc><defs></defs><a href="/x"><title>Hitchin</title><circle r="5"></circle><text x="1">Hitchin</text></a><g class="map-scale" aria-hidden="true"><path d="M0 0h9"></path><text>2 miles</text></g></svg></main>';
  const map = (await pagePicture(mapPage, "/nowhere"))!;
  expect(map).toMatchObject({ width: 640, height: 480 });
  const drawing = Buffer.from(map.dataUrl.split(",")[1]!, "base64").toString();
  expect(drawing).toContain('xmlns="http://www.w3.org/2000/svg" width="640" height="480"');
  expect(drawing).toContain("<circle");
  expect(drawing).not.toMatch(/<text|<title|<desc|map-scale/);
  expect(await pagePicture("<main><p>No picture</p></main>", "/nowhere")).toBeUndefined();
});

it("reads the words of a meta tag as the visitor would", () => {
  expect(decodeHtml("Bishop&#x27;s Stortford &amp; Harlow &lt;3 &#39;&quot;")).toBe(`Bishop's Stortford & Harlow <3 '"`);
});
