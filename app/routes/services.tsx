import { serviceAliasPath } from "~/content/index.ts";
import { useContent } from "~/lib/public-site/content-context.tsx";
import { CallToAction } from "~/components/sections/CallToAction.tsx";
import { ServiceCard } from "~/components/sections/Cards.tsx";
import { CardsPage } from "~/components/sections/CardsPage.tsx";
import { topPage } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/services";

const PAGE = topPage("Services", "/services", () => ({
  title: "Our Roofing Services",
  description: "Roof repairs, new roof installation, flat and pitched roofing, guttering and fascias, and roof maintenance across Hertfordshire, Essex and North London.",
}));
export const meta: Route.MetaFunction = PAGE.meta;

export default function Services() {
  const content = useContent();
  return (
    <>
      <CardsPage
        breadcrumbs={PAGE.breadcrumbs}
        title="Our Roofing Services"
        subline="From a single slipped tile to a complete new roof, every job is done by our own experienced team, fully insured and guaranteed."
        heading="Six services, one local team"
      >
        {content.services.map((service) => (
          <ServiceCard key={service.slug} service={service} href={serviceAliasPath(service)} features />
        ))}
      </CardsPage>
      <CallToAction />
    </>
  );
}
