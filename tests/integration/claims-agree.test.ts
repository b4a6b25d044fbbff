/**
 * Decision 7: a claim states one figure everywhere. Every built page's text is read block by
 * block (a paragraph, a list item, a figure with its label), and each claim's figures across the
 * whole site must agree; a narrower figure must say what it counts ("18+ years fitting guttering").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fileContent as content } from "../../app/content/index.ts";
import { ROOT } from "../support/server.ts";

const CLIENT = path.join(ROOT, "build/client");

function builtPages(dir = CLIENT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return builtPages(file);
    return entry.name === "index.html" ? [file] : [];
  });
}

/** The page's text, one line per block, with its meta description as a line of its own. */
function blocks(html: string): string[] {
  const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "";
  const body = html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<svg[\s\S]*?<\/svg>/g, " ")
    .replace(/<\/?(p|li|h[1-6]|div|section|tr|dl|ul|ol|header|footer|aside|blockquote|figcaption)\b[^>]*>/g, "\n")
    .replace(/<[^>]+>/g, " ");
  return [description, ...body.split("\n")]
    .map((line) => line.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

interface Claim {
  name: string;
  /** Lines that state this claim; the figure is the first group that matched. */
  states: RegExp;
  /** Lines that state a narrower figure of their own, and so are not this claim. */
  narrower?: RegExp;
  /** Every statement of the claim must also say this (whose guarantee it is, for instance). */
  mustSay?: RegExp;
}

const CLAIMS: Claim[] = [
  {
    name: "years of experience",
    states: /(\d+)\+ years['’]? experience|years['’]? experience (\d+)\+|(\d+)\+ years of roofing|more than (\d+) years/i,
    narrower: /gutter/i,
  },
  { name: "the EPDM membrane's guarantee", states: /(\d+)-year [^.]*EPDM|EPDM [^.]*?(\d+)-year/i, mustSay: /maker/i },
  { name: "the workmanship guarantee on flat roofs", states: /workmanship[^.]*up to (\d+) years|up to (\d+) years['’]? workmanship/i },
  { name: "the guarantee on a new roof", states: /(\d+)-year guarantee(?! on EPDM)[^.]*new roof|new roof[^.]*?(\d+)-year guarantee/i },
  { name: "the guttering warranty", states: /(\d+)-year warranty/i },
];

const pages = builtPages().map((file) => ({ page: path.relative(CLIENT, file), lines: blocks(readFileSync(file, "utf8")) }));

describe("every claim states one figure on every page", () => {
  it("the build has pages to read", () => {
    expect(pages.length).toBeGreaterThan(40);
  });

  it.each(CLAIMS)("$name", (claim) => {
    const figures = new Map<string, string[]>();
    const unqualified: string[] = [];
    for (const { page, lines } of pages) {
      for (const line of lines) {
        const match = line.match(claim.states);
        if (!match || claim.narrower?.test(line)) continue;
        const figure = match.slice(1).find((group) => group !== undefined)!;
        figures.set(figure, [...(figures.get(figure) ?? []), `${page}: "${line.slice(0, 120)}"`]);
        if (claim.mustSay && !claim.mustSay.test(line)) unqualified.push(`${page}: "${line.slice(0, 120)}"`);
      }
    }
    expect(figures.size, `${claim.name} is stated somewhere`).toBeGreaterThan(0);
    const stated = [...figures.entries()].map(([figure, where]) => `${figure} (${where.length}×, e.g. ${where[0]})`);
    expect(stated.length, `${claim.name} is stated with different figures:\n${stated.join("\n")}`).toBe(1);
    expect(unqualified, `${claim.name} must say whose it is`).toEqual([]);
  });

  it("the experience figure is the one in business.json", () => {
    const line = pages.flatMap((p) => p.lines).find((l) => /\d+\+ years['’]? experience/i.test(l) && !/gutter/i.test(l))!;
    expect(line).toContain(`${content.business.claims.experienceYears}+`);
  });
});
