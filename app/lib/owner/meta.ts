import type { MetaDescriptor } from "react-router";
import { rootFrom } from "../public-site/seo.ts";

/** The title and robots tag of an owner page (the server also sends X-Robots-Tag: noindex). */
export function ownerMeta(matches: Parameters<typeof rootFrom>[0], title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${rootFrom(matches).business.name}` }, { name: "robots", content: "noindex, nofollow" }];
}
