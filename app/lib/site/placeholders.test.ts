import { describe, expect, it } from "vitest";
import { contentFiles, fileContent } from "~/content/index.ts";
import { notSetYet, placeholders } from "./placeholders.ts";

const { business, invoicing } = fileContent;

describe("what still holds a placeholder", () => {
  it("is each example the site was built with, in words, with the short page and field that changes it", () => {
    expect(placeholders(fileContent, contentFiles)).toEqual([
      { text: "The e-mail address info@example.com is an example address.", href: "/admin/site/contact#site-email", action: "Change your e-mail address" },
      { text: "The phone number 07700 900123 is one Ofcom keeps for films and TV: nobody can call it.", href: "/admin/site/contact#site-phone", action: "Change your phone number" },
      { text: "The VAT number GB999999973 is HMRC's example.", href: "/admin/site/invoicing#site-vat", action: "Enter your VAT number, or none" },
      {
        text: "The postal address for invoices, Unit 0, Example Business Park, Stevenage, SG1 0AA, is an example.",
        href: "/admin/site/invoicing#site-postal-address",
        action: "Enter your postal address for invoices",
      },
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
    expect(placeholders({ business: own, invoicing: { ...invoicing, postalAddress: ["12 High Street", "Stevenage", "SG1 3EA"] } }, contentFiles)).toEqual([
      { text: "Your Facebook link is still the example the site was built with.", href: "/admin/site/social#site-social-0", action: "Change your Facebook link" },
    ]);
  });

  it("says a Google review link and bank details not set yet, apart from the placeholders", () => {
    expect(notSetYet(fileContent)).toEqual([
      expect.objectContaining({ href: "/admin/site/social#site-google-review", action: "Add your Google review link" }),
      { text: "No bank details yet: your invoices cannot say where to pay you.", href: "/admin/site/invoicing#site-account-name", action: "Add your bank details" },
    ]);
    const bank = { accountName: "Kestrel Roofing Ltd", sortCode: "60-16-13", accountNumber: "31926819" };
    expect(notSetYet({ business: { ...business, googleReviewUrl: "https://g.page/r/CabcdEFGhij/review" }, invoicing: { ...invoicing, ...bank } })).toEqual([]);
  });
});
