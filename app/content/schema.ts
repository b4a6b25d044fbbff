/**
 * The shape of every content file in this folder. The build parses each file with its schema
 * (see `load.ts`); a mistake stops the build with the file and the field named.
 */
import { z } from "zod";
import { checkName, displayName } from "./rules/names.ts";
import { ACCOUNT_NUMBER, isPaymentTerms, MAX_PAYMENT_TERMS_DAYS, SORT_CODE } from "./rules/bank.ts";
import { GOOGLE_REVIEW_LINK_MESSAGE, HTTPS_LINK_MESSAGE, isGoogleReviewLink, isHttpsLink, isSocialLink, SOCIAL_NETWORK_NAMES, socialLinkMessage } from "./rules/links.ts";
import { CHAT_DIGITS, INTERNATIONAL, internationalNumber, isPhoneNumber } from "./rules/phone.ts";
import { isValidVatNumber, VAT_CHECK_MESSAGE, VAT_NUMBER_MESSAGE, WRITTEN as VAT_WRITTEN } from "./rules/vat.ts";

/** Lowercase words joined by single hyphens, as every URL slug on the site is written. */
export const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase words joined by hyphens");

const text = z.string().trim().min(1, "must not be empty");
const sentence = text.max(400, "must be at most 400 characters");
/** A paragraph the owner may rewrite: any length, never empty (it may hold a {fact}). */
const paragraph = z.string().min(1, "must not be empty");

/** A picture: a file in `public/images/` and the words that say what it shows. */
export const image = z.object({
  /** File name inside `public/images/`, e.g. `roof-repairs.svg` or an owner's `roof-repairs.jpg`. */
  src: z.string().regex(/^[a-z0-9-]+\.(svg|jpe?g|png|webp|avif)$/, "must be a file name such as roof-repairs.svg"),
  /** What the picture shows, for people who cannot see it. */
  alt: text,
});

const titledText = z.object({ title: text, text: sentence });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time such as 08:00");

export const businessSchema = z.object({
  /** Trading name, shown in the header, footer, titles and structured data. */
  name: text,
  /** One line on what the business does and where. */
  tagline: text,
  /** The home page's main picture. */
  heroImage: image,
  phone: z
    .object({
      /** The number as people read it, e.g. "07700 900123": digits, spaces, hyphens, brackets, a leading +. */
      display: text.refine(isPhoneNumber, "must be a phone number such as 01438 555123: digits, spaces, hyphens and brackets, with an optional leading +"),
      /** The same number in international form for tel: links, e.g. "+447700900123". */
      e164: z.string().regex(INTERNATIONAL, "must be an international number such as +447700900123"),
    })
    .refine((phone) => !isPhoneNumber(phone.display) || internationalNumber(phone.display) === phone.e164, {
      path: ["e164"],
      message: "must be the same number as display, in international form",
    }),
  /**
   * The chat-app number, digits only with the country code, e.g. "447700900123", only when it
   * differs from the phone: left out, the chat follows the phone (read it with `chatNumberOf`).
   */
  chatNumber: z.string().regex(CHAT_DIGITS, "must be digits only, starting with the country code").optional(),
  /** The public e-mail address. */
  email: z.email("must be an e-mail address"),
  /**
   * The VAT registration number, when the business is registered: quotes and invoices then add
   * VAT and show it. "GB" and 9 digits (12 for a branch), passing HMRC's check-digit test.
   */
  vatNumber: z.string().regex(VAT_WRITTEN, VAT_NUMBER_MESSAGE).refine(isValidVatNumber, VAT_CHECK_MESSAGE).optional(),
  /** Where the business is based. No street address is published: it is a service-area business. */
  base: z.object({ town: text, county: text, country: z.string().length(2) }),
  /** The area served, as one line of text. */
  areaServed: text,
  /** Opening hours, one row per group of days. */
  openingHours: z
    .array(
      z.object({
        /** How the days read on the page, e.g. "Monday–Friday". */
        label: text,
        /** schema.org day names, e.g. ["Monday", "Tuesday"]. */
        days: z.array(z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])).min(1),
        /** Opening and closing time, or null when closed all day. */
        opens: hhmm.nullable(),
        closes: hhmm.nullable(),
      })
      .superRefine((row, context) => {
        if ((row.opens === null) !== (row.closes === null)) {
          context.addIssue({ code: "custom", path: [row.opens === null ? "opens" : "closes"], message: "give both times, or mark the day closed" });
        } else if (row.opens && row.closes && row.closes <= row.opens) {
          context.addIssue({ code: "custom", path: ["closes"], message: "must be after the opening time" });
        }
      }),
    )
    .min(1),
  /** The promises the site makes, each stated once here and nowhere else. */
  claims: z.object({
    quoteReply: text,
    emergency: text,
    /** Said beside the opening hours, so "Sunday: Closed" and "24/7" read together. */
    emergencyLine: text,
    /**
     * The one experience figure (decision 7): every page that states experience shows it. Other
     * content files write it as {experienceYears}; a narrower figure says what it counts.
     */
    experienceYears: z.number().int().positive(),
    newRoofGuarantee: text,
    epdmGuarantee: text,
    workmanshipGuarantee: text,
    gutteringWarranty: text,
    newRoofDuration: text,
    insured: text,
    qualityGuarantee: text,
    pricing: text,
  }),
  /** Lifespans of roofing materials, quoted on service pages. */
  lifespans: z.array(z.object({ material: text, years: text })).min(1),
  /** Review summary for structured data. */
  rating: z.object({ value: z.number().min(1).max(5), count: z.number().int().positive() }),
  /** schema.org priceRange, e.g. "££". */
  priceRange: text,
  /**
   * A closure notice shown on every page until the end of its last day (UK time), then gone by
   * itself: the site is rendered again the next morning (Christmas, a holiday).
   */
  closure: z
    .object({
      message: text.max(200, "must be at most 200 characters"),
      until: z.iso.date("must be a date such as 2026-12-31"),
    })
    .optional(),
  /** The business's Google review page, offered beside the site's own review form: g.page/r/…/review or search.google.com/local/writereview?placeid=…. */
  googleReviewUrl: z.string().refine(isGoogleReviewLink, GOOGLE_REVIEW_LINK_MESSAGE).optional(),
  /** Social profiles, linked from the footer: each an https:// address on its own network's domain. */
  social: z
    .array(
      z.object({ network: z.enum(SOCIAL_NETWORK_NAMES), url: z.string() }).superRefine((link, context) => {
        if (!isSocialLink(link.network, link.url)) context.addIssue({ code: "custom", path: ["url"], message: socialLinkMessage(link.network) });
      }),
    )
    .length(4),
});

/** The bank details an invoice asks to be paid into: all three, or none yet. */
const BANK_FIELDS = ["accountName", "sortCode", "accountNumber"] as const;

/**
 * What the invoices need to know that the site never shows (invoicing.json): kept apart from the
 * business facts, which every public page is handed, so no page can carry them by mistake.
 * `npm run content -- export` leaves this file out.
 */
export const invoicingSchema = z
  .object({
    /** The postal address printed on invoices (HMRC asks for one), one line each: 1 to 6 lines. */
    postalAddress: z
      .array(text.max(100, "must be at most 100 characters"))
      .min(1, "must have at least one line")
      .max(6, "must have at most 6 lines"),
    /** The name the bank account is in, as the bank has it. */
    accountName: text.max(70, "must be at most 70 characters").optional(),
    /** The account's sort code, kept as "12-34-56". */
    sortCode: z.string().regex(SORT_CODE, "must be a sort code such as 12-34-56").optional(),
    /** The account number: 8 digits. */
    accountNumber: z.string().regex(ACCOUNT_NUMBER, "must be an account number of 8 digits").optional(),
    /** Days from the invoice date to the due date: a whole number from 0 to 120, e.g. 14. */
    paymentTermsDays: z.number().refine(isPaymentTerms, `must be a whole number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}`),
    /** A page where the customer may pay by card, offered on invoices when set: https only. */
    cardPaymentLink: z.string().refine(isHttpsLink, HTTPS_LINK_MESSAGE).optional(),
  })
  .superRefine((invoicing, context) => {
    const given = BANK_FIELDS.filter((field) => invoicing[field] !== undefined);
    if (given.length === 0 || given.length === BANK_FIELDS.length) return;
    for (const field of BANK_FIELDS.filter((f) => invoicing[f] === undefined)) {
      context.addIssue({ code: "custom", path: [field], params: { missing: true }, message: "needed with the rest of the bank details: an invoice gives the account name, sort code and account number, or none of them" });
    }
  });

export const serviceSchema = z.object({
  /** URL slug: the service lives at /{slug}-in-stevenage and /services/{slug}. */
  slug,
  /** Name of the service, e.g. "Roof Repairs". */
  name: text,
  /** "detail" pages have FAQs and a process; "stevenage" pages have stats and the quote form. */
  kind: z.enum(["detail", "stevenage"]),
  /** Page title (without the business name) and meta description. */
  metaTitle: text.max(60),
  metaDescription: text.min(50).max(160),
  /** Hero headline and the line under it. */
  headline: text,
  subline: sentence,
  /** Short description for cards on the home and services pages. */
  summary: sentence,
  /** Feature bullets for the services overview. */
  features: z.array(text).min(3).max(6),
  image,
  /** Opening paragraphs of the page. */
  intro: z.array(paragraph).min(1).max(3),
  /** Why-choose grid (detail pages) or benefits list (Stevenage pages). */
  whyChoose: z.array(titledText).min(3).max(6),
  /** What is included: one list on detail pages, several titled lists on Stevenage pages. */
  included: z.array(z.object({ title: text, items: z.array(text).min(2) })).min(1),
  /** Four questions and answers (detail pages only). */
  faqs: z.array(z.object({ question: text, answer: paragraph })),
  /** Three stat figures (Stevenage pages only). */
  stats: z.array(z.object({ value: text, label: text })),
  /** Town slugs for the service-area links: 6 on detail pages, 8 on Stevenage pages. */
  areas: z.array(slug),
  /** Slugs of related services. */
  related: z.array(slug).min(2).max(3),
});

export const regionSchema = z.object({
  /** URL slug: the hub lives at /{slug}. */
  slug,
  /** Display name, e.g. "North London". */
  name: text,
  /**
   * How many towns in areas.json belong to this region. The build checks it, so a town added to
   * the wrong region (or dropped by mistake) is caught. Raise it when you add a town.
   */
  townCount: z.number().int().positive(),
  metaTitle: text.max(60),
  metaDescription: text.min(50).max(160),
  /** Intro paragraphs under the hero. */
  intro: z.array(paragraph).min(1).max(3),
  /** The two-column services checklist. */
  checklist: z.array(text).min(6).max(12),
  /** Three why-choose-us cards. */
  whyChoose: z.array(titledText).length(3),
});

export const areaSchema = z.object({
  /** URL slug: the page lives at /areas/roofers-in-{slug}/. */
  slug,
  /** The town's name as a visitor reads it, e.g. "Bishop's Stortford". */
  name: text,
  /** Slug of the region the town belongs to. */
  region: slug,
  /** Town-centre coordinates (WGS84). */
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  /** One line for the town's card on its region's page. */
  description: sentence,
  /** A paragraph for the town's own page. */
  intro: paragraph,
  /**
   * What is true of the town's roofs, a paragraph each, so its page says what no other town's
   * does (a test counts at least 250 words of its own on every town page). Facts of the place
   * only: no projects, prices or figures the business has not stated elsewhere.
   */
  local: z.object({
    /** Its housing stock and when it was built. */
    homes: paragraph,
    /** Its conservation areas, and what they mean for a roof. */
    conservation: paragraph,
    /** How exposed it is: height, coast, trees, wind and weather. */
    weather: paragraph,
    /** The roof problems we meet there most. */
    problems: paragraph,
  }),
  /** Slugs of 2 to 4 neighbouring towns, nearest first. */
  nearby: z.array(slug).min(2).max(4),
  /** Overrides the default meta description of the town's page. */
  metaDescription: text.min(50).max(160).optional(),
  /** Three sample recent projects in or near the town. */
  projects: z.array(titledText).length(3),
});

export const galleryProjectSchema = z.object({
  title: text,
  category: z.enum(["New Installation", "Flat Roofing", "Repairs", "Emergency", "Guttering", "Maintenance"]),
  /** Town slug where the work was done. */
  location: slug,
  description: sentence,
  image,
  /** More photos of the same job, each with its own words. */
  morePhotos: z.array(image).max(5).optional(),
});

export const testimonialSchema = z.object({
  /**
   * The name as the card shows it, e.g. "Sarah M." or just "Jo": the site's one name rule
   * (`lib/names.ts`), and its capitals when it was typed all in lower or upper case.
   */
  name: z.string().transform((value, context) => {
    const checked = checkName(value);
    if (checked.ok) return displayName(checked.name);
    context.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  }),
  /** Town slug where the customer lives. */
  location: slug,
  /** Stars out of 5: 5 for those the owner types in; a customer's own review keeps its stars. */
  rating: z.number().int().min(1).max(5),
  text: z.string().min(20).max(500),
  /** A review a customer wrote through the site after a finished job: its month, "2026-11". */
  reviewMonth: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month such as 2026-11").optional(),
});

export type Business = z.infer<typeof businessSchema>;
/** What invoices need from the site's content (Content["invoicing"]): never on a public page. */
export type Invoicing = z.infer<typeof invoicingSchema>;
export type Service = z.infer<typeof serviceSchema>;
export type Region = z.infer<typeof regionSchema>;
export type Area = z.infer<typeof areaSchema>;
export type GalleryProject = z.infer<typeof galleryProjectSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Image = z.infer<typeof image>;
