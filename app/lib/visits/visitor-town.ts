/**
 * The town a request is for, as the survey times need it (issue 38 §2): the town of the page the
 * visitor sent it from (/areas/roofers-in-hitchin/), else the nearest of the 32 towns to the
 * postcode district in the address he typed (SG6 3AB: Letchworth, nearest Hitchin), else
 * Stevenage, where the business is. Pure.
 */
import { kmBetween, type TownPoint } from "./drive.ts";
import { POSTCODE_DISTRICTS } from "./postcode-districts.ts";

/** Where the business is: the town of a request that names none. */
export const HOME_TOWN = "stevenage";

/** A full postcode ("SG6 3AB") or a district alone at the end ("Letchworth SG6"). */
const POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)(?:\s*\d[A-Z]{2})?\b/g;

/** The postcode district of an address, when it has one the business serves. */
export function postcodeDistrict(address: string): string | undefined {
  const found = [...address.toUpperCase().matchAll(POSTCODE)].map((match) => match[1]!).filter((district) => district in POSTCODE_DISTRICTS);
  return found.at(-1);
}

/** The nearest of the towns to a point. */
export function nearestTown(point: { lat: number; lon: number }, towns: readonly TownPoint[]): TownPoint | undefined {
  let nearest: TownPoint | undefined;
  for (const town of towns) if (!nearest || kmBetween(point, town) < kmBetween(point, nearest)) nearest = town;
  return nearest;
}

/** The slug of the request's town: its page's, its postcode's nearest, or Stevenage. */
export function visitorTown(request: { page: string; location: string }, towns: readonly TownPoint[]): string {
  const fromPage = /\/areas\/roofers-in-([a-z0-9-]+)\/?/.exec(request.page)?.[1];
  if (fromPage && towns.some((town) => town.slug === fromPage)) return fromPage;
  const district = postcodeDistrict(request.location);
  const point = district && POSTCODE_DISTRICTS[district];
  return (point && nearestTown({ lat: point[0], lon: point[1] }, towns)?.slug) || HOME_TOWN;
}
