/**
 * A town's page at /areas/roofers-in-{slug}/. A route segment cannot be half static, so the
 * loader checks the "roofers-in-" prefix and the town; anything else is a 404.
 */
import { foundOr404 } from "~/lib/forms/record-id.ts";
import { Intro } from "~/components/sections/Intro.tsx";
import { QuoteAndCall } from "~/components/sections/Actions.tsx";
import { area as areaBySlug, areaPath, findArea, service as serviceBySlug, regionOf, regionPath, servicePath, type Area, type Business } from "~/content/index.ts";
import type { Content } from "~/content/load.ts";
import { CheckList, FeatureCard } from "~/components/sections/Cards.tsx";
import { ContactSection } from "~/components/sections/ContactSection.tsx";
import { Hero } from "~/components/sections/Hero.tsx";
import { Section } from "~/components/sections/Section.tsx";
import { ServiceMap } from "~/components/sections/ServiceMap.tsx";
import { RoofersInItems } from "~/components/sections/TownLinks.tsx";
import { useContent } from "~/lib/public-site/content-context.tsx";
import { quoteAction } from "~/lib/enquiries/quote-action.server.ts";
import { contentOf } from "~/lib/services/services.ts";
import { foundPageSeo } from "~/lib/public-site/seo.ts";
import { milesBetween } from "~/lib/public-site/map-geometry.ts";
import { serviceMap } from "~/lib/public-site/service-map.ts";
import type { Route } from "./+types/area";

const PREFIX = "roofers-in-";

function townFor(content: Content, slug: string) {
  const town = foundOr404(slug.startsWith(PREFIX) ? findArea(content, slug.slice(PREFIX.length)) : undefined);
  return town;
}

export function loader({ params, context }: Route.LoaderArgs) {
  const content = contentOf(context);
  const town = townFor(content, params.slug);
  // What the meta function says of the town, from the content this render is for.
  return {
    slug: town.slug,
    name: town.name,
    description: town.metaDescription ?? defaultAreaDescription(town.name, content.business),
    regionPath: regionPath(regionOf(content, town)),
  };
}

/** The quote form in the page's own #contact section: the request records this town's page. */
export function action({ request, params, context }: Route.ActionArgs) {
  return quoteAction(request, areaPath(townFor(contentOf(context), params.slug)), context);
}

function defaultAreaDescription(name: string, site: Business): string {
  return `Trusted roofers in ${name}: roof repairs, new roofs, flat roofing, guttering and maintenance. Fully insured, ${site.claims.experienceYears}+ years' experience. Free quote within 24 hours.`;
}

export const meta: Route.MetaFunction = (args) =>
  foundPageSeo(args, (town) => ({
    title: `Roofers in ${town.name}`,
    description: town.description,
    path: areaPath(town),
    breadcrumbs: [
      { name: "Areas", path: town.regionPath },
      { name: town.name, path: areaPath(town) },
    ],
  }));

/** How far the town is from the base, worked out from the coordinates in areas.json. */
function fromBase(content: Content, town: Area): string {
  const base = content.areas.find((a) => a.name === content.business.base.town);
  if (!base || base.slug === town.slug) return `${town.name} is our home town: we are based here, so we are never far from your roof.`;
  const miles = Math.max(1, Math.round(milesBetween(base, town)));
  return `${town.name} is about ${miles} mile${miles === 1 ? "" : "s"} from our base in ${base.name} as the crow flies, so a survey or an urgent repair here is a short trip for us.`;
}

const LOCAL_SECTIONS = [
  ["homes", "The homes"],
  ["conservation", "Conservation areas"],
  ["weather", "Weather and exposure"],
  ["problems", "What we repair most"],
] as const;

const CORE = ["roof-repairs", "new-roof-installation", "flat-roofing", "pitched-roofing"];
const ADDITIONAL = ["Guttering, fascias and soffits", "Roof maintenance and inspections", "Chimney repairs and repointing", "Lead flashing and valleys", "Moss removal and roof cleaning", "Emergency repairs 24/7"];

export default function AreaPage({ loaderData, actionData }: Route.ComponentProps) {
  const content = useContent();
  const site = content.business;
  const town = areaBySlug(content, loaderData.slug);
  const region = regionOf(content, town);
  const nearby = town.nearby.map((slug) => areaBySlug(content, slug));
  const reasons = [
    { title: "Local and experienced", text: `${site.claims.experienceYears}+ years of roofing across ${region.name}, including homes like yours in ${town.name}.` },
    { title: site.claims.insured, text: "Every job is covered by full insurance, so your home is protected while we work." },
    { title: "Guaranteed work", text: `${site.claims.workmanshipGuarantee}.` },
    { title: "Free quotes within 24 hours", text: "A free inspection and a clear written quote, with no obligation and no hidden extras." },
  ];
  return (
    <>
      <Hero
        breadcrumbs={[
          { name: "Areas", path: regionPath(region) },
          { name: town.name, path: areaPath(town) },
        ]}
        title={`Roofers in ${town.name}`}
        subline={town.description}
      >
        <QuoteAndCall quoteHref="#contact" />
      </Hero>
      <Intro paragraphs={[town.intro]} />
      <Section title={`Roofs in ${town.name}`} intro={<p>{fromBase(content, town)}</p>}>
        <div className="grid gap-8 md:grid-cols-2">
          {LOCAL_SECTIONS.map(([key, title]) => (
            <div key={key}>
              <h3 className="mb-2 text-xl">{title}</h3>
              <p className="prose-measure">{town.local[key]}</p>
            </div>
          ))}
        </div>
      </Section>
      <Section title={`Roofing services in ${town.name}`} tone="white">
        <div className="grid gap-10 md:grid-cols-2">
          <div>
            <h3 className="mb-3 text-xl">Core services</h3>
            <ul className="space-y-2">
              {CORE.map((slug) => serviceBySlug(content, slug)).map((service) => (
                <li key={service.slug}>
                  <a href={servicePath(service)} className="link">
                    {service.name}
                  </a>
                  <span className="block text-muted">{service.summary}</span>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="mb-3 text-xl">Additional services</h3>
            <CheckList items={ADDITIONAL} />
          </div>
        </div>
      </Section>
      <Section title={`Why choose us in ${town.name}`}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((reason) => (
            <FeatureCard key={reason.title} title={reason.title} text={reason.text} />
          ))}
        </div>
      </Section>
      <Section title={`Recent projects in and around ${town.name}`} tone="white">
        <ul className="grid gap-6 md:grid-cols-3">
          {town.projects.map((project) => (
            <li key={project.title} className="card">
              <h3 className="text-lg">{project.title}</h3>
              <p className="mt-2 text-muted">{project.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Nearby areas we cover">
        <div className="grid items-start gap-10 lg:grid-cols-[1.5fr_1fr]">
          <ServiceMap map={serviceMap(content, { kind: "town", town: town.slug })} />
          <div>
            <p id="nearby-towns-label">Around {town.name}, we also work in:</p>
            <ul aria-labelledby="nearby-towns-label" className="mt-4 flex flex-wrap gap-3">
              <RoofersInItems towns={nearby} className="btn-secondary" />
            </ul>
            <p className="mt-6">
              <a href={regionPath(region)} className="link">
                Every town we cover in {region.name} →
              </a>
            </p>
          </div>
        </div>
      </Section>
      <ContactSection action={`${areaPath(town)}#contact`} result={actionData} title={`Get your free quote in ${town.name}`} />
    </>
  );
}
