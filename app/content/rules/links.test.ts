import { describe, expect, it } from "vitest";
import { businessSchema } from "~/content/schema.ts";
import { fileContent } from "~/content/index.ts";
import { isGoogleReviewLink, isSocialLink, type SocialNetwork } from "./links.ts";

/** Addresses that are no network's page, refused in every field. */
const NEVER = [
  "javascript:alert(document.cookie)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "ftp://facebook.com/kestrel",
  "//facebook.com/kestrel",
  "facebook.com/kestrel",
  "https://example.com/kestrel",
  "",
];

const RULES: { network: SocialNetwork; takes: string[]; refuses: string[] }[] = [
  {
    network: "Facebook",
    takes: ["https://www.facebook.com/kestrelroofing", "https://facebook.com/kestrelroofing", "https://www.facebook.com/profile.php?id=100012345"],
    refuses: [
      "http://www.facebook.com/kestrelroofing",
      "https://www.facebook.com/",
      "https://www.facebook.com",
      "https://m.facebook.com/kestrelroofing",
      "https://facebook.com.evil.example/kestrelroofing",
      "https://evilfacebook.com/kestrelroofing",
      "https://evil.example/?u=https://facebook.com/kestrelroofing",
      "https://facebook.com@evil.example/kestrelroofing",
      "https://user:pass@facebook.com/kestrelroofing",
      "https://facebook.com:8443/kestrelroofing",
      "https://www.facebook.com/kestrel roofing",
      "https://x.com/kestrelroofing",
    ],
  },
  {
    network: "Twitter",
    takes: ["https://x.com/kestrelroofing", "https://www.x.com/kestrelroofing", "https://twitter.com/kestrelroofing", "https://www.twitter.com/kestrelroofing"],
    refuses: ["http://x.com/kestrelroofing", "https://x.com/", "https://www.facebook.com/kestrelroofing", "https://mobile.twitter.com/kestrelroofing", "https://x.co/kestrelroofing"],
  },
  {
    network: "Instagram",
    takes: ["https://www.instagram.com/kestrelroofing", "https://instagram.com/kestrelroofing/"],
    refuses: ["http://instagram.com/kestrelroofing", "https://instagr.am/kestrelroofing", "https://www.facebook.com/kestrelroofing", "https://instagram.com.evil.example/kestrel"],
  },
  {
    network: "LinkedIn",
    takes: ["https://www.linkedin.com/company/kestrelroofing", "https://linkedin.com/in/kestrel"],
    refuses: ["http://www.linkedin.com/company/kestrelroofing", "https://uk.linkedin.com/company/kestrelroofing", "https://lnkd.in/abc", "https://www.linkedin.com/"],
  },
];

describe("a social link is https:// on its own network's domain, with or without www.", () => {
  for (const { network, takes, refuses } of RULES) {
    it.each(takes)(`${network} takes %s`, (url) => expect(isSocialLink(network, url)).toBe(true));
    it.each([...refuses, ...NEVER])(`${network} refuses %s`, (url) => expect(isSocialLink(network, url)).toBe(false));
  }
});

describe("the Google review link is one of Google's own review addresses", () => {
  it.each([
    "https://g.page/r/CabcdEFGhij_-12/review",
    "https://g.page/r/CabcdEFGhij/review/",
    "https://search.google.com/local/writereview?placeid=ChIJabcdEFGhij_-12",
  ])("takes %s", (url) => expect(isGoogleReviewLink(url)).toBe(true));

  it.each([
    ...NEVER,
    "http://g.page/r/CabcdEFGhij/review",
    "https://g.page/kestrel-roofing",
    "https://g.page/r/CabcdEFGhij",
    "https://g.page/r/CabcdEFGhij/review?next=https://evil.example",
    "https://g.page.evil.example/r/CabcdEFGhij/review",
    "https://search.google.com/local/writereview",
    "https://search.google.com/local/writereview?placeid=",
    "https://search.google.com/local/writereview?placeid=abc&continue=https://evil.example",
    "https://search.google.com/local/writereview?placeid=<b>x</b>",
    "https://search.google.com/search?q=kestrel",
    "https://www.google.com/maps/place/Kestrel+Roofing",
    "https://www.trustpilot.com/review/kestrelroofing.co.uk",
    "https://g.page/r/CabcdEFGhij/review#x",
  ])("refuses %s", (url) => expect(isGoogleReviewLink(url)).toBe(false));
});

describe("the content schema holds business.json to the same rules", () => {
  const withSocial = (i: number, url: string) => ({ ...fileContent.business, social: fileContent.business.social.map((link, j) => (j === i ? { ...link, url } : link)) });

  it("refuses a javascript: Facebook link and a Facebook address in the X field, at their fields", () => {
    const script = businessSchema.safeParse(withSocial(0, "javascript:alert(1)"));
    expect(script.error?.issues.map((issue) => issue.path)).toEqual([["social", 0, "url"]]);
    const crossed = businessSchema.safeParse(withSocial(1, "https://www.facebook.com/kestrelroofing"));
    expect(crossed.error?.issues.map((issue) => issue.path)).toEqual([["social", 1, "url"]]);
  });

  it("takes no Google review link or a Google one, and refuses another", () => {
    expect(businessSchema.safeParse({ ...fileContent.business, googleReviewUrl: undefined }).success).toBe(true);
    expect(businessSchema.safeParse({ ...fileContent.business, googleReviewUrl: "https://g.page/r/CabcdEFGhij/review" }).success).toBe(true);
    expect(businessSchema.safeParse({ ...fileContent.business, googleReviewUrl: "https://www.trustpilot.com/review/x" }).error?.issues[0]!.path).toEqual(["googleReviewUrl"]);
  });
});
