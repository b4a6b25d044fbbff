import { describe, expect, it } from "vitest";
import areas from "./areas.json" with { type: "json" };
import business from "./business.json" with { type: "json" };
import gallery from "./gallery.json" with { type: "json" };
import invoicing from "./invoicing.json" with { type: "json" };
import { fileContent as content, canonicalPaths, aliasPaths } from "./index.ts";
import { ContentError, loadContent, type RawContent } from "./load.ts";
import regions from "./regions.json" with { type: "json" };
import services from "./services.json" with { type: "json" };
import testimonials from "./testimonials.json" with { type: "json" };

const raw = (): RawContent => structuredClone({ business, services, regions, areas, gallery, testimonials, invoicing });

function problemsOf(change: (c: RawContent & { areas: any[]; services: any[]; business: any }) => void): string[] {
  const input = raw() as RawContent & { areas: any[]; services: any[]; business: any };
  change(input);
  try {
    loadContent(input);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe("the content as shipped", () => {
  it("has the spec's counts", () => {
    expect(content.services).toHaveLength(6);
    expect(content.gallery).toHaveLength(6);
    expect(content.testimonials).toHaveLength(3);
    expect(content.areas).toHaveLength(32);
    const perRegion = Object.fromEntries(content.regions.map((r) => [r.slug, content.areas.filter((a) => a.region === r.slug).length]));
    expect(perRegion).toEqual({ hertfordshire: 10, essex: 12, "north-london": 10 });
  });

  it("lists the spec's 32 town slugs", () => {
    expect(content.areas.map((a) => a.slug).sort()).toEqual(
      [
        "st-albans", "watford", "hemel-hempstead", "stevenage", "hitchin", "harpenden", "welwyn-garden-city", "hatfield",
        "bishops-stortford", "hertford", "chelmsford", "colchester", "brentwood", "billericay", "basildon", "southend-on-sea",
        "maldon", "braintree", "witham", "harlow", "epping", "rayleigh", "enfield", "barnet", "finchley", "muswell-hill",
        "highgate", "islington", "crouch-end", "edgware", "golders-green", "totteridge-and-whetstone",
      ].sort(),
    );
  });

  it("gives every town 2 to 4 neighbours drawn from its nearest towns", () => {
    for (const town of content.areas) {
      expect(town.nearby.length).toBeGreaterThanOrEqual(2);
      expect(town.nearby.length).toBeLessThanOrEqual(4);
      const nearest = content.areas
        .filter((other) => other.slug !== town.slug)
        .sort((a, b) => distanceKm(town, a) - distanceKm(town, b))
        .slice(0, 5)
        .map((a) => a.slug);
      for (const slug of town.nearby) expect(nearest, `${town.slug} → ${slug}`).toContain(slug);
    }
  });

  it("overrides the meta description for Chelmsford and Barnet only", () => {
    expect(content.areas.filter((a) => a.metaDescription).map((a) => a.slug).sort()).toEqual(["barnet", "chelmsford"]);
  });

  it("has four FAQs on each detail page and three stats on each Stevenage page", () => {
    for (const service of content.services) {
      if (service.kind === "detail") expect(service.faqs).toHaveLength(4);
      else expect(service.stats).toHaveLength(3);
    }
    expect(content.services.filter((s) => s.kind === "detail").map((s) => s.slug)).toEqual([
      "roof-repairs", "new-roof-installation", "flat-roofing", "pitched-roofing",
    ]);
  });

  it("prerenders every page once, with no duplicate path", () => {
    const paths = [...canonicalPaths(), ...aliasPaths()];
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/areas/roofers-in-totteridge-and-whetstone/");
    expect(paths).toContain("/services/guttering-fascias");
    expect(canonicalPaths()).not.toContain("/services/guttering-fascias");
  });
});

describe("a mistake in the content stops the build, naming the file and field", () => {
  it("an unknown nearby town", () => {
    expect(problemsOf((c) => (c.areas[3].nearby[0] = "letchworth"))).toContain(
      'app/content/areas.json: [3].nearby[0]: "letchworth" is not a town in areas.json',
    );
  });

  it("a slug that is not lowercase and hyphenated", () => {
    expect(problemsOf((c) => (c.areas[0].slug = "St Albans"))).toContain(
      "app/content/areas.json: [0].slug: must be lowercase words joined by hyphens",
    );
  });

  it("a duplicate slug", () => {
    const problems = problemsOf((c) => (c.areas[1].slug = c.areas[0].slug));
    expect(problems).toContain('app/content/areas.json: [1].slug: "st-albans" is used twice');
  });

  it("a region with the wrong number of towns", () => {
    expect(problemsOf((c) => (c.areas[0].region = "essex"))).toEqual([
      'app/content/regions.json: [0].townCount: region "hertfordshire" should hold 10 towns, areas.json has 9',
      'app/content/regions.json: [1].townCount: region "essex" should hold 12 towns, areas.json has 13',
    ]);
  });

  it("a malformed phone number", () => {
    expect(problemsOf((c) => (c.business.phone.e164 = "07700 900123"))).toContain(
      "app/content/business.json: phone.e164: must be an international number such as +447700900123",
    );
  });

  it("a fact written into a sentence that business.json does not hold", () => {
    expect(problemsOf((c) => (c.services[0].intro[0] = "More than {experienceYear} years."))).toContain(
      "app/content/services.json: [0].intro[0]: {experienceYear} is not a fact business.json holds (known: experienceYears)",
    );
  });

  it("a town that is its own neighbour", () => {
    expect(problemsOf((c) => (c.areas[0].nearby = ["st-albans", "watford"]))).toContain(
      "app/content/areas.json: [0].nearby[0]: a town cannot be its own neighbour",
    );
  });

  it("too many neighbours", () => {
    const problems = problemsOf((c) => (c.areas[1].nearby = ["st-albans", "hitchin", "harpenden", "hatfield", "hertford"]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^app\/content\/areas\.json: \[1\]\.nearby: /);
  });

  it("a detail service with three FAQs", () => {
    expect(problemsOf((c) => c.services[0].faqs.pop())).toContain(
      "app/content/services.json: [0].faqs: a detail page has 4 questions, found 3",
    );
  });

  it("a 33rd town is one entry in areas.json and its region's count in regions.json", () => {
    const letchworth = { ...(raw().areas as object[])[3], slug: "letchworth", name: "Letchworth", nearby: ["hitchin", "stevenage"] };
    expect(problemsOf((c) => c.areas.push(letchworth))).toEqual([
      'app/content/regions.json: [0].townCount: region "hertfordshire" should hold 10 towns, areas.json has 11',
    ]);
    const input = raw() as RawContent & { areas: any[]; regions: any[] };
    input.areas.push(letchworth);
    input.regions[0].townCount = 11;
    const loaded = loadContent(input);
    expect(loaded.areas.filter((a) => a.region === "hertfordshire")).toHaveLength(11);
  });
});
