import { mailHref, telHref, useSiteData } from "~/lib/public-site/site-data.ts";
import { Logo } from "./Logo.tsx";
import { OpeningHours } from "../sections/OpeningHours.tsx";
import { LinkItems, SITE_PAGES } from "./LinkItems.tsx";

const QUICK_LINKS = Object.values(SITE_PAGES);

function FooterList({ title, links }: { title: string; links: { name: string; path: string }[] }) {
  const id = `footer-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div>
      <h2 id={id} className="mb-3 text-base font-bold text-white">
        {title}
      </h2>
      <ul aria-labelledby={id} className="space-y-1">
        <LinkItems links={links} className="inline-block py-1 text-slate-200 hover:text-white hover:underline" />
      </ul>
    </div>
  );
}

export function Footer() {
  const { business: site, nav } = useSiteData();
  // Its foot leaves room for the floating call button, so the last links scroll clear of it.
  return (
    <footer className="on-dark bg-ink pt-14 pb-[calc(2.5rem+var(--floating-call-room))] text-slate-200">
      <div className="container-page grid gap-10 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo onDark />
          <p className="mt-4 max-w-sm">{site.tagline}. {site.claims.insured}, {site.claims.qualityGuarantee.toLowerCase()}, {site.claims.experienceYears}+ years' experience.</p>
          <ul className="mt-4 space-y-1">
            <li>
              <a href={telHref(site)} className="font-bold text-white hover:underline">
                {site.phone.display}
              </a>
            </li>
            <li>
              {/* An address is one word that may be wider than a phone with big text: it alone may break. */}
              <a href={mailHref(site)} className="text-white [overflow-wrap:anywhere] hover:underline">
                {site.email}
              </a>
            </li>
          </ul>
          <div className="mt-4 text-sm">
            <OpeningHours onDark />
          </div>
        </div>
        <FooterList title="Quick links" links={QUICK_LINKS} />
        <FooterList title="Service regions" links={nav.regions} />
        <FooterList title="Our services" links={nav.services} />
      </div>
      <div className="container-page mt-10 flex flex-col gap-4 border-t border-slate-600 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {site.name}. Based in {site.base.town}, {site.base.county}.
        </p>
        <ul aria-label="Social media" className="flex flex-wrap gap-x-4">
          {site.social.map((s) => (
            <li key={s.network}>
              <a href={s.url} rel="noopener" className="inline-block py-2 text-slate-200 hover:text-white hover:underline">
                {s.network}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
