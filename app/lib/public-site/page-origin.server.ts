/** The page a request came from, in the owner's words and in the groups of the sources report. */
import { areaPath, fileContent as content, regionPath, serviceAliasPath, servicePath } from "../../content/index.ts";

export type PageGroup = "town" | "region" | "service" | "home" | "contact" | "other";

export const PAGE_GROUP_NAMES: Record<PageGroup, string> = {
  town: "Town pages",
  region: "Region pages",
  service: "Service pages",
  home: "Home page",
  contact: "Contact page",
  other: "Other pages",
};

export interface PageOrigin {
  group: PageGroup;
  /** "Home page", "Watford town page", "Roof Repairs page". */
  name: string;
}

const KNOWN = new Map<string, PageOrigin>([
  ["/", { group: "home", name: "Home page" }],
  ["/contact", { group: "contact", name: "Contact page" }],
  ["/services", { group: "service", name: "Our Services page" }],
  ...content.areas.map((area) => [areaPath(area), { group: "town", name: `${area.name} town page` }] as const),
  ...content.services.flatMap((service) => [
    [servicePath(service), { group: "service", name: `${service.name} page` }] as const,
    [serviceAliasPath(service), { group: "service", name: `${service.name} page` }] as const,
  ]),
  ...content.regions.map((region) => [regionPath(region), { group: "region", name: `${region.name} page` }] as const),
]);

export function pageOrigin(path: string): PageOrigin {
  return KNOWN.get(path) ?? KNOWN.get(path.replace(/\/$/, "")) ?? { group: "other", name: path };
}
