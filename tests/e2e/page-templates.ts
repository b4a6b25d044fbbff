/**
 * One page of each template the site renders, by name. Every sweep that must cover the whole
 * site (axe, keyboard focus, reflow, forced colours, target size, the screenshots) walks this
 * list, so a new template added here is checked everywhere at once. A service's second path
 * (/services/{slug}) renders the same template and HTML as its first, save the canonical link
 * (the HTML checker, the links and the budgets check every such page), so it is not walked twice.
 */
export const PAGE_TEMPLATES: Record<string, string> = {
  home: "/",
  services: "/services",
  "service detail": "/roof-repairs-in-stevenage",
  "Stevenage service": "/guttering-fascias-in-stevenage",
  gallery: "/gallery",
  sitemap: "/sitemap",
  contact: "/contact",
  privacy: "/privacy",
  region: "/north-london",
  area: "/areas/roofers-in-bishops-stortford/",
  "not found": "/no-such-page",
};
