/**
 * How far the van goes between two of the 32 towns, from their coordinates (app/content/areas.json):
 * the straight line between the town centres, × 1.4 for the roads, at 40 km/h, never under 10
 * minutes between two different towns. An estimate the roofer can trust to err long: it needs
 * no map service, and a town's centre stands for every address in it. Pure.
 */

/** A town as the drive needs it: its slug and its centre (WGS84). */
export interface TownPoint {
  slug: string;
  lat: number;
  lon: number;
}

/** Roads are longer than the straight line: the usual allowance for a county's lanes and towns. */
export const ROAD_FACTOR = 1.4;
/** An average speed over town and country roads with a van, parking included. */
export const SPEED_KMH = 40;
/** The least drive between two different towns: out of one, into the next, parked. */
export const LEAST_DRIVE_MINUTES = 10;
/** A visit this near the visitor's town makes the day a good one to offer (issue 38 §2). */
export const NEAR_KM = 8;

const EARTH_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The straight-line (great-circle) distance between two points, in km. */
export function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The minutes to drive from one town to another, rounded up: none within one town, at least
 * `LEAST_DRIVE_MINUTES` between two; a town not known (undefined) counts as the least drive.
 */
export function driveMinutes(from: TownPoint | undefined, to: TownPoint | undefined): number {
  if (from && to && from.slug === to.slug) return 0;
  if (!from || !to) return LEAST_DRIVE_MINUTES;
  const minutes = Math.ceil(((kmBetween(from, to) * ROAD_FACTOR) / SPEED_KMH) * 60);
  return Math.max(LEAST_DRIVE_MINUTES, minutes);
}

/** Whether two towns are near enough for a visit in one to make a good day for the other. */
export function isNear(a: TownPoint | undefined, b: TownPoint | undefined): boolean {
  return Boolean(a && b && kmBetween(a, b) <= NEAR_KM);
}
