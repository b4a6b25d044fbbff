/**
 * Parses the content files and checks the references between them. Every problem is reported
 * with the file and the field it is in, and stops the build: a mistake in the data must never
 * reach a visitor as a blank spot or a broken link.
 */
import { z } from "zod";
import {
  areaSchema,
  businessSchema,
  galleryProjectSchema,
  invoicingSchema,
  regionSchema,
  serviceSchema,
  testimonialSchema,
  type Area,
  type Business,
  type GalleryProject,
  type Invoicing,
  type Region,
  type Service,
  type Testimonial,
} from "./schema.ts";

export interface RawContent {
  business: unknown;
  services: unknown;
  regions: unknown;
  areas: unknown;
  gallery: unknown;
  testimonials: unknown;
  invoicing: unknown;
}

export interface Content {
  business: Business;
  services: Service[];
  regions: Region[];
  areas: Area[];
  gallery: GalleryProject[];
  testimonials: Testimonial[];
  /** What invoices need (bank details, the invoice address): its own key, never inside `business`, which every public page is handed. */
  invoicing: Invoicing;
}

/** One problem: the file, the field's path inside it, and what is wrong (said without the file). */
export interface ContentProblem {
  file: ContentFile;
  path: readonly PropertyKey[];
  message: string;
  /** A {fact} written into a sentence that the business facts do not hold. */
  unknownFact?: string;
}

type ContentFile = "business.json" | "services.json" | "regions.json" | "areas.json" | "gallery.json" | "testimonials.json" | "invoicing.json";

export class ContentError extends Error {
  /** Each problem as a developer reads it: "app/content/areas.json: [3].nearby[0]: …". */
  readonly problems: string[];
  /** The same problems by file and field, for the owner's pages to say in words. */
  readonly details: ContentProblem[];

  constructor(details: ContentProblem[]) {
    const problems = details.map(({ file, path, message }) => `app/content/${file}: ${fieldPath(path) || "(whole file)"}: ${message}`);
    super(`The site's content has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ContentError";
    this.problems = problems;
    this.details = details;
  }
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    "",
  );
}

function parseFile<T>(file: ContentFile, schema: z.ZodType<T>, raw: unknown, problems: ContentProblem[]): T | undefined {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) problems.push({ file, path: issue.path, message: issue.message });
  return undefined;
}

function checkUnique(file: ContentFile, field: string, values: string[], problems: ContentProblem[]) {
  const seen = new Set<string>();
  values.forEach((value, i) => {
    if (seen.has(value)) problems.push({ file, path: [i, field], message: `"${value}" is used twice` });
    seen.add(value);
  });
}

/**
 * Business facts that other files state in their own sentences, written there as {name}: one
 * figure in business.json, so two pages can never disagree about it (decision 7).
 */
export function textFacts(business: Pick<Business, "claims"> | undefined): Record<string, string> {
  // When business.json itself did not parse, its problems are reported already: a stand-in
  // figure lets the other files still be judged (a sentence's length, say) as they would be.
  return { experienceYears: String(business?.claims.experienceYears ?? 0) };
}

function insertFacts(file: ContentFile, raw: unknown, business: Business | undefined, problems: ContentProblem[]): unknown {
  const facts = textFacts(business);
  const walk = (value: unknown, path: PropertyKey[]): unknown => {
    if (typeof value === "string") {
      return value.replace(/\{(\w+)\}/g, (whole, name: string) => {
        if (name in facts) return facts[name]!;
        problems.push({ file, path, message: `{${name}} is not a fact business.json holds (known: ${Object.keys(facts).join(", ")})`, unknownFact: name });
        return whole;
      });
    }
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i]));
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key])]));
    return value;
  };
  return walk(raw, []);
}

export function loadContent(raw: RawContent): Content {
  const problems: ContentProblem[] = [];
  const business = parseFile("business.json", businessSchema, raw.business, problems);
  const withFacts = (file: ContentFile, value: unknown) => insertFacts(file, value, business, problems);
  const services = parseFile("services.json", z.array(serviceSchema).min(1), withFacts("services.json", raw.services), problems);
  const regions = parseFile("regions.json", z.array(regionSchema).min(1), withFacts("regions.json", raw.regions), problems);
  const areas = parseFile("areas.json", z.array(areaSchema).min(1), withFacts("areas.json", raw.areas), problems);
  const gallery = parseFile("gallery.json", z.array(galleryProjectSchema).min(1, "must have at least one project").max(60, "must have at most 60 projects"), withFacts("gallery.json", raw.gallery), problems);
  const testimonials = parseFile("testimonials.json", z.array(testimonialSchema).min(1, "must have at least one testimonial").max(30, "must have at most 30 testimonials"), withFacts("testimonials.json", raw.testimonials), problems);

  const invoicing = parseFile("invoicing.json", invoicingSchema, raw.invoicing, problems);

  crossCheck({ services, regions, areas, gallery, testimonials }, problems);
  if (problems.length > 0 || !business || !services || !regions || !areas || !gallery || !testimonials || !invoicing) {
    throw new ContentError(problems);
  }
  return { business, services, regions, areas, gallery, testimonials, invoicing };
}

/**
 * The references between files. A file that did not parse is left out, and a reference into it
 * is not judged, so one broken file does not hide the other files' problems behind false ones.
 */
function crossCheck(
  parsed: { services?: Service[]; regions?: Region[]; areas?: Area[]; gallery?: GalleryProject[]; testimonials?: Testimonial[] },
  problems: ContentProblem[],
) {
  const { services = [], regions = [], areas = [], gallery = [], testimonials = [] } = parsed;
  const known = (list: { slug: string }[] | undefined) => (list ? new Set(list.map((item) => item.slug)) : undefined);
  const areaSlugs = known(parsed.areas);
  const serviceSlugs = known(parsed.services);
  const regionSlugs = known(parsed.regions);
  const missing = (set: Set<string> | undefined, slug: string) => set !== undefined && !set.has(slug);

  checkUnique("areas.json", "slug", areas.map((a) => a.slug), problems);
  checkUnique("areas.json", "name", areas.map((a) => a.name), problems);
  checkUnique("services.json", "slug", services.map((s) => s.slug), problems);
  checkUnique("regions.json", "slug", regions.map((r) => r.slug), problems);
  // Region hubs live at /{slug} beside the site's own pages: a clash would hide one of them.
  const reserved = new Set(["services", "gallery", "sitemap", "contact", "privacy", "areas"]);
  regions.forEach((r, i) => {
    if (reserved.has(r.slug)) problems.push({ file: "regions.json", path: [i, "slug"], message: `"${r.slug}" is a path the site already uses` });
  });

  if (parsed.areas) {
    regions.forEach((region, i) => {
      const count = areas.filter((a) => a.region === region.slug).length;
      if (count !== region.townCount) {
        problems.push({ file: "regions.json", path: [i, "townCount"], message: `region "${region.slug}" should hold ${region.townCount} towns, areas.json has ${count}` });
      }
    });
  }

  areas.forEach((area, i) => {
    if (missing(regionSlugs, area.region)) {
      problems.push({ file: "areas.json", path: [i, "region"], message: `"${area.region}" is not a region in regions.json` });
    }
    area.nearby.forEach((slug, j) => {
      if (slug === area.slug) problems.push({ file: "areas.json", path: [i, "nearby", j], message: "a town cannot be its own neighbour" });
      else if (missing(areaSlugs, slug)) problems.push({ file: "areas.json", path: [i, "nearby", j], message: `"${slug}" is not a town in areas.json` });
    });
    checkUnique("areas.json", `nearby (of ${area.slug})`, area.nearby, problems);
  });

  services.forEach((service, i) => {
    const at = (path: PropertyKey[], message: string) => problems.push({ file: "services.json", path: [i, ...path], message });
    const isDetail = service.kind === "detail";
    if (isDetail && service.faqs.length !== 4) at(["faqs"], `a detail page has 4 questions, found ${service.faqs.length}`);
    if (!isDetail && service.faqs.length !== 0) at(["faqs"], "only detail pages have questions");
    if (!isDetail && service.stats.length !== 3) at(["stats"], `a Stevenage page has 3 stats, found ${service.stats.length}`);
    const areaCount = isDetail ? 6 : 8;
    if (service.areas.length !== areaCount) at(["areas"], `a ${service.kind} page links ${areaCount} towns, found ${service.areas.length}`);
    service.areas.forEach((slug, j) => {
      if (missing(areaSlugs, slug)) at(["areas", j], `"${slug}" is not a town in areas.json`);
    });
    service.related.forEach((slug, j) => {
      if (slug === service.slug) at(["related", j], "a service cannot be related to itself");
      else if (missing(serviceSlugs, slug)) at(["related", j], `"${slug}" is not a service in services.json`);
    });
  });

  gallery.forEach((project, i) => {
    if (missing(areaSlugs, project.location)) {
      problems.push({ file: "gallery.json", path: [i, "location"], message: `"${project.location}" is not a town in areas.json` });
    }
  });
  // Several projects may share a kind of job: the owner adds his own (decision 16).
  testimonials.forEach((t, i) => {
    if (missing(areaSlugs, t.location)) {
      problems.push({ file: "testimonials.json", path: [i, "location"], message: `"${t.location}" is not a town in areas.json` });
    }
  });
}
