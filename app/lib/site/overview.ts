/**
 * Your site's short pages as the overview (/admin/site) lists them: each page's name, where it is,
 * and what it holds now, in a line of words.
 */
import type { Content } from "../../content/load.ts";
import { SOCIAL_NETWORKS } from "../../content/rules/links.ts";
import { chatNumberOf } from "../../content/rules/phone.ts";
import { hoursText } from "./edits.ts";
import { CLAIM_FIELDS, FACT_PAGE_TITLES as TITLES } from "./facts-form.ts";

export interface ShortPage {
  href: string;
  title: string;
  /** What the page holds in the draft (the live site while nothing waits). */
  holds: string;
}

/** The short pages, in the order the overview lists them; `live` the version now live, if any. */
export function shortPages(content: Content, live: number | undefined): ShortPage[] {
  const { business, invoicing } = content;
  const chat = chatNumberOf(business) === chatNumberOf({ phone: business.phone }) ? "WhatsApp on the same number" : `WhatsApp +${chatNumberOf(business)}`;
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  return [
    { href: "/admin/site/contact", title: TITLES.contact, holds: `${business.phone.display}, ${chat}, ${business.email}` },
    { href: "/admin/site/hours", title: TITLES.hours, holds: `${hoursText(business.openingHours)}${business.closure ? `. A closure notice is showing` : ""}` },
    {
      href: "/admin/site/promises",
      title: TITLES.promises,
      holds: `${plural(CLAIM_FIELDS.length - 1, "promise")}, ${business.claims.experienceYears} years of experience`,
    },
    {
      href: "/admin/site/invoicing",
      title: TITLES.invoicing,
      holds: `${business.vatNumber ? `VAT number ${business.vatNumber}` : "No VAT number"}, ${invoicing.accountNumber ? "bank details set" : "no bank details yet"}, ${plural(invoicing.paymentTermsDays, "day")} to pay`,
    },
    {
      href: "/admin/site/social",
      title: TITLES.social,
      holds: `${business.social.map((link) => SOCIAL_NETWORKS[link.network].label).join(", ")}; ${business.googleReviewUrl ? "a Google review link" : "no Google review link"}`,
    },
    { href: "/admin/site/gallery", title: "Gallery", holds: `${plural(content.gallery.length, "project")}: add a photo of a finished job` },
    { href: "/admin/site/testimonials", title: "Testimonials", holds: `${plural(content.testimonials.length, "testimonial")} on the site` },
    { href: "/admin/site/texts", title: "Page texts", holds: `${plural(content.services.length, "service page")} and ${plural(content.areas.length, "town page")}` },
    { href: "/admin/site/versions", title: "Published versions and Undo", holds: live ? `Version ${live} is live` : "Nothing published from here yet" },
  ];
}
