/**
 * Every page the site prerenders answers with its content in the HTML itself, so a visitor
 * without JavaScript and a search engine both get it. The HTML is fetched and read directly:
 * what is in it is what any browser gets, and it is much quicker than opening 53 pages.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { aliasPaths, areaPath, canonicalPaths, content, onlyIn, servicePath, SITE_URL, textOf } from "./support.ts";

onlyIn("desktop", "The HTML is the same at every width: read it once.");

interface Expected {
  heading: string;
  /** The path the page's canonical link names. */
  canonical: string;
  faq: boolean;
  contactPage: boolean;
}

const FIXED: Record<string, string> = {
  "/": content.business.tagline,
  "/services": "Our Roofing Services",
  "/gallery": "Our Work",
  "/sitemap": "Sitemap",
  "/contact": "Get In Touch",
  "/privacy": "Privacy Notice",
};

function expectedFor(path: string): Expected {
  const base = { canonical: path, faq: false, contactPage: path === "/contact" };
  if (path in FIXED) return { ...base, heading: FIXED[path]! };
  const region = content.regions.find((r) => `/${r.slug}` === path);
  if (region) return { ...base, heading: `Professional Roofers in ${region.name}` };
  const town = content.areas.find((a) => areaPath(a) === path);
  if (town) return { ...base, heading: `Roofers in ${town.name}` };
  const service = content.services.find((s) => servicePath(s) === path || `/services/${s.slug}` === path);
  if (service) {
    return { ...base, heading: service.headline, canonical: servicePath(service), faq: service.kind === "detail" };
  }
  throw new Error(`No expectation written for ${path}`);
}

interface ReadPage {
  status: number;
  type: string;
  h1s: string[];
  title: string[];
  descriptions: string[];
  canonicals: string[];
  jsonLd: Record<string, unknown>[];
  /** The visible breadcrumb trail, as link texts. */
  crumbs: string[] | undefined;
}

function attr(tag: string, name: string): string | undefined {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"));
  return match ? textOf(match[1]!) : undefined;
}

async function read(request: APIRequestContext, path: string): Promise<ReadPage> {
  const response = await request.get(path, { maxRedirects: 0 });
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const trail = html.match(/<nav[^>]*aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/);
  return {
    status: response.status(),
    type: response.headers()["content-type"] ?? "",
    h1s: [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => textOf(m[1]!)),
    title: [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => textOf(m[1]!)),
    descriptions: [...head.matchAll(/<meta\b[^>]*\sname="description"[^>]*>/g)].map((m) => attr(m[0], "content") ?? ""),
    canonicals: [...head.matchAll(/<link\b[^>]*\srel="canonical"[^>]*>/g)].map((m) => attr(m[0], "href") ?? ""),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
    crumbs: trail ? [...trail[1]!.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]!).replace(/\s*›$/, "")) : undefined,
  };
}

function ofType(items: Record<string, unknown>[], type: string) {
  return items.filter((item) => item["@type"] === type);
}

const PATHS = [...canonicalPaths(), ...aliasPaths()];

test("the site lists 47 pages of its own and 6 second service paths", () => {
  // 6 main pages, 3 regions, 6 services and 32 towns; the spec's counts, so a lost page shows here.
  expect(canonicalPaths()).toHaveLength(47);
  expect(aliasPaths()).toEqual(content.services.map((s) => `/services/${s.slug}`));
  expect(new Set(PATHS).size).toBe(PATHS.length);
});

test("sitemap.xml lists every canonical page and no second service path", async ({ request }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const locs = [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toEqual(canonicalPaths().map((p) => `${SITE_URL}${p}`));
});

for (const path of PATHS) {
  test(`${path} answers 200 with its heading, title, description, canonical link and structured data`, async ({ request }) => {
    const expected = expectedFor(path);
    const page = await read(request, path);

    expect(page.status, "HTTP status").toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.h1s, "exactly one h1, with the page's heading").toEqual([expected.heading]);
    expect(page.title, "one <title>").toHaveLength(1);
    expect(page.title[0]).toContain(content.business.name);
    expect(page.descriptions, "one meta description").toHaveLength(1);
    expect(page.descriptions[0]!.length, "a meta description of some substance").toBeGreaterThan(50);
    expect(page.canonicals, "one absolute canonical link").toEqual([`${SITE_URL}${expected.canonical}`]);
    expect(page.canonicals[0]).toMatch(/^https?:\/\//);

    const business = ofType(page.jsonLd, "RoofingContractor");
    expect(business, "a RoofingContractor in the JSON-LD").toHaveLength(1);
    expect(business[0]).toMatchObject({ name: content.business.name, telephone: "+447700900123", url: `${SITE_URL}/` });

    const breadcrumbData = ofType(page.jsonLd, "BreadcrumbList");
    if (page.crumbs) {
      expect(breadcrumbData, "BreadcrumbList data on a page with breadcrumbs").toHaveLength(1);
      const items = breadcrumbData[0]!.itemListElement as { name: string; item: string; position: number }[];
      expect(items.map((i) => i.name), "the data names the visible breadcrumbs").toEqual(page.crumbs);
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
      expect(items.at(-1)!.item, "the last crumb is the page itself").toBe(`${SITE_URL}${expected.canonical}`);
      for (const item of items) expect(item.item).toMatch(new RegExp(`^${SITE_URL}/`));
    } else {
      expect(path, "only the home page has no breadcrumbs").toBe("/");
      expect(breadcrumbData).toHaveLength(0);
    }

    const faq = ofType(page.jsonLd, "FAQPage");
    if (expected.faq) {
      expect(faq, "FAQPage data on a detail service page").toHaveLength(1);
      expect(faq[0]!.mainEntity as unknown[]).toHaveLength(4);
    } else {
      expect(faq, "no FAQPage data on a page without questions").toHaveLength(0);
    }

    expect(ofType(page.jsonLd, "ContactPage"), "ContactPage data on /contact only").toHaveLength(expected.contactPage ? 1 : 0);
  });
}

test("every canonical page has a title of its own, and a second service path shares its page's title", async ({ request }) => {
  const titles = new Map<string, string>();
  for (const path of PATHS) titles.set(path, (await read(request, path)).title[0] ?? "");
  const canonicalTitles = canonicalPaths().map((p) => titles.get(p));
  const repeated = canonicalTitles.filter((t, i) => canonicalTitles.indexOf(t) !== i);
  expect(repeated, "titles used by more than one page").toEqual([]);
  for (const service of content.services) {
    expect(titles.get(`/services/${service.slug}`)).toBe(titles.get(servicePath(service)));
  }
});
