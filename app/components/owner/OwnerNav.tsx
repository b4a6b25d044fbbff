/**
 * The owner's one menu, at every width: below 1024 px a bar fixed to the bottom edge with five
 * destinations (an icon over a word), the rest under More (/admin/more); from 1024 px a column at
 * the side with every destination and Sign out. One <nav>, so a screen reader meets one menu.
 */
import type { ComponentType, SVGProps } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { CalendarIcon, GlobeIcon, InboxIcon, MoreIcon, PoundIcon } from "../icons.tsx";
import { Logo } from "../layout/Logo.tsx";
import { MORE_PLACES } from "./more-places.ts";
import { PostForm } from "~/components/forms/PostForm.tsx";

/** What the guard's loader hands every signed-in page. */
export interface OwnerData {
  ownerName: string;
}

type IconType = ComponentType<SVGProps<SVGSVGElement>>;

/** The bar's five, in order; `owns` says which paths count as that destination. */
const TABS: { name: string; path: string; icon: IconType; owns: (path: string) => boolean }[] = [
  { name: "Requests", path: "/admin", icon: InboxIcon, owns: (p) => p === "/admin" || p === "/admin/" || p.startsWith("/admin/requests") || p.startsWith("/admin/quotes") },
  { name: "Diary", path: "/admin/diary", icon: CalendarIcon, owns: (p) => p.startsWith("/admin/diary") },
  { name: "Money", path: "/admin/money", icon: PoundIcon, owns: (p) => ["/admin/money", "/admin/invoices", "/admin/credit-notes", "/admin/payments"].some((path) => p.startsWith(path)) },
  { name: "Your site", path: "/admin/site", icon: GlobeIcon, owns: (p) => p.startsWith("/admin/site") },
  { name: "More", path: "/admin/more", icon: MoreIcon, owns: (p) => p.startsWith("/admin/more") || MORE_PLACES.some((place) => p.startsWith(place.path)) },
];

/** Whether the guard's loader ran: the owner is signed in. */
export function useSignedIn(): boolean {
  return Boolean(useRouteLoaderData("routes/admin/guard") as OwnerData | undefined);
}

export function OwnerNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Owner" className="owner-nav">
      <div className="mb-4 hidden px-3 lg:block">
        <Logo />
      </div>
      <ul className="flex lg:flex-col lg:gap-1">
        {TABS.map((tab) => {
          const Icon = tab.icon;
          // More stands for its places only on a phone; at the side each place is listed itself.
          const more = tab.path === "/admin/more";
          return (
            <li key={tab.path} className={`min-w-0 flex-1 max-[20rem]:flex-auto ${more ? "lg:hidden" : ""}`}>
              <a href={tab.path} aria-current={tab.owns(pathname) ? "page" : undefined} className="owner-tab">
                <Icon width="24" height="24" />
                {tab.name}
              </a>
            </li>
          );
        })}
        {MORE_PLACES.map((place) => (
          <li key={place.path} className="hidden lg:block">
            <a href={place.path} aria-current={pathname.startsWith(place.path) ? "page" : undefined} className="owner-tab">
              {place.name}
            </a>
          </li>
        ))}
        <li className="hidden lg:block">
          <PostForm action="/admin/sign-out" className="mt-4 px-3">
            <button type="submit" className="btn-secondary w-full">
              Sign out
            </button>
          </PostForm>
        </li>
      </ul>
    </nav>
  );
}
