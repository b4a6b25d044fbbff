import { areasIn, regionPath, serviceAliasPath, type Business } from "~/content/index.ts";
import { Testimonials } from "~/components/sections/Testimonials.tsx";
import { QuoteAndCall } from "~/components/sections/Actions.tsx";
import { ServiceCard, FeatureCard } from "~/components/sections/Cards.tsx";
import { ContactSection } from "~/components/sections/ContactSection.tsx";
import { Hero } from "~/components/sections/Hero.tsx";
import { Section } from "~/components/sections/Section.tsx";
import { ServiceMap } from "~/components/sections/ServiceMap.tsx";
import { TownLinks } from "~/components/sections/TownLinks.tsx";
import { TrustBadges } from "~/components/sections/TrustBadges.tsx";
import { AwardIcon, ClockIcon, HomeIcon, PoundIcon, ShieldIcon, ToolIcon } from "~/components/icons.tsx";
import { useContent } from "~/lib/public-site/content-context.tsx";
import { quoteAction } from "~/lib/enquiries/quote-action.server.ts";
import { rootFrom, seo } from "~/lib/public-site/seo.ts";
import { serviceMap } from "~/lib/public-site/service-map.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootFrom(matches);
  return seo(root, {
    title: `Roofers in Stevenage, Hertfordshire, Essex & North London | ${root.business.name}`,
    description: `${root.business.name}: roof repairs, new roofs, flat and pitched roofing, guttering and maintenance across Hertfordshire, Essex and North London. Free quotes within 24 hours.`,
    path: "/",
  });
};

export function action({ request, context }: Route.ActionArgs) {
  return quoteAction(request, "/", context);
}

const whyChoose = (site: Business) => [
  { title: `${site.claims.experienceYears}+ years' experience`, text: "Roofing across Hertfordshire, Essex and North London, on every kind of home from Victorian terraces to new builds.", Icon: HomeIcon },
  { title: site.claims.insured, text: "Full insurance on every job, large or small, so your home is covered while we work.", Icon: ShieldIcon },
  { title: "Guaranteed workmanship", text: `${site.claims.workmanshipGuarantee}.`, Icon: AwardIcon },
  { title: "Free quotes within 24 hours", text: "We inspect, explain what we found and give you a written quote, free and with no obligation.", Icon: ClockIcon },
  { title: "Transparent pricing", text: "A clear written quote with no hidden extras. The price we agree is the price you pay.", Icon: PoundIcon },
  { title: "Emergency repairs 24/7", text: "Storm damage or a sudden leak? Call us day or night and we will make your roof safe.", Icon: ToolIcon },
];

export default function Home({ actionData }: Route.ComponentProps) {
  const content = useContent();
  const site = content.business;
  return (
    <>
      <Hero
        eyebrow="Local roofers you can rely on"
        title={site.tagline}
        subline={`Roof repairs, new roofs, flat roofing, guttering and maintenance from one local team. ${site.claims.experienceYears}+ years' experience, fully insured, and a free quote within 24 hours.`}
        image={site.heroImage}
      >
        <QuoteAndCall quoteHref="#contact" quoteLabel="Get Your Free Quote" />
        <TrustBadges />
      </Hero>

      <Section title={`Why choose ${site.name}`} tone="white">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {whyChoose(site).map(({ title, text, Icon }) => (
            <FeatureCard key={title} title={title} text={text} icon={<Icon />} />
          ))}
        </div>
      </Section>

      <Section id="services" title="Our roofing services" intro={<p>Whatever your roof needs, one local team handles it from the first inspection to the final check.</p>}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {content.services.map((service) => (
            <ServiceCard key={service.slug} service={service} href={serviceAliasPath(service)} />
          ))}
        </div>
      </Section>

      {/* The newest three: the gallery page shows them all. */}
      <Testimonials testimonials={content.testimonials.slice(0, 3)} tone="white" />

      <Section id="areas" title="Areas we cover" intro={<p>From our base in {site.base.town} we cover {content.areas.length} towns across {new Intl.ListFormat("en-GB").format(content.regions.map((r) => r.name))}, each with a page of its own.</p>}>
        <div className="grid items-start gap-10 lg:grid-cols-[1.5fr_1fr]">
          <ServiceMap map={serviceMap(content, { kind: "all" })} />
          <div className="space-y-6">
            {content.regions.map((region) => (
              <div key={region.slug}>
                <h3 className="text-xl">
                  <a href={regionPath(region)} className="link">
                    {region.name}
                  </a>
                </h3>
                <TownLinks towns={areasIn(content, region)} />
              </div>
            ))}
          </div>
        </div>
      </Section>

      <ContactSection action="/?index#contact" result={actionData} />
    </>
  );
}
