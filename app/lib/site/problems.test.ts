import { describe, expect, it } from "vitest";
import { contentFiles } from "~/content/index.ts";
import type { SiteEdits } from "./edits.ts";
import { contentWith } from "./draft.server.ts";

/** The problems the owner reads for a draft with `edits`. */
function problemsOf(edits: SiteEdits): string[] {
  const checked = contentWith(edits);
  return "problems" in checked ? checked.problems : [];
}

/** No file names, field keys or {placeholders}: the words of §7. */
function expectWords(line: string) {
  expect(line).not.toMatch(/\.json|\{|\}|\[\d|experienceYears|intro\b|faqs|openingHours/);
}

describe("the content checks, as the owner reads them", () => {
  it("name a page text's paragraph by its page and place", () => {
    const services = structuredClone(contentFiles.services) as { intro: string[]; name: string }[];
    services[0]!.intro[1] = "";
    const [line] = problemsOf({ texts: { services: { [(contentFiles.services as { slug: string }[])[0]!.slug]: { intro: services[0]!.intro } } } });
    expect(line).toBe(`The ${services[0]!.name} page, opening paragraph 2: must not be empty`);
    expectWords(line!);
  });

  it("say a fact in curly brackets in words", () => {
    const slug = (contentFiles.areas as { slug: string }[])[0]!.slug;
    const [line] = problemsOf({ texts: { areas: { [slug]: { intro: "Roofing here for {yearsHere} years." } } } });
    expect(line).toMatch(/^The .+ town page, intro: a fact in curly brackets that the site does not know; write \[years of experience\] instead$/);
  });

  it("name a list that is too long, and a business fact, by what the owner calls them", () => {
    const many = Array.from({ length: 31 }, (_, i) => ({ name: `Customer ${String.fromCharCode(65 + (i % 26))}.`, location: "hitchin", rating: 5, text: "A tidy job, done on the day they said it would be." }));
    expect(problemsOf({ testimonials: many })).toEqual(["Testimonials: must have at most 30 testimonials"]);
    const hours = (contentFiles.business as { openingHours: object[] }).openingHours.map((row) => ({ ...row, opens: "18:00", closes: "08:00" }));
    const [line] = problemsOf({ business: { openingHours: hours } });
    expect(line).toBe("Opening hours, Monday–Friday, closes: must be after the opening time");
  });

  it("leave content that passes with no problem at all", () => {
    expect(problemsOf({})).toEqual([]);
  });
});
