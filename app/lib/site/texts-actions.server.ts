/**
 * The page texts' save (`site.texts`, decision 28): a service page's opening paragraphs and FAQ
 * answers, or a town page's intro and paragraphs about its roofs, saved into the draft. Every
 * paragraph must have words, and a fact only as its name in square brackets.
 */
import { data } from "react-router";
import * as z from "zod/mini";
import { contentFiles } from "../../content/index.ts";
import { answer, defineAction, done } from "../actions/define.ts";
import { typedValues } from "../forms/fields.ts";
import { revision, text } from "../forms/parse-form.ts";
import { saveCheckedDraft } from "./draft.server.ts";
import { LOCAL_FIELDS, withPageTexts, type PageTexts } from "./edits.ts";
import { factsFromWords, unknownFact } from "./fact-words.ts";
import { FACTS_HINT, textsPageOf } from "./texts-form.ts";
import { currentDraft } from "./versions.server.ts";

/** What the page shows again after a refused save: the messages at their paragraphs, and what was typed. */
export interface TextsAnswer {
  error: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/** A paragraph: words, and facts only in square brackets (a {name} is the files' spelling, which the owner never sees). */
const paragraph = text(
  z.trim(),
  z.minLength(1, "Must not be empty"),
  z.refine((value) => !unknownFact(factsFromWords(value)), `Curly brackets hold the site's facts. ${FACTS_HINT}`),
);

/** The paragraphs posted (intro…, answer…, local…): every one must have words. */
const textsForm = z.pipe(
  z.transform((form: Record<string, unknown>) => ({ ...form, paragraphs: Object.fromEntries(Object.entries(form).filter(([key]) => /^(intro|answer|local)/.test(key))) })),
  z.object({ from: revision(), paragraphs: z.record(z.string(), paragraph) }),
);

/** A paragraph's message at its own field (`intro-0`, not `paragraphs-intro-0`). */
const atParagraphs = (errors: Partial<Record<string, string>>): Record<string, string> => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field.replace(/^paragraphs-/, ""), message ?? ""]));

/** The page a `page` value names; a page that is not the site's own does not exist. */
function pageOr404(value: unknown) {
  const page = textsPageOf(value);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const siteTexts = defineAction({
  name: "site.texts",
  find: ({ form }) => pageOr404(form.get("page")),
  schema: textsForm,
  refused: (errors, form): TextsAnswer => ({ error: "Every paragraph needs words: see the messages beside them. Nothing was saved.", errors: atParagraphs(errors), values: typedValues(form) }),
  apply: ({ from, paragraphs }, { store, target: page, form, actor }) => {
    const get = (name: string) => factsFromWords(paragraphs[name] ?? "");
    const count = (prefix: string) => Object.keys(paragraphs).filter((key) => key.startsWith(prefix)).length;
    const texts: PageTexts =
      page.kind === "services"
        ? {
            intro: Array.from({ length: count("intro-") }, (_, i) => get(`intro-${i}`)),
            answers: Array.from({ length: count("answer-") }, (_, i) => get(`answer-${i}`)),
          }
        : { intro: get("intro"), local: Object.fromEntries(LOCAL_FIELDS.map(([key]) => [key, get(`local-${key}`)])) };
    const edits = withPageTexts(contentFiles, currentDraft(store).edits, page.kind, page.slug, texts);
    const saved = saveCheckedDraft(store, edits, { from, author: actor });
    if (!saved.ok) return answer({ error: saved.error, errors: {}, values: typedValues(form) } satisfies TextsAnswer, saved.status);
    return done(`/admin/site/texts?page=${page.kind}:${page.slug}&saved`);
  },
});
