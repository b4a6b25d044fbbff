/**
 * The site's content files, parsed and checked when the build (or the server) loads them, and the
 * paths and look-ups every page uses. The files are the content until the owner publishes edits
 * from /admin/site; which content a render is for (the files at build, the published version, or
 * a draft being previewed or published) is handed to it through React Router's context
 * (app/lib/content-context.ts), never read from here by name
 * (docs/decisions/0005-layout-data-from-root-loader.md).
 */
import areas from "./areas.json" with { type: "json" };
import business from "./business.json" with { type: "json" };
import gallery from "./gallery.json" with { type: "json" };
import invoicing from "./invoicing.json" with { type: "json" };
import { loadContent, type Content, type RawContent } from "./load.ts";
import regions from "./regions.json" with { type: "json" };
import services from "./services.json" with { type: "json" };
import testimonials from "./testimonials.json" with { type: "json" };
import type { Area, Region, Service } from "./schema.ts";

export type { Area, Business, GalleryProject, Image, Invoicing, Region, Service, Testimonial } from "./schema.ts";

/** The content files as they are in the repository, before any check: what the owner's edits lie over. */
export const contentFiles: RawContent = { business, services, regions, areas, gallery, testimonials, invoicing };

/** The content files, checked: what the site says when nothing else was published. */
export const fileContent: Content = loadContent(contentFiles);

/** The page of a service that search engines should index (DECISIONS.md item 5). */
export function servicePath(service: Pick<Service, "slug">): string {
  return `/${service.slug}-in-stevenage`;
}

/** The second path of a service, which shows the same page. */
export function serviceAliasPath(service: Pick<Service, "slug">): string {
  return `/services/${service.slug}`;
}

export function areaPath(area: Pick<Area, "slug">): string {
  return `/areas/roofers-in-${area.slug}/`;
}

export function regionPath(region: Pick<Region, "slug">): string {
  return `/${region.slug}`;
}

/** The towns, services and regions a look-up searches: the content of the render. */
type Places = Pick<Content, "areas" | "services" | "regions">;

export function findArea(content: Pick<Places, "areas">, slug: string): Area | undefined {
  return content.areas.find((a) => a.slug === slug);
}

export function findService(content: Pick<Places, "services">, slug: string): Service | undefined {
  return content.services.find((s) => s.slug === slug);
}

export function findRegion(content: Pick<Places, "regions">, slug: string): Region | undefined {
  return content.regions.find((r) => r.slug === slug);
}

/** An area known to exist: the content check has already proved every reference. */
export function area(content: Pick<Places, "areas">, slug: string): Area {
  const found = findArea(content, slug);
  if (!found) throw new Error(`Unknown town "${slug}"`);
  return found;
}

export function service(content: Pick<Places, "services">, slug: string): Service {
  const found = findService(content, slug);
  if (!found) throw new Error(`Unknown service "${slug}"`);
  return found;
}

export function areasIn(content: Pick<Places, "areas">, region: Region): Area[] {
  return content.areas.filter((a) => a.region === region.slug);
}

export function regionOf(content: Pick<Places, "regions">, area: Area): Region {
  const found = findRegion(content, area.region);
  if (!found) throw new Error(`Unknown region "${area.region}"`);
  return found;
}

/**
 * Every path the site prerenders: the build and sitemap.xml use this list. The towns, services
 * and regions are the files' (the owner edits what pages say, not which pages there are).
 */
export function canonicalPaths(content: Places = fileContent): string[] {
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
export function aliasPaths(content: Pick<Places, "services"> = fileContent): string[] {
  return content.services.map(serviceAliasPath);
}
