/**
 * One service page, reached at /{slug}-in-stevenage and at /services/{slug}. Both show the same
 * page and name the Stevenage path as canonical (DECISIONS.md item 5).
 */
import { foundOr404 } from "~/lib/forms/record-id.ts";
import { Intro } from "~/components/sections/Intro.tsx";
import { QuoteAndCall } from "~/components/sections/Actions.tsx";
import { area, findService, service as serviceBySlug, servicePath, type Service } from "~/content/index.ts";
import { CheckList, FeatureCard, RelatedServiceCard } from "~/components/sections/Cards.tsx";
import { ContactSection } from "~/components/sections/ContactSection.tsx";
import { Faq } from "~/components/sections/Faq.tsx";
import { Hero } from "~/components/sections/Hero.tsx";
import { Section } from "~/components/sections/Section.tsx";
import { RoofersInItems } from "~/components/sections/TownLinks.tsx";
import type { Content } from "~/content/load.ts";
import { useContent } from "~/lib/public-site/content-context.tsx";
import { quoteAction } from "~/lib/enquiries/quote-action.server.ts";
import { contentOf } from "~/lib/services/services.ts";
import { faqJsonLd, foundPageSeo } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/service";

function serviceFor(content: Content, url: URL, params: { slug?: string }): Service {
  const slug = params.slug ?? url.pathname.replace(/^\//, "").replace(/-in-stevenage\/?$/, "");
  const service = foundOr404(findService(content, slug));
  return service;
}

export function loader({ url, params, context }: Route.LoaderArgs) {
  const service = serviceFor(contentOf(context), url, params);
  // What the meta function says of the service, from the content this render is for.
  const { slug, name, metaTitle, metaDescription, faqs } = service;
  // The page's own address, as the visitor sees it: the build's prerender may ask with a trailing slash.
  return { slug, path: url.pathname.replace(/(.)\/$/, "$1"), name, metaTitle, metaDescription, faqs };
}

export function action({ request, url, params, context }: Route.ActionArgs) {
  serviceFor(contentOf(context), url, params);
  return quoteAction(request, url.pathname, context);
}

export const meta: Route.MetaFunction = (args) =>
  foundPageSeo(args, (service) => ({
    title: service.metaTitle,
    description: service.metaDescription,
    path: servicePath(service),
    breadcrumbs: [
      { name: "Services", path: "/services" },
      { name: service.name, path: servicePath(service) },
    ],
    jsonLd: service.faqs.length ? [faqJsonLd(service.faqs)] : [],
  }));

const PROCESS = [
  { title: "Free inspection and quote", text: "We look at your roof, explain what we find in plain words and give you a written quote within 24 hours." },
  { title: "Expert workmanship and installation", text: "Our own experienced roofers do the work, keep the site tidy and keep you informed each day." },
  { title: "Final quality check and guarantee", text: "We check every detail with you before we finish, and your guarantee is confirmed in writing." },
];

function Stats({ stats }: { stats: Service["stats"] }) {
  return (
    // On a phone one figure a row, its words beside it: three tiles abreast would split the words.
    <dl className="mt-8 grid max-w-2xl gap-3 sm:grid-cols-3 sm:gap-4">
      {stats.map((stat) => (
        <div key={stat.label} className="flex items-baseline gap-3 rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200 sm:flex-col sm:items-center sm:gap-0 sm:p-4 sm:text-center">
          <dt className="text-sm text-muted">{stat.label}</dt>
          <dd className="order-first shrink-0 text-2xl font-extrabold text-accent-dark sm:text-3xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AreaLinks({ slugs, title }: { slugs: string[]; title: string }) {
  const content = useContent();
  return (
    <Section title={title} tone="white">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <RoofersInItems towns={slugs.map((slug) => area(content, slug))} className="card block p-4 font-semibold hover:ring-2 hover:ring-accent" />
      </ul>
    </Section>
  );
}

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  const content = useContent();
  const service = serviceBySlug(content, loaderData.slug);
  const crumbs = [
    { name: "Services", path: "/services" },
    { name: service.name, path: servicePath(service) },
  ];
  const detail = service.kind === "detail";
  return (
    <>
      <Hero breadcrumbs={crumbs} title={service.headline} subline={service.subline} image={service.image}>
        <QuoteAndCall quoteHref="#contact" quoteLabel="Get Your Free Quote" />
        {!detail && <Stats stats={service.stats} />}
      </Hero>

      <Intro paragraphs={service.intro} />

      <Section title={detail ? `Why choose us for ${service.name.toLowerCase()}` : "Benefits"}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {service.whyChoose.map((item) => (
            <FeatureCard key={item.title} title={item.title} text={item.text} />
          ))}
        </div>
      </Section>

      <Section title={detail ? "Services included" : "Our services"} tone="white">
        <div className={`grid gap-8 ${service.included.length > 1 ? "md:grid-cols-2 lg:grid-cols-3" : ""}`}>
          {service.included.map((list) => (
            <div key={list.title}>
              <h3 className="mb-3 text-xl">{list.title}</h3>
              <CheckList items={list.items} columns={service.included.length > 1 ? 1 : 2} />
            </div>
          ))}
        </div>
      </Section>

      {detail && (
        <Section title="How it works">
          <ol className="grid gap-6 md:grid-cols-3">
            {PROCESS.map((step, i) => (
              <li key={step.title} className="card">
                <p className="mb-3 flex h-10 w-10 items-center justify-center rounded-full bg-accent font-bold text-white" aria-hidden="true">
                  {i + 1}
                </p>
                <h3 className="text-lg">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>
      )}

      <AreaLinks slugs={service.areas} title={detail ? "Areas we serve" : `${service.name} across ${service.areas.length} local areas`} />

      {detail && (
        <Section title="Frequently asked questions">
          <Faq items={service.faqs} group={`faq-${service.slug}`} />
        </Section>
      )}

      {detail && (
        <Section title="Related services" tone="white">
          <div className="grid gap-6 md:grid-cols-3">
            {service.related.map((slug) => (
              <RelatedServiceCard key={slug} service={serviceBySlug(content, slug)} />
            ))}
          </div>
        </Section>
      )}

      <ContactSection action={`${loaderData.path}#contact`} result={actionData} title={`Get a free ${service.name.toLowerCase()} quote`} />
    </>
  );
}
