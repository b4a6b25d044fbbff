/**
 * Issue 14 §5: each town page says enough of its own that it is no doorway page. Its <main> text
 * is cut into 5-word shingles across all the town pages; a word is the page's own when every
 * shingle it stands in appears on no other town page, so a town's name dropped into a shared
 * sentence counts only as itself, and a paragraph copied from another town counts as nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { areaPath, fileContent as content } from "../../app/content/index.ts";
import { ROOT } from "../support/server.ts";

const MIN_OWN_WORDS = 250;
const SHINGLE = 5;

function mainWords(pagePath: string): string[] {
  const html = readFileSync(path.join(ROOT, "build/client", pagePath, "index.html"), "utf8");
  const main = html.match(/<main\b[\s\S]*?<\/main>/)?.[0] ?? "";
  const text = main
    .replace(/<script[\s\S]*?<\/script>|<svg[\s\S]*?<\/svg>|<template[\s\S]*?<\/template>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .toLowerCase();
  return text.match(/[a-z0-9'’&+-]+/g) ?? [];
}

const shingles = (words: string[]) => words.slice(0, Math.max(0, words.length - SHINGLE + 1)).map((_, i) => words.slice(i, i + SHINGLE).join(" "));

/** For each page, the words that stand only in shingles no other page of the set has. */
function ownWords(pageWords: string[][]): number[] {
  const pagesWith = new Map<string, number>();
  for (const words of pageWords) for (const shingle of new Set(shingles(words))) pagesWith.set(shingle, (pagesWith.get(shingle) ?? 0) + 1);
  return pageWords.map((words) => {
    const unique = shingles(words).map((shingle) => pagesWith.get(shingle) === 1);
    let own = 0;
    for (let i = 0; i < words.length; i++) {
      const covering = unique.slice(Math.max(0, i - SHINGLE + 1), Math.min(i + 1, unique.length));
      if (covering.length > 0 && covering.every(Boolean)) own++;
    }
    return own;
  });
}

const pages = content.areas.map((area) => ({ name: area.name, words: mainWords(areaPath(area)) }));
const owns = ownWords(pages.map((page) => page.words));
const measures = pages.map((page, i) => ({ name: page.name, own: owns[i]!, total: page.words.length }));

describe("town pages with words of their own", () => {
  it("reads all 32 town pages", () => {
    expect(measures).toHaveLength(32);
    for (const m of measures) expect(m.total, m.name).toBeGreaterThan(500);
  });

  it.each(measures)(`$name has at least ${MIN_OWN_WORDS} words no other town page has`, ({ name, own }) => {
    expect(own, name).toBeGreaterThanOrEqual(MIN_OWN_WORDS);
  });

  it("a paragraph copied from one town page to another counts for neither", () => {
    const words = pages.map((page) => page.words);
    const copied = words[0]!.slice(200, 260);
    const withCopy = [...words];
    withCopy[1] = [...words[1]!, "and", ...copied];
    const after = ownWords(withCopy);
    expect(after[1], "the copy adds nothing to the page it was pasted into").toBeLessThanOrEqual(owns[1]! + 1);
    expect(after[0], "and is no longer the first page's own").toBeLessThanOrEqual(owns[0]! - 50);
  });
});

if (process.env.TOWN_WORDS_REPORT) {
  const shares = measures.map((m) => m.own / m.total).sort((x, y) => x - y);
  const ownCounts = measures.map((m) => m.own).sort((x, y) => x - y);
  console.log(`own words: min ${ownCounts[0]}, median ${ownCounts[16]}; own share: min ${(shares[0]! * 100).toFixed(0)} %, median ${(shares[16]! * 100).toFixed(0)} %`);
  console.log(measures.map((m) => `${m.name} ${m.own}/${m.total}`).join("\n"));
}
