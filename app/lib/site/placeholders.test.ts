import { describe, expect, it } from "vitest";
import { contentFiles, fileContent } from "~/content/index.ts";
import { notSetYet, placeholders } from "./placeholders.ts";

const business = fileContent.business;

describe("what still holds a placeholder", () => {
  it("is each example the site was built with, in words, with the short page and field that changes it", () => {
    expect(placeholders(business, contentFiles)).toEqual([
      { text: "The e-mail address info@example.com is an example address.", href: "/admin/site/contact#site-email", action: "Change your e-mail address" },
      { text: "The phone number 07700 900123 is one Ofcom keeps for films and TV: nobody can call it.", href: "/admin/site/contact#site-phone", action: "Change your phone number" },
      { text: "The VAT number GB999999973 is HMRC's example.", href: "/admin/site/promises#site-vat", action: "Enter your VAT number, or none" },
      { text: "Your Facebook, X (Twitter), Instagram and LinkedIn links are still the examples the site was built with.", href: "/admin/site/social#site-social-0", action: "Change your social links" },
    ]);
  });

  it("is gone once the owner's own facts replace them", () => {
    const own = {
      ...business,
      email: "office@kestrel-roofing.co.uk",
      phone: { display: "01438 555123", e164: "+441438555123" },
      vatNumber: undefined,
      social: business.social.map((link, i) => (i === 0 ? link : { ...link, url: `${link.url}-roofing` })),
    };
    expect(placeholders(own, contentFiles)).toEqual([
      { text: "Your Facebook link is still the example the site was built with.", href: "/admin/site/social#site-social-0", action: "Change your Facebook link" },
    ]);
  });

  it("says a Google review link not set yet, apart from the placeholders", () => {
    expect(notSetYet(business)).toEqual([expect.objectContaining({ href: "/admin/site/social#site-google-review", action: "Add your Google review link" })]);
    expect(notSetYet({ ...business, googleReviewUrl: "https://g.page/r/CabcdEFGhij/review" })).toEqual([]);
  });
});
