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
export const EDITABLE_BUSINESS_FIELDS = ["phone", "chatNumber", "email", "openingHours", "closure", "claims", "social"] as const;
export type EditableBusinessField = (typeof EDITABLE_BUSINESS_FIELDS)[number];

export interface SiteEdits {
  business?: Partial<Record<EditableBusinessField, unknown>>;
  /** The whole list, when the owner changed it: testimonials have no identity to merge by. */
  testimonials?: unknown[];
  /** The whole list of gallery projects, when the owner changed it. */
  gallery?: unknown[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The content files with the edits laid over them, ready for `loadContent` to check. */
export function applyEdits(files: RawContent, edits: SiteEdits): RawContent {
  return {
    ...files,
    business: { ...(files.business as object), ...edits.business },
    testimonials: edits.testimonials ?? files.testimonials,
    gallery: edits.gallery ?? files.gallery,
  };
}

/** The edits with one list set: dropped again when it is the files' own list. */
export function withList(files: RawContent, edits: SiteEdits, list: "testimonials" | "gallery", value: unknown[]): SiteEdits {
  const next: SiteEdits = { ...edits, [list]: value };
  if (same(files[list], value)) delete next[list];
  return next;
}

/** The edits that make the files say `business`: only the fields that differ from the files. */
export function editsFor(files: RawContent, business: Partial<Record<EditableBusinessField, unknown>>): SiteEdits {
  const fromFiles = files.business as Record<string, unknown>;
  const changed = Object.entries(business).filter(([field, value]) => !same(fromFiles[field], value));
  return changed.length ? { business: Object.fromEntries(changed) } : {};
}

const FIELD_NAMES: Record<EditableBusinessField, string> = {
  phone: "Phone number",
  chatNumber: "WhatsApp number",
  email: "E-mail address",
  openingHours: "Opening hours",
  closure: "Closure notice",
  claims: "Promises and guarantees",
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
      return `+${business.chatNumber}`;
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
  return [...facts, ...lists];
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
