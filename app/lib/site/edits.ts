/**
 * The owner's edits to the site: the fields he changed, over the repository's content files
 * (decision 16). An edit holds only what differs from the files, field by field, so a redeploy
 * brings every change a developer made to the files except where the owner changed the same
 * field; there his published value stays. The same checks apply to both: the content files'
 * schemas, through `loadContent`.
 */
import type { Content, RawContent } from "../../content/load.ts";
import type { Business, Invoicing } from "../../content/schema.ts";
import { hoursSpanWords } from "../time/clock-words.ts";

/** The business facts the owner edits at /admin/site. Names, pages and towns stay a developer's. */
export const EDITABLE_BUSINESS_FIELDS = ["phone", "chatNumber", "email", "openingHours", "closure", "claims", "vatNumber", "googleReviewUrl", "social"] as const;
export type EditableBusinessField = (typeof EDITABLE_BUSINESS_FIELDS)[number];

/** What the invoices need, edited at /admin/site/invoicing: all of it, and never on a public page. */
export const INVOICING_FIELDS = ["postalAddress", "accountName", "sortCode", "accountNumber", "paymentTermsDays", "cardPaymentLink"] as const satisfies readonly (keyof Invoicing)[];
export type InvoicingField = (typeof INVOICING_FIELDS)[number];

export interface SiteEdits {
  /** The fields that differ from the files; null for one the owner left out that the files hold (no chat number of its own, no notice). */
  business?: Partial<Record<EditableBusinessField, unknown>>;
  /**
   * What the invoices need, the same way: the fields that differ from the files, null for one left
   * out. Versions published before it existed have none, and read the files' values.
   */
  invoicing?: Partial<Record<InvoicingField, unknown>>;
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

/** A town page's four paragraphs about its roofs, by their key, as the owner's pages name them. */
export const LOCAL_FIELDS = [
  ["homes", "The town's homes"],
  ["conservation", "Conservation areas"],
  ["weather", "Weather and exposure"],
  ["problems", "The roof problems we meet there"],
] as const;

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

/** The business facts (or the invoicing facts) with the owner's fields laid over them; a field he left out (null) is gone. */
function withFacts(files: unknown, edited: Record<string, unknown> | undefined): unknown {
  const facts: Record<string, unknown> = { ...(files as object), ...edited };
  for (const [field, value] of Object.entries(edited ?? {})) if (value === null) delete facts[field];
  return facts;
}

/** The content files with the edits laid over them, ready for `loadContent` to check. */
export function applyEdits(files: RawContent, edits: SiteEdits): RawContent {
  return {
    ...files,
    business: withFacts(files.business, edits.business),
    invoicing: withFacts(files.invoicing, edits.invoicing),
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
 * The edits with these business facts set, every other edit kept as it is (a short page saves
 * only its own fields): a field is kept only while it differs from the files, and one left out
 * (undefined) that the files hold is kept as null, so the edit survives storage.
 */
export function withBusiness(files: RawContent, edits: SiteEdits, business: Partial<Record<EditableBusinessField, unknown>>): SiteEdits {
  return withFields(files, edits, "business", business);
}

/** The edits with these invoicing facts set, as `withBusiness` sets the business facts. */
export function withInvoicing(files: RawContent, edits: SiteEdits, invoicing: Partial<Record<InvoicingField, unknown>>): SiteEdits {
  return withFields(files, edits, "invoicing", invoicing);
}

function withFields(files: RawContent, edits: SiteEdits, kind: "business" | "invoicing", set: Record<string, unknown>): SiteEdits {
  const fromFiles = files[kind] as Record<string, unknown>;
  const fields: Record<string, unknown> = { ...edits[kind] };
  for (const [field, value] of Object.entries(set)) {
    if (same(fromFiles[field], value)) delete fields[field];
    else fields[field] = value ?? null;
  }
  const next: SiteEdits = { ...edits, [kind]: fields };
  if (Object.keys(fields).length === 0) delete next[kind];
  return next;
}

/** Each business fact the owner edits, as his pages name it. */
export const FIELD_NAMES: Record<EditableBusinessField, string> = {
  phone: "Phone number",
  chatNumber: "Chat number (WhatsApp)",
  email: "E-mail address",
  openingHours: "Opening hours",
  closure: "Closure notice",
  claims: "Promises and guarantees",
  vatNumber: "VAT number",
  googleReviewUrl: "Google review link",
  social: "Social links",
};

/** Each invoicing fact, as the Invoices and bank details page names it. */
export const INVOICING_NAMES: Record<InvoicingField, string> = {
  postalAddress: "Postal address for invoices",
  accountName: "Account name",
  sortCode: "Sort code",
  accountNumber: "Account number",
  paymentTermsDays: "Payment terms",
  cardPaymentLink: "Card payment link",
};

/** How an invoicing fact reads in a summary line. */
function invoicingText(field: InvoicingField, invoicing: Invoicing): string {
  const value = invoicing[field];
  if (value === undefined) return "none";
  if (field === "paymentTermsDays") return `${value} days`;
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** "Thursday 31 December 2026": a calendar date (YYYY-MM-DD) as people read it. */
function dayInWords(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(day);
  return `${part({ weekday: "long" })} ${part({ day: "numeric", month: "long", year: "numeric" })}`;
}

/** "Monday–Friday 8:00–18:00, Sunday closed". */
export const hoursText = (hours: Business["openingHours"]) =>
  hours.map((row) => `${row.label} ${row.opens && row.closes ? hoursSpanWords(row.opens, row.closes) : "closed"}`).join(", ");

/** How a field's value reads in a summary line. */
function valueText(field: EditableBusinessField, business: Business): string | undefined {
  switch (field) {
    case "phone":
      return business.phone.display;
    case "chatNumber":
      return business.chatNumber ? `+${business.chatNumber}` : "same as the phone number";
    case "googleReviewUrl":
      return business.googleReviewUrl ?? "none";
    case "vatNumber":
      return business.vatNumber ?? "none";
    case "email":
      return business.email;
    case "openingHours":
      return hoursText(business.openingHours);
    case "closure":
      return business.closure ? `"${business.closure.message}" until the end of ${dayInWords(business.closure.until)}` : "none";
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
    // The VAT number is on no page: quotes and invoices carry it.
    return `${FIELD_NAMES[field]}${values}, ${field === "vatNumber" ? "on quotes and invoices" : `on all ${pageCount} pages`}`;
  });
  const invoicing = INVOICING_FIELDS.filter((field) => !same(live.invoicing[field], next.invoicing[field])).map(
    (field) => `${INVOICING_NAMES[field]}: ${invoicingText(field, live.invoicing)} → ${invoicingText(field, next.invoicing)}, on invoices only`,
  );
  const lists: string[] = [];
  if (!same(live.testimonials, next.testimonials)) lists.push(`Testimonials: ${listChange(live.testimonials, next.testimonials, (t) => `${t.name}|${t.text}`)}, on the home and gallery pages`);
  if (!same(live.gallery, next.gallery)) lists.push(`Gallery: ${listChange(live.gallery, next.gallery, (p) => p.title)}, on the gallery page`);
  const texts = [
    ...next.services.filter((service, i) => !same(service, live.services[i])).map((service) => `Texts of the ${service.name} page, on that page`),
    ...next.areas.filter((area, i) => !same(area, live.areas[i])).map((area) => `Texts of the ${area.name} town page, on that page`),
  ];
  return [...facts, ...invoicing, ...lists, ...texts];
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
