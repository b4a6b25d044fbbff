import { serviceAliasPath } from "~/content/index.ts";
import { useContent } from "~/lib/public-site/content-context.tsx";
import { CallToAction } from "~/components/sections/CallToAction.tsx";
import { ServiceCard } from "~/components/sections/Cards.tsx";
import { Hero } from "~/components/sections/Hero.tsx";
import { Section } from "~/components/sections/Section.tsx";
import { rootFrom, seo } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(rootFrom(matches), {
    title: "Our Roofing Services",
    description: "Roof repairs, new roof installation, flat and pitched roofing, guttering and fascias, and roof maintenance across Hertfordshire, Essex and North London.",
    path: "/services",
    breadcrumbs: [{ name: "Services", path: "/services" }],
  });

export default function Services() {
  const content = useContent();
  return (
    <>
      <Hero
        breadcrumbs={[{ name: "Services", path: "/services" }]}
        title="Our Roofing Services"
        subline="From a single slipped tile to a complete new roof, every job is done by our own experienced team, fully insured and guaranteed."
      />
      <Section title="Six services, one local team" tone="white">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {content.services.map((service) => (
            <ServiceCard key={service.slug} service={service} href={serviceAliasPath(service)} features />
          ))}
        </div>
      </Section>
      <CallToAction />
    </>
  );
}
