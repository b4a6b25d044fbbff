/**
 * What the site still says that is not the owner's own: an example e-mail address, a number kept
 * for films, HMRC's example VAT number, a sample profile left from the content files, the example
 * postal address for invoices; and what is not set yet (a Google review link, the bank details).
 * Each comes with the short page of Your site where it is changed, and the field.
 */
import type { Content } from "../../content/load.ts";
import { SOCIAL_NETWORKS } from "../../content/rules/links.ts";
import type { Business } from "../../content/schema.ts";

export interface StillToSet {
  /** What is wrong, in words. */
  text: string;
  /** The short page and its field, e.g. /admin/site/promises#site-vat. */
  href: string;
  /** The link's words. */
  action: string;
}

// Ofcom's numbers for drama: 07700 900000–900999 and 01632 960000–960999.
const DRAMA_PHONE = /^\+447700900\d{3}$|^\+441632960\d{3}$/;
const DRAMA_CHAT = /^44(7700900|1632960)\d{3}$/;

/** An address line written as an example ("Example Business Park"): a real one never says so. */
const EXAMPLE_LINE = /\bexample\b/i;

/** What still holds a placeholder from the content files: each must be replaced before launch. */
export function placeholders({ business, invoicing }: Pick<Content, "business" | "invoicing">, files: { business: unknown }): StillToSet[] {
  const found: StillToSet[] = [];
  if (/@example\.(com|org|net)$/i.test(business.email)) {
    found.push({ text: `The e-mail address ${business.email} is an example address.`, href: "/admin/site/contact#site-email", action: "Change your e-mail address" });
  }
  if (DRAMA_PHONE.test(business.phone.e164)) {
    found.push({ text: `The phone number ${business.phone.display} is one Ofcom keeps for films and TV: nobody can call it.`, href: "/admin/site/contact#site-phone", action: "Change your phone number" });
  }
  // A chat number of its own; one that follows the phone is the phone's line above.
  if (business.chatNumber && DRAMA_CHAT.test(business.chatNumber)) {
    found.push({ text: `The WhatsApp number +${business.chatNumber} is one Ofcom keeps for films and TV.`, href: "/admin/site/contact#site-chat", action: "Change your WhatsApp number" });
  }
  if (business.vatNumber === "GB999999973") {
    found.push({ text: "The VAT number GB999999973 is HMRC's example.", href: "/admin/site/invoicing#site-vat", action: "Enter your VAT number, or none" });
  }
  if (invoicing.postalAddress.some((line) => EXAMPLE_LINE.test(line))) {
    found.push({
      text: `The postal address for invoices, ${invoicing.postalAddress.join(", ")}, is an example.`,
      href: "/admin/site/invoicing#site-postal-address",
      action: "Enter your postal address for invoices",
    });
  }
  const sample = (files.business as Business).social;
  const examples = business.social.filter((link, i) => link.url === sample[i]?.url);
  if (examples.length) {
    const names = examples.map((link) => SOCIAL_NETWORKS[link.network].label);
    const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
    const first = business.social.indexOf(examples[0]!);
    found.push({
      text: `Your ${list} ${names.length > 1 ? "links are still the examples" : "link is still the example"} the site was built with.`,
      href: `/admin/site/social#site-social-${first}`,
      action: names.length > 1 ? "Change your social links" : `Change your ${list} link`,
    });
  }
  return found;
}

/** What the owner has not set yet and the site works without: said on Your site, not a launch stopper. */
export function notSetYet({ business, invoicing }: Pick<Content, "business" | "invoicing">): StillToSet[] {
  const found: StillToSet[] = [];
  if (!business.googleReviewUrl) {
    found.push({ text: "No Google review link yet: the e-mail asking a customer for a review offers only the site's own form.", href: "/admin/site/social#site-google-review", action: "Add your Google review link" });
  }
  // The schema takes all three or none.
  if (!invoicing.accountNumber) {
    found.push({ text: "No bank details yet: your invoices cannot say where to pay you.", href: "/admin/site/invoicing#site-account-name", action: "Add your bank details" });
  }
  return found;
}
