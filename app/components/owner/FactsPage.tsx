/**
 * A short page of business facts whole (/admin/site/contact, hours, promises, social, invoicing):
 * Your site's frame with Save draft, and the facts' form around what is the page's own, given the
 * values and messages to show (the draft's, or what was typed and refused).
 */
import type { ReactNode } from "react";
import type { DraftState } from "~/lib/site/draft.server.ts";
import { FactsForm, FACTS_FORM, factsShown } from "./FactFields.tsx";
import { SitePage } from "./SitePage.tsx";

type Shown = ReturnType<typeof factsShown>;

export function FactsPage({
  title,
  intro,
  preview,
  loaderData,
  actionData,
  after,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** The public page Preview opens, e.g. "/contact". */
  preview?: string;
  loaderData: { values: Record<string, string>; draft: DraftState; notice?: string };
  actionData?: { values?: Record<string, string>; errors?: Record<string, string>; error?: string };
  /** What the page shows below its form. */
  after?: ReactNode;
  children: (shown: Shown) => ReactNode;
}) {
  return (
    <SitePage title={title} intro={intro} draft={loaderData.draft} notice={loaderData.notice} error={actionData?.error} form={FACTS_FORM} preview={preview}>
      <FactsForm revision={loaderData.draft.revision} label={title}>
        {children(factsShown(loaderData, actionData))}
      </FactsForm>
      {after}
    </SitePage>
  );
}
