/**
 * A short page of business facts whole (/admin/site/contact, hours, promises, social, invoicing):
 * Your site's frame with Save draft, and the facts' form around what is the page's own, given the
 * values and messages to show (the draft's, or what was typed and refused).
 */
import type { ReactNode } from "react";
import type { MetaArgs } from "react-router";
import { ownerMeta } from "~/lib/owner/meta.ts";
import type { DraftState } from "~/lib/site/draft.server.ts";
import { FACT_PAGE_TITLES, factPageOf } from "~/lib/site/facts-form.ts";
import { FactsForm, FACTS_FORM, factsShown } from "./FactFields.tsx";
import { SitePage } from "./SitePage.tsx";

type Shown = ReturnType<typeof factsShown>;

/** The page's title, as Your site's list of pages says it. */
export function factsMeta({ matches, location }: MetaArgs) {
  return ownerMeta(matches as Parameters<typeof ownerMeta>[0], FACT_PAGE_TITLES[factPageOf(location.pathname)]);
}

export function FactsPage({
  intro,
  preview,
  loaderData,
  actionData,
  after,
  children,
}: {
  intro: ReactNode;
  /** The public page Preview opens, e.g. "/contact". */
  preview?: string;
  loaderData: { title: string; values: Record<string, string>; draft: DraftState; notice?: string };
  actionData?: { values?: Record<string, string>; errors?: Record<string, string>; error?: string };
  /** What the page shows below its form. */
  after?: ReactNode;
  children: (shown: Shown) => ReactNode;
}) {
  return (
    <SitePage title={loaderData.title} intro={intro} draft={loaderData.draft} notice={loaderData.notice} error={actionData?.error} form={FACTS_FORM} preview={preview}>
      <FactsForm revision={loaderData.draft.revision} label={loaderData.title}>
        {children(factsShown(loaderData, actionData))}
      </FactsForm>
      {after}
    </SitePage>
  );
}
