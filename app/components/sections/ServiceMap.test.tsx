import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { areaPath, fileContent as content } from "~/content/index.ts";
import { serviceMap } from "~/lib/public-site/service-map.ts";
import { ServiceMap } from "./ServiceMap.tsx";

const links = (html: string) => [...html.matchAll(/<a href="([^"]+)" class="map-town"><title>([^<]+)<\/title>/g)].map((m) => ({ href: m[1]!, name: m[2]! }));
const decode = (text: string) => text.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

it("links every town from the whole map, named after the town, inside a titled and described drawing", () => {
  const html = renderToStaticMarkup(<ServiceMap map={serviceMap(content, { kind: "all" })} />);
  const found = links(html).map((l) => ({ href: l.href, name: decode(l.name) }));
  expect(found).toHaveLength(content.areas.length);
  for (const town of content.areas) expect(found).toContainEqual({ href: areaPath(town), name: town.name });
  expect(html).toMatch(/<svg class="map-svg" viewBox="0 0 640 \d+" aria-labelledby="service-map-title" aria-describedby="service-map-desc">/);
  expect(html).toContain('<title id="service-map-title">Map of the towns we cover</title>');
  expect(html).toContain(`is based in ${content.business.base.town}`);
  expect(html.match(/class="map-base"/g)).toHaveLength(2);
  for (const region of content.regions) expect(html).toContain(`${region.name} (${content.areas.filter((a) => a.region === region.slug).length} towns)`);
});

it("tells the regions apart by pattern and marker shape as well as colour", () => {
  const html = renderToStaticMarkup(<ServiceMap map={serviceMap(content, { kind: "all" })} />);
  const patterns = [...html.matchAll(/<pattern [^>]*>([\s\S]*?)<\/pattern>/g)].map((m) => m[1]!.replace(/#[0-9a-f]{6}/g, ""));
  expect(new Set(patterns).size).toBe(content.regions.length);
  const shapes = content.regions.map((region) => {
    const town = content.areas.find((a) => a.region === region.slug && a.name !== content.business.base.town)!;
    return html.match(new RegExp(`href="${areaPath(town)}" class="map-town"><title>[^<]+</title><circle class="map-focus"[^>]*></circle><(circle|rect|path)`))![1];
  });
  expect(new Set(shapes).size).toBe(content.regions.length);
});

it("on a region's page, highlights its towns and names them", () => {
  const map = serviceMap(content, { kind: "region", region: "north-london" });
  const londonTowns = content.areas.filter((a) => a.region === "north-london");
  for (const town of londonTowns) {
    const drawn = map.towns.find((t) => t.slug === town.slug)!;
    expect(drawn.emphasis, town.slug).toBe("highlight");
    expect(drawn.label, town.slug).toBeDefined();
  }
  expect(map.towns.filter((t) => t.emphasis === "highlight")).toHaveLength(londonTowns.length);
  for (const town of map.towns) {
    expect(town.x).toBeGreaterThanOrEqual(0);
    expect(town.x).toBeLessThanOrEqual(map.width);
  }
});

it("on a town's page, rings the town, highlights its nearby towns and keeps their labels apart", () => {
  for (const town of content.areas) {
    const map = serviceMap(content, { kind: "town", town: town.slug });
    expect(map.towns.find((t) => t.slug === town.slug)!.emphasis).toBe("current");
    const highlighted = map.towns.filter((t) => t.emphasis === "highlight").map((t) => t.slug);
    expect(highlighted.toSorted()).toEqual(content.areas.filter((a) => town.nearby.includes(a.slug)).map((a) => a.slug).toSorted());
    for (const slug of town.nearby) expect(map.towns.find((t) => t.slug === slug)?.emphasis, `${town.slug} → ${slug}`).toBe("highlight");
  }
});
