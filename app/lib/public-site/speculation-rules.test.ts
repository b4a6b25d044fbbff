import { describe, expect, it } from "vitest";
import { SPECULATION_RULES, SPECULATION_RULES_JSON } from "./speculation-rules.ts";

type Where = { and: Where[] } | { not: Where } | { href_matches: string } | { selector_matches: string };

const PAGE = "https://www.example.com/services";

/** The document rules' `where`, evaluated as the browser does for a link's href. */
function linkMatches(where: Where, href: string): boolean {
  if ("and" in where) return where.and.every((clause) => linkMatches(clause, href));
  if ("not" in where) return !linkMatches(where.not, href);
  if ("href_matches" in where) return new URLPattern(where.href_matches, PAGE).test(new URL(href, PAGE).href);
  throw new Error(`a predicate this test does not read: ${JSON.stringify(where)}`);
}

const rule = SPECULATION_RULES.prerender[0]!;
const prerendered = (href: string) => linkMatches(rule.where as Where, href);

describe("speculation rules", () => {
  it("prerender on hover or touch, from the links in the page", () => {
    expect(SPECULATION_RULES.prerender).toHaveLength(1);
    expect(rule).toMatchObject({ source: "document", eagerness: "moderate" });
    expect(JSON.parse(SPECULATION_RULES_JSON)).toEqual(SPECULATION_RULES);
  });

  it.each(["/", "/contact", "/services", "/roof-repairs-in-stevenage", "/areas/roofers-in-hitchin/", "/hertfordshire", "/gallery?ref=home", "https://www.example.com/privacy"])(
    "prerender the page %s",
    (href) => expect(prerendered(href)).toBe(true),
  );

  it.each([
    "/admin",
    "/admin/",
    "/admin/requests/12",
    "/api/contact",
    "/sitemap.xml",
    "/robots.txt",
    "/images/hero-640.avif",
    "https://wa.me/447700900123?text=hi",
    "https://elsewhere.example/contact",
    "tel:+447700900123",
    "mailto:info@example.com",
  ])("never prerender %s", (href) => expect(prerendered(href)).toBe(false));
});
