/** sitemap.xml: every canonical page once, from the same content as the pages. */
import { canonicalPaths } from "~/content/index.ts";
import { siteUrl } from "~/lib/public-site/seo.ts";
import { contentOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/sitemap-xml";

export function loader({ context }: Route.LoaderArgs) {
  const base = siteUrl();
  const lastmod = new Date().toISOString().slice(0, 10);
  const urls = canonicalPaths(contentOf(context))
    .map((path) => `  <url><loc>${base}${path}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
