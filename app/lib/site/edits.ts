/**
 * The owner's edits to the site: the fields he changed, over the repository's content files
 * (decision 16). An edit holds only what differs from the files, field by field, so a redeploy
 * brings every change a developer made to the files except where the owner changed the same
 * field; there his published value stays. The same checks apply to both: the content files'
 * schemas, through `loadContent`.
 */
import type { Content, RawContent } from "../../content/load.ts";
import type { Business } from "../../content/schema.ts";

/** The business facts the owner edits at /admin/site. Names, pages and towns stay a developer's. */
export const EDITABLE_BUSINESS_FIELDS = ["phone", "chatNumber", "email", "openingHours", "closure", "claims", "googleReviewUrl", "social"] as const;
export type EditableBusinessField = (typeof EDITABLE_BUSINESS_FIELDS)[number];

export interface SiteEdits {
  /** The fields that differ from the files; null for one the owner left out that the files hold (no chat number of its own, no notice). */
  business?: Partial<Record<EditableBusinessField, unknown>>;
  /** The whole list, when the owner changed it: testimonials have no identity to merge by. */
  testimonials?: unknown[];
  /** The whole list of gallery projects, when the owner changed it. */
  gallery?: unknown[];
  /** Page texts the owner rewrote, by the page's slug: only the fields he changed. */
  texts?: {
    services?: Record<string, ServiceTexts>;
    areas?: Record<string, AreaTexts>;
  };
}

/** A service page's texts the owner words himself: its opening paragraphs and its FAQ answers. */
export interface ServiceTexts {
  intro?: string[];
  /** Answers by the question's position; the questions stay the developer's. */
  answers?: string[];
}

/** A town page's texts: its intro and its four paragraphs about the town's roofs. */
export interface AreaTexts {
  intro?: string;
  local?: Record<string, string>;
}

/** One page's texts as a form posts them: a service's or a town's. */
export interface PageTexts {
  intro?: string | string[];
  answers?: string[];
  local?: Record<string, string>;
}

type Raw = Record<string, unknown> & { slug: string };

/** The files' list with the owner's texts laid over each page named in `texts`. */
function withTexts(list: unknown, texts: Record<string, ServiceTexts | AreaTexts> | undefined, apply: (item: Raw, texts: never) => Raw): unknown {
  if (!texts || !Array.isArray(list)) return list;
  return (list as Raw[]).map((item) => (texts[item.slug] ? apply(item, texts[item.slug] as never) : item));
}

const serviceTexts = (item: Raw, texts: ServiceTexts): Raw => ({
  ...item,
  ...(texts.intro ? { intro: texts.intro } : {}),
  ...(texts.answers ? { faqs: (item.faqs as { question: string; answer: string }[]).map((faq, i) => ({ ...faq, answer: texts.answers![i] ?? faq.answer })) } : {}),
});

const areaTexts = (item: Raw, texts: AreaTexts): Raw => ({
  ...item,
  ...(texts.intro !== undefined ? { intro: texts.intro } : {}),
  ...(texts.local ? { local: { ...(item.local as object), ...texts.local } } : {}),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The business facts with the owner's fields laid over them; a field he left out (null) is gone. */
function withFacts(files: unknown, edited: SiteEdits["business"]): unknown {
  const business: Record<string, unknown> = { ...(files as object), ...edited };
  for (const [field, value] of Object.entries(edited ?? {})) if (value === null) delete business[field];
  return business;
}

/** The content files with the edits laid over them, ready for `loadContent` to check. */
export function applyEdits(files: RawContent, edits: SiteEdits): RawContent {
  return {
    ...files,
    business: withFacts(files.business, edits.business),
    testimonials: edits.testimonials ?? files.testimonials,
    gallery: edits.gallery ?? files.gallery,
    services: withTexts(files.services, edits.texts?.services, serviceTexts),
    areas: withTexts(files.areas, edits.texts?.areas, areaTexts),
  };
}

/**
 * The edits with one page's texts set, keeping only what differs from the files (so a page put
 * back as it was leaves no edit behind).
 */
export function withPageTexts(files: RawContent, edits: SiteEdits, kind: "services" | "areas", slug: string, texts: PageTexts): SiteEdits {
  const item = (files[kind] as Raw[]).find((entry) => entry.slug === slug);
  if (!item) return edits;
  const kept: Record<string, unknown> = {};
  if (texts.intro !== undefined && !same(item.intro, texts.intro)) kept.intro = texts.intro;
  if (texts.answers && !same((item.faqs as { answer: string }[]).map((faq) => faq.answer), texts.answers)) kept.answers = texts.answers;
  if (texts.local) {
    const local = Object.fromEntries(Object.entries(texts.local).filter(([key, value]) => (item.local as Record<string, string>)[key] !== value));
    if (Object.keys(local).length) kept.local = local;
  }
  const pages = { ...edits.texts?.[kind] } as Record<string, PageTexts>;
  if (Object.keys(kept).length) pages[slug] = kept;
  else delete pages[slug];
  const allTexts: NonNullable<SiteEdits["texts"]> = { ...edits.texts, [kind]: pages };
  if (Object.keys(pages).length === 0) delete allTexts[kind];
  const next: SiteEdits = { ...edits, texts: allTexts };
  if (Object.keys(allTexts).length === 0) delete next.texts;
  return next;
}

/** The edits with one list set: dropped again when it is the files' own list. */
export function withList(files: RawContent, edits: SiteEdits, list: "testimonials" | "gallery", value: unknown[]): SiteEdits {
  const next: SiteEdits = { ...edits, [list]: value };
  if (same(files[list], value)) delete next[list];
  return next;
}

/**
 * The edits that make the files say `business`: only the fields that differ from the files. A
 * field left out (undefined) that the files hold is kept as null, so the edit survives storage.
 * The draft's other edits (testimonials, gallery, page texts) stay as they are: saving the facts
 * never takes back a testimonial already live.
 */
export function editsFor(files: RawContent, business: Partial<Record<EditableBusinessField, unknown>>, draft: SiteEdits = {}): SiteEdits {
  const fromFiles = files.business as Record<string, unknown>;
  const changed = Object.entries(business)
    .filter(([field, value]) => !same(fromFiles[field], value))
    .map(([field, value]) => [field, value ?? null]);
  const next: SiteEdits = { ...draft };
  delete next.business;
  if (changed.length) next.business = Object.fromEntries(changed);
  return next;
}

const FIELD_NAMES: Record<EditableBusinessField, string> = {
  phone: "Phone number",
  chatNumber: "Chat number (WhatsApp)",
  email: "E-mail address",
  openingHours: "Opening hours",
  closure: "Closure notice",
  claims: "Promises and guarantees",
  googleReviewUrl: "Google review link",
  social: "Social links",
};

const hoursText = (hours: Business["openingHours"]) =>
  hours.map((row) => `${row.label} ${row.opens && row.closes ? `${row.opens}–${row.closes}` : "closed"}`).join(", ");

/** How a field's value reads in a summary line. */
function valueText(field: EditableBusinessField, business: Business): string | undefined {
  switch (field) {
    case "phone":
      return business.phone.display;
    case "chatNumber":
      return business.chatNumber ? `+${business.chatNumber}` : "same as the phone number";
    case "googleReviewUrl":
      return business.googleReviewUrl ?? "none";
    case "email":
      return business.email;
    case "openingHours":
      return hoursText(business.openingHours);
    case "closure":
      return business.closure ? `"${business.closure.message}" until ${business.closure.until}` : "none";
    default:
      return undefined;
  }
}

/**
 * What publishing `next` over `live` changes, in the owner's words: "Phone number: 07700 900123 →
 * 01438 555123, on all 55 pages". Every business fact is shown on every page (the header, the
 * footer, the structured data), so each changes them all.
 */
export function describeChanges(live: Content, next: Content, pageCount: number): string[] {
  const facts = EDITABLE_BUSINESS_FIELDS.filter((field) => !same(live.business[field], next.business[field])).map((field) => {
    const before = valueText(field, live.business);
    const after = valueText(field, next.business);
    const values = before && after ? `: ${before} → ${after}` : "";
    return `${FIELD_NAMES[field]}${values}, on all ${pageCount} pages`;
  });
  const lists: string[] = [];
  if (!same(live.testimonials, next.testimonials)) lists.push(`Testimonials: ${listChange(live.testimonials, next.testimonials, (t) => `${t.name}|${t.text}`)}, on the home and gallery pages`);
  if (!same(live.gallery, next.gallery)) lists.push(`Gallery: ${listChange(live.gallery, next.gallery, (p) => p.title)}, on the gallery page`);
  const texts = [
    ...next.services.filter((service, i) => !same(service, live.services[i])).map((service) => `Texts of the ${service.name} page, on that page`),
    ...next.areas.filter((area, i) => !same(area, live.areas[i])).map((area) => `Texts of the ${area.name} town page, on that page`),
  ];
  return [...facts, ...lists, ...texts];
}

/** "1 added, 2 changed", "order changed": how a list differs, by an item's key. */
function listChange<T>(before: T[], after: T[], key: (item: T) => string): string {
  const was = new Map(before.map((item) => [key(item), item]));
  const now = new Map(after.map((item) => [key(item), item]));
  const added = [...now.keys()].filter((k) => !was.has(k)).length;
  const removed = [...was.keys()].filter((k) => !now.has(k)).length;
  const changed = [...now].filter(([k, item]) => was.has(k) && !same(was.get(k), item)).length;
  const parts = [added && `${added} added`, changed && `${changed} changed`, removed && `${removed} removed`].filter(Boolean);
  return parts.length ? parts.join(", ") : "order changed";
}
