import { useContent } from "~/lib/public-site/content-context.tsx";
import { Testimonials } from "~/components/sections/Testimonials.tsx";
import { CallToAction } from "~/components/sections/CallToAction.tsx";
import { ProjectCard } from "~/components/sections/Cards.tsx";
import { CardsPage } from "~/components/sections/CardsPage.tsx";
import { topPage } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/gallery";

const PAGE = topPage("Gallery", "/gallery", () => ({
  title: "Our Work: Roofing Project Gallery",
  description: "Recent roofing projects across Hertfordshire, Essex and North London: new roofs, flat roofing, repairs, emergency work, guttering and maintenance.",
}));
export const meta: Route.MetaFunction = PAGE.meta;

export default function Gallery() {
  const content = useContent();
  return (
    <>
      <CardsPage
        breadcrumbs={PAGE.breadcrumbs}
        title="Our Work"
        subline="A selection of recent projects across Hertfordshire, Essex and North London, from emergency repairs to complete new roofs."
        heading="Recent projects"
      >
        {content.gallery.map((project) => (
          <ProjectCard key={project.title} project={project} />
        ))}
      </CardsPage>
      <Testimonials testimonials={content.testimonials} />
      <CallToAction title="Like what you see? Get a free quote" />
    </>
  );
}
