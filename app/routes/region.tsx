import { foundOr404 } from "~/lib/forms/record-id.ts";
import { Intro } from "~/components/sections/Intro.tsx";
import { QuoteAndCall } from "~/components/sections/Actions.tsx";
import { areaPath, areasIn, findRegion, regionPath } from "~/content/index.ts";
import type { Content } from "~/content/load.ts";
import { CheckList, FeatureCard } from "~/components/sections/Cards.tsx";
import { ContactSection } from "~/components/sections/ContactSection.tsx";
import { Hero } from "~/components/sections/Hero.tsx";
import { Section } from "~/components/sections/Section.tsx";
import { ServiceMap } from "~/components/sections/ServiceMap.tsx";
import { TownLinks } from "~/components/sections/TownLinks.tsx";
import { useContent } from "~/lib/public-site/content-context.tsx";
import { quoteAction } from "~/lib/enquiries/quote-action.server.ts";
import { contentOf } from "~/lib/services/services.ts";
import { foundPageSeo } from "~/lib/public-site/seo.ts";
import { serviceMap } from "~/lib/public-site/service-map.ts";
import type { Route } from "./+types/region";

/** A region hub: /hertfordshire, /essex, /north-london. Any other single-segment path is a 404. */
function regionFor(content: Content, slug: string) {
  const region = foundOr404(findRegion(content, slug));
  return region;
}

export function loader({ params, context }: Route.LoaderArgs) {
  // What the meta function says of the region, from the content this render is for.
  const { slug, name, metaTitle, metaDescription } = regionFor(contentOf(context), params.region);
  return { slug, name, metaTitle, metaDescription };
}

/** The quote form in the page's own #contact section: the request records this region's page. */
export function action({ request, params, context }: Route.ActionArgs) {
  return quoteAction(request, regionPath(regionFor(contentOf(context), params.region)), context);
}

export const meta: Route.MetaFunction = (args) =>
  foundPageSeo(args, (region) => ({
    title: region.metaTitle,
    description: region.metaDescription,
    path: `/${region.slug}`,
    breadcrumbs: [{ name: region.name, path: `/${region.slug}` }],
  }));

export default function RegionPage({ loaderData, actionData }: Route.ComponentProps) {
  const content = useContent();
  const site = content.business;
  const region = findRegion(content, loaderData.slug)!;
  const towns = areasIn(content, region);
  return (
    <>
      <Hero
        breadcrumbs={[{ name: region.name, path: `/${region.slug}` }]}
        title={`Professional Roofers in ${region.name}`}
        subline={`${site.claims.experienceYears}+ years' experience, fully insured, with free quotes within 24 hours and emergency repairs 24/7.`}
      >
        <QuoteAndCall quoteHref="#contact" />
      </Hero>
      <Intro paragraphs={region.intro} />
      <Section title={`Areas we cover in ${region.name}`} intro={<p>{towns.length} towns, each with a page of its own.</p>}>
        <div className="mb-10 grid items-start gap-10 lg:grid-cols-[1.5fr_1fr]">
          <ServiceMap map={serviceMap(content, { kind: "region", region: region.slug })} />
          <div>
            <h3 className="text-xl">Towns on the map</h3>
            <TownLinks towns={towns} />
          </div>
        </div>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {towns.map((town) => (
            <li key={town.slug} className="card flex flex-col">
              <h3 className="text-xl">{town.name}</h3>
              <p className="mt-2 flex-1 text-muted">{town.description}</p>
              <a href={areaPath(town)} className="link mt-4">
                View services in {town.name} →
              </a>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={`Roofing services in ${region.name}`} tone="white">
        <CheckList items={region.checklist} columns={2} />
      </Section>
      <Section title={`Why homeowners in ${region.name} choose us`}>
        <div className="grid gap-6 md:grid-cols-3">
          {region.whyChoose.map((item) => (
            <FeatureCard key={item.title} title={item.title} text={item.text} />
          ))}
        </div>
      </Section>
      <ContactSection action={`${regionPath(region)}#contact`} result={actionData} title={`Get your free quote in ${region.name}`} />
    </>
  );
}
