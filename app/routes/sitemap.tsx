import { areaPath, areasIn, regionPath, servicePath } from "~/content/index.ts";
import { useContent } from "~/lib/public-site/content-context.tsx";
import { mailHref, telHref } from "~/lib/public-site/site-data.ts";
import { Hero } from "~/components/sections/Hero.tsx";
import { Section } from "~/components/sections/Section.tsx";
import { OpeningHours } from "~/components/sections/OpeningHours.tsx";
import { topPage } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/sitemap";
import { LinkItems, SITE_PAGES } from "~/components/layout/LinkItems.tsx";

const PAGE = topPage("Sitemap", "/sitemap", (root) => ({
  title: "Sitemap",
  description: `Every page on the ${root.business.name} website: our services, the regions and towns we cover, our gallery and how to contact us.`,
}));
export const meta: Route.MetaFunction = PAGE.meta;

const { home, services, gallery, contact, privacy } = SITE_PAGES;
const MAIN_PAGES = [home, services, gallery, { name: "Get a Quote", path: "/#contact" }, contact, { ...privacy, name: "Privacy Notice" }];

function LinkList({ links, columns = false }: { links: { name: string; path: string }[]; columns?: boolean }) {
  return (
    <ul className={columns ? "grid gap-x-6 sm:grid-cols-2" : ""}>
      <LinkItems links={links} className="link inline-block py-1.5" />
    </ul>
  );
}

export default function Sitemap() {
  const content = useContent();
  const site = content.business;
  return (
    <>
      <Hero breadcrumbs={PAGE.breadcrumbs} title="Sitemap" subline="Every page on our website in one place." />
      <Section title="Pages and services" tone="white">
        <div className="grid gap-10 md:grid-cols-3">
          <div>
            <h3 className="mb-2 text-xl">Main pages</h3>
            <LinkList links={MAIN_PAGES} />
          </div>
          <div>
            <h3 className="mb-2 text-xl">Our services</h3>
            <LinkList links={content.services.map((s) => ({ name: `${s.name} in Stevenage`, path: servicePath(s) }))} />
          </div>
          <div>
            <h3 className="mb-2 text-xl">Regions</h3>
            <LinkList links={content.regions.map((r) => ({ name: `Roofers in ${r.name}`, path: regionPath(r) }))} />
          </div>
        </div>
      </Section>
      <Section title="Areas we cover">
        <div className="grid gap-10 md:grid-cols-3">
          {content.regions.map((region) => (
            <div key={region.slug}>
              <h3 className="mb-2 text-xl">{region.name}</h3>
              <LinkList links={areasIn(content, region).map((a) => ({ name: `Roofers in ${a.name}`, path: areaPath(a) }))} />
            </div>
          ))}
        </div>
      </Section>
      <Section title="Contact details" tone="white">
        <div className="grid gap-8 md:grid-cols-2">
          <ul className="space-y-2">
            <li>
              Phone:{" "}
              <a href={telHref(site)} className="link">
                {site.phone.display}
              </a>
            </li>
            <li>
              Email:{" "}
              <a href={mailHref(site)} className="link">
                {site.email}
              </a>
            </li>
            <li>Area served: {site.areaServed}</li>
          </ul>
          <OpeningHours />
        </div>
      </Section>
    </>
  );
}
