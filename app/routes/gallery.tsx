import { useContent } from "~/lib/public-site/content-context.tsx";
import { Testimonials } from "~/components/sections/Testimonials.tsx";
import { CallToAction } from "~/components/sections/CallToAction.tsx";
import { ProjectCard } from "~/components/sections/Cards.tsx";
import { Hero } from "~/components/sections/Hero.tsx";
import { Section } from "~/components/sections/Section.tsx";
import { rootFrom, seo } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(rootFrom(matches), {
    title: "Our Work: Roofing Project Gallery",
    description: "Recent roofing projects across Hertfordshire, Essex and North London: new roofs, flat roofing, repairs, emergency work, guttering and maintenance.",
    path: "/gallery",
    breadcrumbs: [{ name: "Gallery", path: "/gallery" }],
  });

export default function Gallery() {
  const content = useContent();
  return (
    <>
      <Hero
        breadcrumbs={[{ name: "Gallery", path: "/gallery" }]}
        title="Our Work"
        subline="A selection of recent projects across Hertfordshire, Essex and North London, from emergency repairs to complete new roofs."
      />
      <Section title="Recent projects" tone="white">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {content.gallery.map((project) => (
            <ProjectCard key={project.title} project={project} />
          ))}
        </div>
      </Section>
      <Testimonials testimonials={content.testimonials} />
      <CallToAction title="Like what you see? Get a free quote" />
    </>
  );
}
