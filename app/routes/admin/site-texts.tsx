/**
 * The owner's words on the service and town pages (/admin/site/texts): a service page's opening
 * paragraphs and its FAQ answers, a town page's intro and its paragraphs about the town's roofs.
 * Choose a page, change its words, save them into the draft; checked by the content schema like
 * every edit. Pages themselves are not added or removed here: that is a developer's change. A
 * business fact inside the words shows as its name in square brackets, "[years of experience]",
 * and is saved as the fact again, so it follows the promises page.
 */
import { siteFrame } from "~/lib/site/draft.server.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import type { TextsAnswer } from "~/lib/site/texts-actions.server.ts";
import { FACTS_HINT, textsPageOf } from "~/lib/site/texts-form.ts";
import { SitePage } from "~/components/owner/SitePage.tsx";
import { Select, TextArea } from "~/components/forms/Field.tsx";
import { areaPath, contentFiles, servicePath } from "~/content/index.ts";
import { loadContent, type Content } from "~/content/load.ts";
import { storeOf } from "~/lib/services/services.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { applyEdits, LOCAL_FIELDS } from "~/lib/site/edits.ts";
import { factsAsWords } from "~/lib/site/fact-words.ts";
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
  const page = textsPageOf(url.searchParams.get("page"));
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

export const action = (args: Route.ActionArgs) => ownerPost<TextsAnswer>(args, ["site.texts"]);

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
