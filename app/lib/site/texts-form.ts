/**
 * The page texts' form (/admin/site/texts): which page it is (`services:slug` or `areas:slug`),
 * and what the page says of the facts a paragraph may hold.
 */
import { FACT_WORDS } from "./fact-words.ts";

export type TextsPage = { kind: "services" | "areas"; slug: string };

/** The page a `page` value names, if any. */
export function textsPageOf(value: unknown): TextsPage | undefined {
  const match = /^(services|areas):([a-z0-9-]+)$/.exec(typeof value === "string" ? value : "");
  return match ? { kind: match[1] as TextsPage["kind"], slug: match[2]! } : undefined;
}

export const FACTS_HINT = `Write ${Object.values(FACT_WORDS).map((words) => `[${words}]`).join(" or ")} where the fact goes: it is filled in from your promises.`;
