/**
 * The one place that turns what a page says about itself (title, description, path,
 * breadcrumbs, extra structured data) into meta tags, the canonical link and JSON-LD.
 */
import type { MetaDescriptor } from "react-router";
import type { Business } from "~/content/schema.ts";

export interface Crumb {
  name: string;
  path: string;
}

export interface PageSeo {
  /** The page's own title; the business name is added here. */
  title: string;
  description: string;
  /** Canonical path, e.g. "/contact" or "/areas/roofers-in-watford/". */
  path: string;
  /** Breadcrumbs after Home; Home is added here. Omit on pages without breadcrumbs. */
  breadcrumbs?: Crumb[];
  /** Further JSON-LD objects, such as FAQPage or ContactPage. */
  jsonLd?: Record<string, unknown>[];
  /** True for pages that must not be indexed (not-found). */
  noindex?: boolean;
}

/** Absolute base of canonical links, from SITE_URL at build time. */
export function siteUrl(): string {
  const raw = (typeof process !== "undefined" && process.env.SITE_URL) || "https://www.example.com";
  return raw.replace(/\/+$/, "");
}

export function absoluteUrl(base: string, path: string): string {
  return `${base}${path}`;
}

/** The size of every page's social picture (the large card that sites and chat apps show). */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: "image/png" } as const;

/**
 * Where a page's social picture is, before the build names it by its content: the build draws
 * it (scripts/build-social-images.ts), then writes `{name}.{hash}.png` in its place in the pages,
 * so the picture can be cached for a year and still change when the page does.
 */
export function socialImagePath(pagePath: string): string {
  const name = pagePath === "/" ? "home" : pagePath.replace(/^\/|\/$/g, "").replaceAll("/", "-");
  return `/images/social/${name}.png`;
}

const DAY_ORDER = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** What the root loader gives every page's meta: the canonical base and the business facts. */
export interface SeoRoot {
  siteUrl: string;
  business: Business;
}

export function businessJsonLd(base: string, site: Business): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "RoofingContractor",
    "@id": `${base}/#business`,
    name: site.name,
    description: site.tagline,
    url: `${base}/`,
    telephone: site.phone.e164,
    email: site.email,
    image: `${base}/logo.svg`,
    logo: `${base}/logo.svg`,
    priceRange: site.priceRange,
    address: {
      "@type": "PostalAddress",
      addressLocality: site.base.town,
      addressRegion: site.base.county,
      addressCountry: site.base.country,
    },
    areaServed: ["Stevenage", "Hertfordshire", "Essex", "North London"].map((name) => ({ "@type": "Place", name })),
    openingHoursSpecification: site.openingHours
      .filter((row) => row.opens && row.closes)
      .map((row) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [...row.days].sort((a, b) => DAY_ORDER.indexOf(a) - DAY_ORDER.indexOf(b)),
        opens: row.opens,
        closes: row.closes,
      })),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: site.rating.value,
      reviewCount: site.rating.count,
      bestRating: 5,
    },
    sameAs: site.social.map((s) => s.url),
  };
}

export function breadcrumbJsonLd(base: string, crumbs: Crumb[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(base, crumb.path),
    })),
  };
}

export function faqJsonLd(faqs: { question: string; answer: string }[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: faq.answer },
    })),
  };
}

export const HOME_CRUMB: Crumb = { name: "Home", path: "/" };

/** Meta tags for a page. `root` comes from the root loader, so it is the same on server and client. */
export function seo(root: SeoRoot, page: PageSeo): MetaDescriptor[] {
  const { siteUrl: base, business: site } = root;
  const url = absoluteUrl(base, page.path);
  const title = page.path === "/" ? page.title : `${page.title} | ${site.name}`;
  const graph = [businessJsonLd(base, site)];
  if (page.breadcrumbs) graph.push(breadcrumbJsonLd(base, [HOME_CRUMB, ...page.breadcrumbs]));
  graph.push(...(page.jsonLd ?? []));
  // The social picture shows the page's title, the business and its phone: its alt says the same.
  const imageAlt = `${page.title.replace(` | ${site.name}`, "")}: ${site.name}, call ${site.phone.display}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(page.noindex
      ? [{ name: "twitter:card", content: "summary" }]
      : [
          { property: "og:image", content: absoluteUrl(base, socialImagePath(page.path)) },
          { property: "og:image:type", content: SOCIAL_IMAGE.type },
          { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
          { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
          { property: "og:image:alt", content: imageAlt },
          { name: "twitter:card", content: "summary_large_image" },
          { name: "twitter:image:alt", content: imageAlt },
        ]),
    ...graph.map((item) => ({ "script:ld+json": item })),
  ];
}

/** The root loader's data, read from a meta function's matches. */
export function rootFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): SeoRoot {
  const root = matches.find((m) => m?.id === "root")?.loaderData as SeoRoot | undefined;
  if (!root) throw new Error("The root loader's data is missing");
  return root;
}

/** Meta for the not-found page, also used by a route whose loader found nothing. */
export function notFoundMeta(root?: SeoRoot): MetaDescriptor[] {
  return [
    { title: root ? `Page not found | ${root.business.name}` : "Page not found" },
    { name: "description", content: "The page you were looking for could not be found." },
    { name: "robots", content: "noindex" },
  ];
}

type MetaMatches = Parameters<typeof rootFrom>[0];

/** Meta for a page its loader looks up (a region, a town, a service): the not-found page's when it finds none. */
export function foundPageSeo<T>({ loaderData, matches }: { loaderData: T | undefined; matches: MetaMatches }, page: (found: T) => PageSeo): MetaDescriptor[] {
  const root = rootFrom(matches);
  return loaderData ? seo(root, page(loaderData)) : notFoundMeta(root);
}

/**
 * A page one step below home (Our Services, Gallery, Privacy, Sitemap): the one crumb its hero
 * shows, and its meta, whose words may use the business's facts.
 */
export function topPage(name: string, path: string, page: (root: SeoRoot) => Pick<PageSeo, "title" | "description" | "jsonLd">) {
  const breadcrumbs: Crumb[] = [{ name, path }];
  const meta = ({ matches }: { matches: MetaMatches }): MetaDescriptor[] => {
    const root = rootFrom(matches);
    return seo(root, { ...page(root), path, breadcrumbs });
  };
  return { breadcrumbs, meta };
}
