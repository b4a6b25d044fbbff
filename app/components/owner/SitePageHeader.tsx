import { Notices } from "./Notices.tsx";

/** The top of each of Your site's pages: the way back, the title, and what went wrong with a save. */
export function SitePageHeader({ title, error }: { title: string; error?: string }) {
  return (
    <>
      <p>
        <a href="/admin/site" className="link">
          Your site
        </a>
      </p>
      <h1 className="text-2xl">{title}</h1>
      <Notices error={error} />
    </>
  );
}

/** The foot of each of Your site's forms: what is typed goes into the draft, never live. */
export function SaveDraft() {
  return (
    <button type="submit" className="btn-primary">
      Save draft
    </button>
  );
}
