import { area, servicePath, type GalleryProject, type Service, type Testimonial } from "~/content/index.ts";
import { useContent } from "~/lib/public-site/content-context.tsx";
import { monthWords } from "~/lib/time/words.ts";
import { ArrowRightIcon, CheckIcon, StarIcon } from "../icons.tsx";
import { Picture } from "../Picture.tsx";

const GRID_SIZES = "(min-width: 1200px) 370px, (min-width: 768px) 45vw, 100vw";

/**
 * A service card, an article named by its heading. The link goes to the service's
 * /services/{slug} page, as the spec says.
 */
export function ServiceCard({ service, href, features = false }: { service: Service; href: string; features?: boolean }) {
  const headingId = `service-card-${service.slug}`;
  return (
    <article className="card flex flex-col overflow-hidden p-0" aria-labelledby={headingId}>
      <Picture image={service.image} sizes={GRID_SIZES} className="h-auto w-full bg-paper-dark" />
      <div className="flex flex-1 flex-col p-6">
        <h3 id={headingId} className="text-xl">
          {service.name}
        </h3>
        <p className="mt-2 flex-1">{service.summary}</p>
        {features && (
          <ul className="mt-4 space-y-1">
            {service.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <CheckIcon className="mt-1 shrink-0 text-accent" width="20" height="20" />
                {feature}
              </li>
            ))}
          </ul>
        )}
        <a href={href} className="link mt-4 inline-flex items-center gap-1">
          Learn More<span className="sr-only"> about {service.name}</span>
          <ArrowRightIcon width="18" height="18" />
        </a>
      </div>
    </article>
  );
}

export function RelatedServiceCard({ service }: { service: Service }) {
  return (
    <a href={servicePath(service)} className="card block hover:ring-2 hover:ring-accent">
      <h3 className="text-lg">{service.name}</h3>
      <p className="mt-2 text-muted">{service.summary}</p>
    </a>
  );
}

export function ProjectCard({ project }: { project: GalleryProject }) {
  const content = useContent();
  return (
    <article className="card flex flex-col overflow-hidden p-0">
      <Picture image={project.image} sizes={GRID_SIZES} className="h-auto w-full bg-paper-dark" />
      <div className="p-6">
        <p className="eyebrow">{project.category}</p>
        <h3 className="mt-1 text-xl">{project.title}</h3>
        <p className="mt-1 text-sm font-semibold text-muted">{area(content, project.location).name}</p>
        <p className="mt-3">{project.description}</p>
        {project.morePhotos && project.morePhotos.length > 0 && (
          <ul className="mt-4 grid grid-cols-3 gap-2" aria-label={`More photos of ${project.title}`}>
            {project.morePhotos.map((photo) => (
              <li key={photo.src}>
                <Picture image={photo} sizes="(min-width: 1024px) 120px, 30vw" className="aspect-square h-auto w-full rounded-md bg-paper-dark object-cover" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

export function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex text-accent" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: rating }, (_, i) => (
        <StarIcon key={i} width="20" height="20" />
      ))}
    </p>
  );
}

/** A review, named by who said it and where ("Sarah M., Stevenage"). */
export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const town = area(useContent(), testimonial.location).name;
  return (
    <figure className="card flex flex-col" aria-label={`${testimonial.name}, ${town}`}>
      <Stars rating={testimonial.rating} />
      <blockquote className="mt-3 flex-1">
        <p>“{testimonial.text}”</p>
      </blockquote>
      <figcaption className="mt-4 font-semibold">
        {testimonial.name}, <span className="font-normal text-muted">{town}</span>
        {testimonial.reviewMonth && <span className="block text-sm font-normal text-muted">{monthWords(testimonial.reviewMonth)}: a review of a finished job</span>}
      </figcaption>
    </figure>
  );
}

export function FeatureCard({ title, text, icon }: { title: string; text: string; icon?: React.ReactNode }) {
  return (
    <div className="card">
      {icon && <div className="mb-3 inline-flex rounded-lg bg-paper-dark p-2 text-accent-dark">{icon}</div>}
      <h3 className="text-lg">{title}</h3>
      <p className="mt-2 text-muted">{text}</p>
    </div>
  );
}

export function CheckList({ items, columns = 1 }: { items: string[]; columns?: 1 | 2 }) {
  return (
    <ul className={`grid gap-x-8 gap-y-2 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-[min(0.5rem,2vw)]">
          <CheckIcon className="mt-1 shrink-0 text-accent" width="20" height="20" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
