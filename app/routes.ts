import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { content, servicePath } from "./content/index.ts";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  // Each service has two paths showing one page: /{slug}-in-stevenage (canonical, one route per
  // service because a segment cannot be half static) and /services/{slug}.
  ...content.services.map((service) =>
    route(servicePath(service).slice(1), "routes/service.tsx", { id: `service-${service.slug}` }),
  ),
  route("services/:slug", "routes/service.tsx", { id: "service-alias" }),
  route("gallery", "routes/gallery.tsx"),
  route("sitemap", "routes/sitemap.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("api/contact", "routes/api-contact.ts"),
  // Area pages are /areas/roofers-in-{slug}/ with a trailing slash. The "roofers-in-" prefix is
  // checked by the loader: a segment cannot be half static.
  route("areas/:slug", "routes/area.tsx"),
  // Region hubs sit at the top level (/hertfordshire); the loader answers 404 for anything else.
  route(":region", "routes/region.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
