/**
 * The site's content, parsed and checked once when the build (or the server) loads it.
 * Pages read everything they say about the business from here.
 */
import areas from "./areas.json" with { type: "json" };
import business from "./business.json" with { type: "json" };
import gallery from "./gallery.json" with { type: "json" };
import { loadContent } from "./load.ts";
import regions from "./regions.json" with { type: "json" };
import services from "./services.json" with { type: "json" };
import testimonials from "./testimonials.json" with { type: "json" };
import type { Area, Region, Service } from "./schema.ts";

export const content = loadContent({ business, services, regions, areas, gallery, testimonials });
export type { Area, Business, GalleryProject, Image, Region, Service, Testimonial } from "./schema.ts";

export const site = content.business;

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
