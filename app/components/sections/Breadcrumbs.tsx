import type { Crumb } from "~/lib/public-site/seo.ts";

/** Visible breadcrumbs; the same list feeds the page's BreadcrumbList data through seo(). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const all = [{ name: "Home", path: "/" }, ...crumbs];
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2">
        {all.map((crumb, i) => {
          const last = i === all.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-x-2">
              {last ? (
                <span aria-current="page" className="font-semibold">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <a href={crumb.path} className="underline underline-offset-4 hover:no-underline">
                    {crumb.name}
                  </a>
                  <span aria-hidden="true">›</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
