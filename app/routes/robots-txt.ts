import { siteUrl } from "~/lib/public-site/seo.ts";

export function loader() {
  const body = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /q/\nDisallow: /c/\n\nSitemap: ${siteUrl()}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
