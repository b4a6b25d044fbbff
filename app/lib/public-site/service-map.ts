/**
 * The service-area map as data: where each town, outline and label sits in the drawing, and
 * which towns stand out, computed at build time from the towns' coordinates in areas.json.
 * `ServiceMap` draws it. A town added to areas.json appears on every map with no code change.
 */
import { areaPath, findRegion, type Area } from "~/content/index.ts";
import type { Content } from "~/content/load.ts";
import { areaOutline, boundsOf, frame, KM_PER_MILE, overlaps, placeLabels, projection, type Box, type Label, type Point } from "./map-geometry.ts";

/** What a map shows: everything, one region's towns, or one town and its neighbours. */
export type MapFocus = { kind: "all" } | { kind: "region"; region: string } | { kind: "town"; town: string };

/** How much a town's marker stands out: the page's own town, highlighted, shown, or in the background. */
export type Emphasis = "current" | "highlight" | "normal" | "dim";

export interface MapTown {
  slug: string;
  name: string;
  href: string;
  /** Position of the region in regions.json: picks its colour, pattern and marker shape. */
  style: number;
  x: number;
  y: number;
  emphasis: Emphasis;
  isBase: boolean;
  /**
   * A link to the town's page only where the page also lists the town as a text link beside the
   * map (every town on the whole map, the highlighted ones on a region's or a town's): markers are
   * too small to tap on a phone, the list is not. The page's own town and the hollow background
   * towns are drawn, not linked.
   */
  isLink: boolean;
  /** `key` labels stay on a phone, drawn larger; the others show from 40rem up. */
  label?: { x: number; y: number; anchor: "start" | "middle" | "end"; key: boolean };
}

export interface MapRegion {
  slug: string;
  name: string;
  style: number;
  townCount: number;
  outline: string;
  highlighted: boolean;
  label?: Point;
}

export interface ServiceMapModel {
  width: number;
  height: number;
  title: string;
  description: string;
  regions: MapRegion[];
  towns: MapTown[];
  scaleBar: { x: number; y: number; length: number; label: string };
}

/** Drawing units: the SVG's viewBox width; its height follows the frame's shape. */
const WIDTH = 640;
/** How far around its towns a region's outline runs, in km (about 3 miles). */
const REACH_KM = 5;
/**
 * Label sizes in drawing units: the page's own town is named larger. On a phone the drawing is
 * about half size, so service-map.css draws the key labels (this town, the base) at `keyOnPhone`:
 * they are placed with room for that size, so that no name runs off the map's edge there.
 */
export const LABEL_SIZE = { current: 17, other: 15, keyOnPhone: 24 };
/** A bold sans-serif letter is about this wide, in ems: enough to keep labels apart. */
const CHAR_WIDTH_EM = 0.66;
/** A line of text stands this many ems tall, from its ascenders to its descenders. */
const LINE_HEIGHT_EM = 1.25;

function focusTowns(focus: MapFocus, towns: Area[]): { highlighted: Area[]; current?: Area } {
  if (focus.kind === "region") return { highlighted: towns.filter((t) => t.region === focus.region) };
  if (focus.kind === "town") {
    const current = towns.find((t) => t.slug === focus.town);
    if (!current) throw new Error(`The map has no town "${focus.town}"`);
    return { highlighted: towns.filter((t) => current.nearby.includes(t.slug)), current };
  }
  return { highlighted: [] };
}

function regionName(content: Content, slug: string): string {
  const region = findRegion(content, slug);
  if (!region) throw new Error(`The map has no region "${slug}"`);
  return region.name;
}

function mapTitle(content: Content, focus: MapFocus, current: Area | undefined): string {
  if (current) return `Map of ${current.name} and nearby towns`;
  return focus.kind === "region" ? `Map of the towns we cover in ${regionName(content, focus.region)}` : "Map of the towns we cover";
}

function describe(content: Content, focus: MapFocus, base: Area, highlighted: Area[], current: Area | undefined): string {
  const regions = content.regions.map((r) => `${r.townCount} in ${r.name}`);
  const intro = `${content.business.name} is based in ${base.name}.`;
  const links = "The towns are listed as links beside the map, and their markers link to the same pages.";
  if (focus.kind === "region") {
    return `${intro} The ${highlighted.length} towns we cover in ${regionName(content, focus.region)} are highlighted, with the neighbouring towns we cover around them. ${links}`;
  }
  if (current) {
    return `${intro} ${current.name} is highlighted, with its nearby towns ${highlighted.map((t) => t.name).join(", ")}. ${links}`;
  }
  return `${intro} We cover ${content.areas.length} towns: ${regions.join(", ")}. ${links}`;
}

/** The map of `content`'s towns, around its base. */
export function serviceMap(content: Content, focus: MapFocus): ServiceMapModel {
  const towns = content.areas;
  const base = towns.find((t) => t.name === content.business.base.town);
  if (!base) throw new Error(`The base town "${content.business.base.town}" (business.json) is not a town in areas.json`);
  const project = projection(towns);
  const km = new Map(towns.map((t) => [t.slug, project(t)]));
  const { highlighted, current } = focusTowns(focus, towns);
  const shown = focus.kind === "all" ? towns : [...(current ? [current] : []), ...highlighted];

  // The whole area is shown wide; a region or a town is shown closer, so its labels fit.
  const aspect = focus.kind === "all" ? 1.6 : 4 / 3;
  const margin = REACH_KM + 4;
  const view: Box = frame(boundsOf(shown.map((t) => km.get(t.slug)!), margin), aspect, focus.kind === "town" ? 24 : 30);
  const scale = WIDTH / view.width;
  const height = Math.round(view.height * scale);
  const toSvg = (p: Point): Point => ({ x: (p.x - view.x) * scale, y: (p.y - view.y) * scale });
  const inView = (p: Point) => p.x >= 0 && p.y >= 0 && p.x <= WIDTH && p.y <= height;

  const highlightedSlugs = new Set(highlighted.map((t) => t.slug));
  const emphasis = (town: Area): Emphasis =>
    town === current ? "current" : highlightedSlugs.has(town.slug) ? "highlight" : focus.kind === "all" ? "normal" : "dim";

  // Towns outside the frame are left out rather than drawn as links nobody can see.
  const mapTowns: MapTown[] = towns
    .map((town) => ({ town, at: toSvg(km.get(town.slug)!) }))
    .filter(({ at }) => inView(at))
    .map(({ town, at }) => ({
      slug: town.slug,
      name: town.name,
      href: areaPath(town),
      style: content.regions.findIndex((r) => r.slug === town.region),
      x: Math.round(at.x * 10) / 10,
      y: Math.round(at.y * 10) / 10,
      emphasis: emphasis(town),
      isBase: town === base,
      isLink: emphasis(town) === "normal" || emphasis(town) === "highlight",
    }));

  // Labels for the towns that matter on this page, the page's own town first; the base always.
  // Key labels stay on a phone: on a town's map it and its neighbours ("do they come to me?").
  const labelled = mapTowns
    .filter((t) => t.emphasis === "current" || t.emphasis === "highlight" || t.isBase)
    .sort((a, b) => Number(b.emphasis === "current") - Number(a.emphasis === "current"));
  const isKey = (t: MapTown) => t.emphasis === "current" || t.isBase || (focus.kind === "town" && t.emphasis === "highlight");
  const labels = placeLabels(
    labelled.map((t) => {
      const size = t.emphasis === "current" ? LABEL_SIZE.current : LABEL_SIZE.other;
      // A key label is placed with room for the size a phone draws it at.
      const room = isKey(t) ? LABEL_SIZE.keyOnPhone : size;
      return { at: t, width: labelText(t).length * room * CHAR_WIDTH_EM, height: room * LINE_HEIGHT_EM, gap: t.emphasis === "current" ? 20 : 12 };
    }),
    mapTowns,
    8,
    { x: 0, y: 0, width: WIDTH, height },
  );
  // Labels never overlap: one that found no free place is left off (its town is listed beside).
  const kept: Label[] = [];
  labelled.forEach((town, i) => {
    const label = labels[i]!;
    if (kept.some((other) => overlaps(label, other))) return;
    kept.push(label);
    const anchor = label.side === "right" ? "start" : label.side === "left" ? "end" : "middle";
    const x = anchor === "start" ? label.x : anchor === "end" ? label.x + label.width : label.x + label.width / 2;
    // The baseline sits one em down the box: the ascenders reach its top, the descenders its foot.
    town.label = { x: Math.round(x), y: Math.round(label.y + label.height / LINE_HEIGHT_EM), anchor, key: isKey(town) };
  });

  const regions: MapRegion[] = content.regions.map((region, style) => {
    const regionTowns = towns.filter((t) => t.region === region.slug).map((t) => km.get(t.slug)!);
    const top = Math.min(...regionTowns.map((p) => p.y));
    const bottom = Math.max(...regionTowns.map((p) => p.y));
    const middle = regionTowns.reduce((sum, p) => sum + p.x, 0) / regionTowns.length;
    const aboveMiddle = (top + bottom) / 2 < 0;
    return {
      slug: region.slug,
      name: region.name,
      style,
      townCount: regionTowns.length,
      outline: areaOutline(regionTowns, REACH_KM, toSvg, scale),
      highlighted: focus.kind === "region" && focus.region === region.slug,
      // On the whole map each region is named just outside its outline, away from the others.
      label: focus.kind === "all" ? toSvg({ x: middle, y: aboveMiddle ? top - REACH_KM - 1.5 : bottom + REACH_KM + 4 }) : undefined,
    };
  });

  const miles = [1, 2, 5, 10, 20].findLast((m) => m * KM_PER_MILE * scale <= WIDTH / 4) ?? 1;
  const barLength = Math.round(miles * KM_PER_MILE * scale);
  return {
    width: WIDTH,
    height,
    title: mapTitle(content, focus, current),
    description: describe(content, focus, base, highlighted, current),
    regions,
    towns: mapTowns,
    scaleBar: { x: WIDTH - 16 - barLength, y: height - 12, length: barLength, label: `${miles} mile${miles === 1 ? "" : "s"}` },
  };
}

export function labelText(town: Pick<MapTown, "name" | "isBase">): string {
  return town.isBase ? `${town.name} (our base)` : town.name;
}
