/** A list's items, one link each, styled alike; `current` marks the page the visitor is on. */
export function LinkItems({ links, className, current }: { links: readonly { name: string; path: string }[]; className: string; current?: (path: string) => "page" | undefined }) {
  return links.map((link) => (
    <li key={link.path}>
      <a href={link.path} className={className} aria-current={current?.(link.path)}>
        {link.name}
      </a>
    </li>
  ));
}

/** The site's own pages, by the names its menus give them. */
export const SITE_PAGES = {
  home: { name: "Home", path: "/" },
  services: { name: "Our Services", path: "/services" },
  gallery: { name: "Gallery", path: "/gallery" },
  contact: { name: "Contact", path: "/contact" },
  sitemap: { name: "Sitemap", path: "/sitemap" },
  privacy: { name: "Privacy", path: "/privacy" },
} as const;
