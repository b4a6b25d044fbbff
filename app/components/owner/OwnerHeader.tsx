/**
 * The owner's area header: the brand, and once signed in the area's pages and Sign out. No
 * public navigation, footer or call button here.
 */
import { useLocation, useRouteLoaderData } from "react-router";
import { Logo } from "../layout/Logo.tsx";

/** What the guard's loader hands every signed-in page. */
export interface OwnerData {
  ownerName: string;
}

const OWNER_NAV = [
  { name: "Requests", path: "/admin" },
  { name: "Sources", path: "/admin/sources" },
  { name: "Reviews", path: "/admin/reviews" },
  { name: "Your site", path: "/admin/site" },
  { name: "Notifications", path: "/admin/notifications" },
  { name: "Passkeys", path: "/admin/passkeys" },
  { name: "Help", path: "/admin/help" },
] as const;

export function OwnerHeader() {
  const owner = useRouteLoaderData("routes/admin/guard") as OwnerData | undefined;
  const { pathname } = useLocation();
  const current = (path: string) => (path === "/admin" ? pathname === "/admin" || pathname === "/admin/" || pathname.startsWith("/admin/requests") : pathname.startsWith(path));
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
        <a href={owner ? "/admin" : "/admin/sign-in"} className="rounded-md">
          <Logo />
          <span className="sr-only">, requests</span>
        </a>
        {owner && (
          <form method="post" action="/admin/sign-out">
            <button type="submit" className="btn-secondary">
              Sign out
            </button>
          </form>
        )}
      </div>
      {owner && (
        <nav aria-label="Owner" className="container-page -mt-1 pb-2">
          <ul className="flex flex-wrap gap-1">
            {OWNER_NAV.map((item) => (
              <li key={item.path}>
                <a
                  href={item.path}
                  aria-current={current(item.path) ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-md px-3 font-semibold hover:bg-paper-dark ${current(item.path) ? "text-accent-dark underline decoration-2 underline-offset-8" : "text-ink"}`}
                >
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
