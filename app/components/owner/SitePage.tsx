/**
 * The frame of each of Your site's short pages: the way back to Your site, the page's title, what
 * the last save did or what stopped it, what the draft would do to every visitor, and the sticky
 * bar above the tab bar: Save draft (the page's form, named by its id), and Preview and Publish
 * while a draft waits. Publish is Your site's own (one publish for every page), which says
 * "Live ✓" or asks first.
 */
import type { ReactNode } from "react";
import type { DraftState } from "~/lib/site/draft.server.ts";
import { Notices } from "./Notices.tsx";
import { DraftWarnings } from "./SiteDraft.tsx";
import { TopBar } from "./TopBar.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";

export function SitePage({
  title,
  draft,
  notice,
  error,
  form,
  preview = "/",
  intro,
  children,
}: {
  title: string;
  draft: DraftState;
  notice?: string;
  error?: string;
  /** The id of the form Save draft sends; none on a page with nothing to save. */
  form?: string;
  /** The public page Preview opens, e.g. "/contact". */
  preview?: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <TopBar title={title} back={{ href: "/admin/site", label: "Your site" }} />
      <div className="container-page max-w-3xl space-y-6 pt-4">
        {intro && <p className="text-muted">{intro}</p>}
        <Notices notice={notice} error={error} />
        <DraftWarnings warnings={draft.warnings} />
        {children}
        <DraftBar draft={draft} form={form} preview={preview} />
      </div>
    </>
  );
}

/** The bar that stays in view at the foot of the screen, above the tab bar. */
function DraftBar({ draft, form, preview }: { draft: DraftState; form?: string; preview: string }) {
  if (!form && !draft.waiting) return <div className="pb-6" />;
  return (
    <div data-draft-bar="" className="draft-bar">
      {form && (
        <button type="submit" form={form} className="btn-primary">
          Save draft
        </button>
      )}
      {draft.waiting && (
        <>
          <a href={`/admin/site/preview${preview}`} className="btn-secondary">
            Preview
          </a>
          <PostForm action="/admin/site">
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="from" value={draft.revision} />
            <button type="submit" className="btn-secondary">
              Publish
            </button>
          </PostForm>
        </>
      )}
    </div>
  );
}
