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
      {error && (
        <p role="alert" className="card py-3 font-semibold text-danger">
          {error}
        </p>
      )}
    </>
  );
}
