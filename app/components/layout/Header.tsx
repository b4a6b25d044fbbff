/**
 * The sticky top bar. Both menus are native popovers: they open from a button, close on Escape,
 * on a click outside and when a link loads the next page, with no script at all.
 */
import { telHref, useSiteData, type NavRegion } from "~/lib/public-site/site-data.ts";
import { ChevronDownIcon, CloseIcon, MenuIcon, PhoneIcon } from "../icons.tsx";
import { CallButton } from "../sections/Actions.tsx";
import { Logo } from "./Logo.tsx";
import { LinkItems, SITE_PAGES } from "./LinkItems.tsx";

const NAV = [SITE_PAGES.home, SITE_PAGES.services];
const NAV_AFTER = [SITE_PAGES.gallery, SITE_PAGES.contact];

function AreaLists({ regions, idPrefix, columns }: { regions: NavRegion[]; idPrefix: string; columns: boolean }) {
  return (
    <div className={columns ? "grid gap-6 md:grid-cols-3" : "space-y-4"}>
      {regions.map((region) => (
        <div key={region.slug}>
          <h2 id={`${idPrefix}-${region.slug}`} className="mb-2 text-base font-bold">
            <a href={region.path} className="hover:underline">
              {region.name}
            </a>
          </h2>
          <ul aria-labelledby={`${idPrefix}-${region.slug}`} className="grid grid-cols-2 gap-x-4">
            <LinkItems links={region.towns} className="block py-1.5 text-[0.95rem] text-ink hover:text-accent-dark hover:underline" />
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * `callOnPhones`: the customer's pages keep the call link in the bar on a phone too, as an icon
 * named by the number, where the public pages have their floating call button instead.
 */
export function Header({ currentPath: rawPath, callOnPhones = false }: { currentPath: string; callOnPhones?: boolean }) {
  // Prerendering asks for "/contact/"; the page itself lives at "/contact".
  const currentPath = rawPath.length > 1 ? rawPath.replace(/\/$/, "") : rawPath;
  const { business: site, nav } = useSiteData();
  const linkClass = (path: string) =>
    `rounded-md px-3 py-2 font-semibold hover:bg-paper-dark ${currentPath === path ? "text-accent-dark underline decoration-2 underline-offset-8" : "text-ink"}`;
  const current = (path: string) => (currentPath === path ? ("page" as const) : undefined);
  return (
    <header data-sticky-header="" className="sticky top-0 z-40 border-b border-slate-200 bg-white [view-transition-name:site-header]">
      {/* Packed from the left, the actions pushed right: while a slow device parses the page and
          paints it in parts, the logo and the links already shown never move (no layout shift).
          The links need about 1,150 px: narrower windows, laptops at 1024 px included, get the
          Menu button instead of links wrapping onto two lines. On a narrow phone with its text made
          big (under 20 rem wide: 360 px at 150 %), the logo and the buttons cannot share one line:
          the buttons go onto a line of their own rather than push the page sideways. */}
      <div className={`container-page flex min-h-18 items-center max-[20rem]:flex-wrap max-[20rem]:py-2 ${callOnPhones ? "gap-2 sm:gap-4" : "gap-4"}`}>
        <a href="/" className="rounded-md">
          <Logo />
          <span className="sr-only">, home page</span>
        </a>

        <nav aria-label="Main" className="hidden items-center gap-1 xl:ml-4 xl:flex">
          {NAV.map((item) => (
            <a key={item.path} href={item.path} className={linkClass(item.path)} aria-current={current(item.path)}>
              {item.name}
            </a>
          ))}
          <button
            type="button"
            popoverTarget="areas-menu"
            className="flex items-center gap-1 rounded-md px-3 py-2 font-semibold text-ink hover:bg-paper-dark"
          >
            Areas We Cover <ChevronDownIcon width="18" height="18" />
          </button>
          {NAV_AFTER.map((item) => (
            <a key={item.path} href={item.path} className={linkClass(item.path)} aria-current={current(item.path)}>
              {item.name}
            </a>
          ))}
        </nav>

        <div className={`ml-auto flex items-center max-[20rem]:flex-wrap max-[20rem]:justify-end ${callOnPhones ? "gap-1 sm:gap-2" : "gap-2"}`}>
          <a href={telHref(site)} className={callOnPhones ? "btn-primary min-w-11 px-2 sm:px-[1.125rem]" : "btn-primary hidden sm:inline-flex"}>
            <PhoneIcon width="20" height="20" />
            <span className={callOnPhones ? "sr-only sm:not-sr-only" : undefined}>
              <span className="sr-only">Call </span>
              {site.phone.display}
            </span>
          </a>
          <button
            type="button"
            popoverTarget="mobile-menu"
            className="btn min-w-11 px-3 text-ink ring-1 ring-slate-300 xl:hidden"
          >
            <MenuIcon />
            <span>Menu</span>
          </button>
        </div>
      </div>

      <div
        id="areas-menu"
        popover="auto"
        className="fixed inset-x-0 top-18 mx-auto mt-0 max-h-[calc(100vh-5rem)] w-[min(1100px,calc(100%-2rem))] overflow-y-auto rounded-b-xl bg-white p-6 shadow-xl ring-1 ring-slate-200"
      >
        <div className="mb-4 flex items-center justify-between">
          <p className="text-lg font-bold">Areas we cover</p>
          <button type="button" popoverTarget="areas-menu" popoverTargetAction="hide" className="btn min-w-11 px-2 text-ink">
            <CloseIcon />
            <span className="sr-only">Close areas menu</span>
          </button>
        </div>
        <AreaLists regions={nav.regions} idPrefix="areas-menu" columns />
      </div>

      <div
        id="mobile-menu"
        popover="auto"
        className="fixed inset-0 m-0 ml-auto h-full max-h-none w-[min(24rem,100%)] overflow-y-auto bg-white p-5 shadow-2xl"
      >
        <div className="mb-4 flex items-center justify-between">
          <p className="text-lg font-bold">Menu</p>
          <button type="button" popoverTarget="mobile-menu" popoverTargetAction="hide" className="btn min-w-11 px-2 text-ink ring-1 ring-slate-300">
            <CloseIcon />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="divide-y divide-slate-200">
            <LinkItems links={NAV} className="block py-3 text-lg font-semibold" current={current} />
            <li>
              <details className="group py-1">
                <summary className="flex min-h-11 items-center justify-between py-2 text-lg font-semibold">
                  Areas We Cover
                  <ChevronDownIcon className="transition-transform group-open:rotate-180" />
                </summary>
                <div className="pt-2 pb-4">
                  <AreaLists regions={nav.regions} idPrefix="mobile-areas" columns={false} />
                </div>
              </details>
            </li>
            <LinkItems links={NAV_AFTER} className="block py-3 text-lg font-semibold" current={current} />
          </ul>
        </nav>
        <CallButton className="btn-primary mt-6 w-full" />
      </div>
    </header>
  );
}
