/**
 * A business fact inside a page text, as the owner reads and writes it: the content files hold
 * "{experienceYears}", the Page texts page shows "[years of experience]" and turns it back when it
 * saves, so the owner never meets a field key.
 */

/** Every fact a page text can hold (the content loader's `textFacts`), in words. */
export const FACT_WORDS: Record<string, string> = { experienceYears: "years of experience" };

const BY_WORDS = new Map(Object.entries(FACT_WORDS).map(([key, words]) => [words, key]));

/** "More than {experienceYears} years" → "More than [years of experience] years". */
export function factsAsWords(text: string): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (FACT_WORDS[key] ? `[${FACT_WORDS[key]}]` : whole));
}

/** The way back: a fact's words in square brackets (any case, any spacing) become the fact again. */
export function factsFromWords(text: string): string {
  return text.replace(/\[([^[\]]+)\]/g, (whole, words: string) => {
    const key = BY_WORDS.get(words.trim().replace(/\s+/g, " ").toLowerCase());
    return key ? `{${key}}` : whole;
  });
}

/** A fact-like {name} the site does not hold, as the owner typed it: the first, or undefined. */
export function unknownFact(text: string): string | undefined {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).find((key) => !FACT_WORDS[key]);
}
