/**
 * The owner's words on the service and town pages (/admin/site/texts): a service page's opening
 * paragraphs and its FAQ answers, a town page's intro and its paragraphs about the town's roofs.
 * Choose a page, change its words, save them into the draft; checked by the content schema like
 * every edit. Pages themselves are not added or removed here: that is a developer's change. A
 * business fact inside the words shows as its name in square brackets, "[years of experience]",
 * and is saved as the fact again, so it follows the promises page.
 */
import { saveCheckedDraft, siteFrame } from "~/lib/site/draft.server.ts";
import { data, redirect } from "react-router";
import { SitePage } from "~/components/owner/SitePage.tsx";
import { Select, TextArea } from "~/components/forms/Field.tsx";
import { areaPath, contentFiles, servicePath } from "~/content/index.ts";
import { loadContent, type Content } from "~/content/load.ts";
import { readForm } from "~/lib/forms/read-form.server.ts";
import * as z from "zod/mini";
import { parseForm, revision, text } from "~/lib/forms/parse-form.ts";
import { typedValues } from "~/lib/forms/fields.ts";
import { storeOf } from "~/lib/services/services.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { applyEdits, LOCAL_FIELDS, withPageTexts, type PageTexts } from "~/lib/site/edits.ts";
import { FACT_WORDS, factsAsWords, factsFromWords, unknownFact } from "~/lib/site/fact-words.ts";
import { currentDraft } from "~/lib/site/versions.server.ts";
import type { Route } from "./+types/site-texts";
import type { Db } from "~/lib/db/connection.server.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "Page texts");

/** The draft's content, before the {facts} in the words are filled in: what the owner edits. */
function draftRaw(store: Db): { content: Content; raw: ReturnType<typeof applyEdits> } {
  const raw = applyEdits(contentFiles, currentDraft(store).edits);
  return { content: loadContent(raw), raw };
}

type Page = { kind: "services" | "areas"; slug: string };

function pageOf(value: string | null): Page | undefined {
  const match = /^(services|areas):([a-z0-9-]+)$/.exec(value ?? "");
  return match ? { kind: match[1] as Page["kind"], slug: match[2]! } : undefined;
}

/** The facts a paragraph holds, as the owner reads them. */
function inWords<T>(value: T): T {
  if (typeof value === "string") return factsAsWords(value) as T;
  if (Array.isArray(value)) return value.map(inWords) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inWords(item)])) as T;
  return value;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { content, raw } = draftRaw(storeOf(context));
  const page = pageOf(url.searchParams.get("page"));
  const item = inWords(page && (raw[page.kind] as { slug: string }[]).find((entry) => entry.slug === page.slug));
  return {
    ...siteFrame(storeOf(context), url),
    pages: [
      ...content.services.map((service) => [`services:${service.slug}`, `${service.name} page`] as const),
      ...content.areas.map((area) => [`areas:${area.slug}`, `${area.name} town page`] as const),
    ],
    page: page && item ? { ...page, value: `${page.kind}:${page.slug}`, path: page.kind === "services" ? servicePath(page) : areaPath(page) } : null,
    service: page?.kind === "services" && item ? (item as unknown as { intro: string[]; faqs: { question: string; answer: string }[] }) : null,
    town: page?.kind === "areas" && item ? (item as unknown as { intro: string; local: Record<string, string> }) : null,
  };
}

const FACTS_HINT = `Write ${Object.values(FACT_WORDS).map((words) => `[${words}]`).join(" or ")} where the fact goes: it is filled in from your promises.`;

/** A paragraph: words, and facts only in square brackets (a {name} is the files' spelling, which the owner never sees). */
const paragraph = text(
  z.trim(),
  z.minLength(1, "Must not be empty"),
  z.refine((value) => !unknownFact(factsFromWords(value)), `Curly brackets hold the site's facts. ${FACTS_HINT}`),
);

/** The page chosen and its paragraphs (intro…, answer…, local…): every one must have words. */
const textsForm = z.pipe(
  z.transform((form: Record<string, unknown>) => ({ ...form, paragraphs: Object.fromEntries(Object.entries(form).filter(([key]) => /^(intro|answer|local)/.test(key))) })),
  z.object({
    page: z.pipe(
      text(),
      z.transform((value, context) => {
        const page = pageOf(value);
        if (page) return page;
        context.issues.push({ code: "custom", message: "No such page", input: value });
        return z.NEVER;
      }),
    ),
    from: revision(),
    paragraphs: z.record(z.string(), paragraph),
  }),
);

export async function action({ request, context }: Route.ActionArgs) {
  const owner = context.get(ownerContext);
  const store = storeOf(context);
  const form = await readForm(request);
  const posted = parseForm(textsForm, form, { fieldOf: (path) => String(path.at(-1)) });
  if (!posted.ok && posted.errors.page) throw data(null, { status: 404 });
  const values = typedValues(form);
  if (!posted.ok) return data({ error: "Every paragraph needs words: see the messages beside them. Nothing was saved.", errors: posted.errors, values }, { status: 400 });
  const { page, from, paragraphs } = posted.value;
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
  const saved = saveCheckedDraft(store, edits, { from, author: owner.name });
  if (!saved.ok) return data({ error: saved.error, errors: {}, values }, { status: saved.status });
  return redirect(`/admin/site/texts?page=${page.kind}:${page.slug}&saved`, 303);
}

export default function Texts({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, page, draft, service, town } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const value = (name: string, fallback: string) => actionData?.values?.[name] ?? fallback;
  return (
    <SitePage title="Page texts" draft={draft} notice={loaderData.notice} error={actionData?.error} form={page && (service || town) ? "texts" : undefined} preview={page?.path}>
      <form method="get" className="card flex flex-wrap items-end gap-3">
        <Select form="texts" name="page" label="Page" options={[["", "Choose a page"], ...pages]} defaultValue={page?.value ?? ""} />
        <button type="submit" className="btn-secondary">
          Open
        </button>
      </form>
      {page && (service || town) && (
        // Posted to the page's own address, so an answer with errors shows the same page's fields.
        <PostForm id="texts" action={`/admin/site/texts?page=${page.value}`} noValidate aria-label="The page's words" className="card space-y-4">
          <input type="hidden" name="page" value={page.value} />
          <input type="hidden" name="from" value={draft.revision} />
          <p className="text-muted">{FACTS_HINT}</p>
          {service ? (
            <>
              {service.intro.map((paragraph, i) => (
                <TextArea key={`intro-${i}`} form="texts" name={`intro-${i}`} label={`Opening paragraph ${i + 1}`} rows={5} defaultValue={value(`intro-${i}`, paragraph)} error={errors[`intro-${i}`]} />
              ))}
              {service.faqs.map((faq, i) => (
                <TextArea key={`answer-${i}`} form="texts" name={`answer-${i}`} label={`Answer to: ${faq.question}`} rows={4} defaultValue={value(`answer-${i}`, faq.answer)} error={errors[`answer-${i}`]} />
              ))}
            </>
          ) : (
            <>
              <TextArea form="texts" name="intro" label="Intro" rows={5} defaultValue={value("intro", town!.intro)} error={errors.intro} />
              {LOCAL_FIELDS.map(([key, label]) => (
                <TextArea key={key} form="texts" name={`local-${key}`} label={label} rows={5} defaultValue={value(`local-${key}`, town!.local[key] ?? "")} error={errors[`local-${key}`]} />
              ))}
            </>
          )}
        </PostForm>
      )}
    </SitePage>
  );
}
