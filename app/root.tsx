import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import scripts from "./enhance/scripts.generated.json" with { type: "json" };
import { FloatingCall } from "./components/layout/FloatingCall.tsx";
import { Footer } from "./components/layout/Footer.tsx";
import { Header } from "./components/layout/Header.tsx";
import { OwnerNav, useSignedIn } from "./components/owner/OwnerNav.tsx";
import { NotFound } from "./components/sections/NotFound.tsx";
import { areaPath, areasIn, regionPath, servicePath } from "./content/index.ts";
import { BRAND } from "./lib/brand/colours.ts";
import { contentOf, storeOf } from "./lib/services/services.ts";
import { thankYouOffer } from "./lib/visits/thank-you-offer.server.ts";
import { closureShows, telHref, type SiteData } from "./lib/public-site/site-data.ts";
import { SPECULATION_RULES_JSON } from "./lib/public-site/speculation-rules.ts";
import { notFoundMeta, siteUrl } from "./lib/public-site/seo.ts";

/** What a route module may say about itself in `handle`. */
export interface RouteHandle {
  /**
   * Browser scripts (by name, from app/enhance/) that improve the page's forms. Pages are never
   * hydrated; a page without scripts is sent as HTML alone (docs/decisions/0001-html-first.md).
   */
  scripts?: (keyof typeof scripts)[];
  /** The owner's area: its own menu and top bar, no public header, footer or call button. */
  ownerArea?: boolean;
  /** The customer's own pages (/c/, /q/, /review/): the call link stays in the header, no floating one covers them. */
  customerPage?: boolean;
}

export function loader({ context, request }: Route.LoaderArgs): SiteData {
  // The content this render is for (the owner's published facts, a draft being rendered, or the files at build).
  const content = contentOf(context);
  const { closure } = content.business;
  // A quote form's answer with its booking link (never a prerendered page): the survey times it offers.
  const surveyOffer = new URL(request.url).searchParams.has("book") ? thankYouOffer(storeOf(context), content, new URL(request.url).search) : undefined;
  return {
    ...(surveyOffer && { surveyOffer }),
    siteUrl: siteUrl(),
    business: content.business,
    closure:
      closure && closureShows(closure)
        ? {
            message: closure.message,
            untilText: new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${closure.until}T00:00:00Z`)),
          }
        : null,
    nav: {
      regions: content.regions.map((region) => ({
        slug: region.slug,
        name: region.name,
        path: regionPath(region),
        towns: areasIn(content, region).map((area) => ({ name: area.name, path: areaPath(area) })),
      })),
      services: content.services.map((service) => ({ name: service.name, path: servicePath(service) })),
    },
  };
}

/** Pages carry their own meta; this one is used when a loader threw (not found or failed). */
export const meta: Route.MetaFunction = ({ error, loaderData }) => {
  if (!error) return [];
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta(loaderData);
  return [{ title: "Something went wrong" }, { name: "robots", content: "noindex" }];
};

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  // Absent only when an action failed before the loaders ran: the page is then shown bare.
  const siteData = useRouteLoaderData("root") as SiteData | undefined;
  const matches = useMatches();
  const location = useLocation();
  const handles = matches.map((match) => match.handle as RouteHandle | undefined);
  const pageScripts = new Set(handles.flatMap((handle) => handle?.scripts ?? []));
  const ownerArea = handles.some((handle) => handle?.ownerArea);
  const customerPage = handles.some((handle) => handle?.customerPage);
  const signedIn = useSignedIn() && ownerArea;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={BRAND.ink} />
        <Meta />
        <Links />
        {/* The owner's pages link to little but each other, which are never prerendered. */}
        {!ownerArea && <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES_JSON }} />}
      </head>
      <body>
        <a
          href="#main"
          className="sr-only z-50 rounded-lg border-transparent bg-ink px-[0.875rem] py-[0.625rem] font-semibold text-white focus:not-sr-only focus:border-2 focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        {siteData && !ownerArea && <Header currentPath={location.pathname} callOnPhones={customerPage} />}
        {siteData?.closure && !ownerArea && <ClosureNotice closure={siteData.closure} business={siteData.business} />}
        {/* The owner's menu comes first, as a header's would; the skip link passes it. His pages
            carry their own slim top bar (components/owner/TopBar.tsx). */}
        {signedIn && <OwnerNav />}
        <main id="main" tabIndex={-1} className={signedIn ? "owner-main outline-none" : "outline-none"}>
          {children}
        </main>
        {siteData && !ownerArea && (
          <>
            <Footer />
            {!customerPage && <FloatingCall />}
          </>
        )}
        {/* An enhancement of a page that already works: fetched after what the first paint needs. */}
        {[...pageScripts].map((name) => (
          <script key={name} type="module" src={scripts[name]} fetchPriority="low" />
        ))}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="container-page py-16">
      <h1 className="text-3xl">Sorry, something went wrong</h1>
      <p className="mt-4">Please try again in a moment, or call us on the number at the top of the page.</p>
    </section>
  );
}

/** The owner's closure notice, under the header of every page while it lasts. */
function ClosureNotice({ closure, business }: { closure: NonNullable<SiteData["closure"]>; business: SiteData["business"] }) {
  return (
    <aside aria-label="Closure notice" className="border-b border-amber-700 bg-amber-50">
      <p className="container-page py-3">
        <strong>Closed until the end of {closure.untilText}:</strong> {closure.message}. A roof emergency? Call{" "}
        <a href={telHref(business)} className="link font-semibold">
          {business.phone.display}
        </a>
        . {business.claims.emergency}.
      </p>
    </aside>
  );
}
