import { describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { textFacts } from "~/content/load.ts";
import { FACT_WORDS, factsAsWords, factsFromWords, unknownFact } from "./fact-words.ts";

describe("a fact inside a page text", () => {
  it("has words for every fact the content loader fills in", () => {
    expect(Object.keys(FACT_WORDS).sort()).toEqual(Object.keys(textFacts(fileContent.business)).sort());
  });

  it("shows as words in square brackets, and is saved as the fact again", () => {
    const files = "Over {experienceYears} years of roofing, {experienceYears} of them in Hitchin.";
    const shown = factsAsWords(files);
    expect(shown).toBe("Over [years of experience] years of roofing, [years of experience] of them in Hitchin.");
    expect(shown).not.toContain("{");
    expect(factsFromWords(shown)).toBe(files);
  });

  it("is read back however the owner spaced or capitalised it, and other brackets stay his words", () => {
    expect(factsFromWords("Over [ Years of  Experience ] years [sic].")).toBe("Over {experienceYears} years [sic].");
  });

  it("names a {fact} the site does not hold", () => {
    expect(unknownFact("Over {experienceYears} years, {jobsDone} jobs")).toBe("jobsDone");
    expect(unknownFact(factsFromWords("Over [years of experience] years"))).toBeUndefined();
  });
});
