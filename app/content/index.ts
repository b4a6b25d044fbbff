/**
 * The site's content: "the content now". The repository's files, parsed and checked when the
 * build (or the server) loads them, are the content until the owner publishes edits from
 * /admin/site; the server then answers with the published version (app/lib/site/), and a preview
 * or a publish renders pages with a draft for the length of that render only.
 *
 * Pages read everything they say about the business from here: `content` and `site` always give
 * the content now, whichever copy of this module reads them (the server and the built app each
 * load one), because they ask `contentNow()`, which asks the server's one registry.
 */
import areas from "./areas.json" with { type: "json" };
import business from "./business.json" with { type: "json" };
import gallery from "./gallery.json" with { type: "json" };
import { loadContent, type Content, type RawContent } from "./load.ts";
import regions from "./regions.json" with { type: "json" };
import services from "./services.json" with { type: "json" };
import testimonials from "./testimonials.json" with { type: "json" };
import type { Area, Business, Region, Service } from "./schema.ts";

export type { Area, Business, GalleryProject, Image, Region, Service, Testimonial } from "./schema.ts";

/** The content files as they are in the repository, before any check: what the owner's edits lie over. */
export const contentFiles: RawContent = { business, services, regions, areas, gallery, testimonials };

/** The content files, checked: what the site says when nothing else was published. */
export const fileContent: Content = loadContent(contentFiles);

const NOW = Symbol.for("kestrel.contentNow");
type Holder = { [NOW]?: () => Content | undefined };

/**
 * Set once by the server (app/lib/site/content-now.server.ts): answers with the draft a render is
 * for, else the published version, else undefined for the files.
 */
export function setContentSource(source: (() => Content | undefined) | undefined) {
  (globalThis as Holder)[NOW] = source;
}

/** The content now: a render's draft, else what the owner published, else the files. */
export function contentNow(): Content {
  return (globalThis as Holder)[NOW]?.() ?? fileContent;
}

/**
 * An object that reads through to `read()` on every access, so a module-level `site.phone`
 * gives the phone number of the content now. Reads, `in`, keys and spreading work as on a plain
 * object; it is never written to.
 */
function liveView<T extends object>(read: () => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(read(), key),
    has: (_target, key) => Reflect.has(read(), key),
    ownKeys: () => Reflect.ownKeys(read()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(read(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    set: () => false,
  });
}

/** The content now (see contentNow). */
export const content: Content = liveView(contentNow);

/** The business facts now. */
export const site: Business = liveView(() => contentNow().business);

/** The page of a service that search engines should index (DECISIONS.md item 5). */
export function servicePath(service: Service): string {
  return `/${service.slug}-in-stevenage`;
}

/** The second path of a service, which shows the same page. */
export function serviceAliasPath(service: Service): string {
  return `/services/${service.slug}`;
}

export function areaPath(area: Area): string {
  return `/areas/roofers-in-${area.slug}/`;
}

export function regionPath(region: Region): string {
  return `/${region.slug}`;
}

export function findArea(slug: string): Area | undefined {
  return content.areas.find((a) => a.slug === slug);
}

export function findService(slug: string): Service | undefined {
  return content.services.find((s) => s.slug === slug);
}

export function findRegion(slug: string): Region | undefined {
  return content.regions.find((r) => r.slug === slug);
}

/** An area known to exist: the content check has already proved every reference. */
export function area(slug: string): Area {
  const found = findArea(slug);
  if (!found) throw new Error(`Unknown town "${slug}"`);
  return found;
}

export function service(slug: string): Service {
  const found = findService(slug);
  if (!found) throw new Error(`Unknown service "${slug}"`);
  return found;
}

export function areasIn(region: Region): Area[] {
  return content.areas.filter((a) => a.region === region.slug);
}

export function regionOf(area: Area): Region {
  const found = findRegion(area.region);
  if (!found) throw new Error(`Unknown region "${area.region}"`);
  return found;
}

/** Every path the site prerenders: the build and sitemap.xml use this list. */
export function canonicalPaths(): string[] {
  return [
    "/",
    "/services",
    "/gallery",
    "/sitemap",
    "/contact",
    "/privacy",
    ...content.regions.map(regionPath),
    ...content.services.map(servicePath),
    ...content.areas.map(areaPath),
  ];
}

/** The second paths of services: prerendered too, but never listed as canonical. */
export function aliasPaths(): string[] {
  return content.services.map(serviceAliasPath);
}
