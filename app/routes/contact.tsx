import { ContactForm } from "~/components/forms/ContactForm.tsx";
import { Hero } from "~/components/sections/Hero.tsx";
import { OpeningHours } from "~/components/sections/OpeningHours.tsx";
import { AwardIcon, CheckIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldIcon } from "~/components/icons.tsx";
import { contactPageAction } from "~/lib/enquiries/contact-action.server.ts";
import { servicesOf } from "~/lib/services/services.ts";
import { absoluteUrl, topPage } from "~/lib/public-site/seo.ts";
import { mailHref, telHref, useBusiness } from "~/lib/public-site/site-data.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/contact";

/** The chat-app hand-off needs a script: this page alone has one. */
export const handle: RouteHandle = { scripts: ["contact-form"] };

const PAGE = topPage("Contact", "/contact", ({ siteUrl: base, business: site }) => ({
  title: "Contact Us for a Free Roofing Quote",
  description: `Call ${site.phone.display} or send us a message for a free, no-obligation roofing quote. We reply within 24 hours across Hertfordshire, Essex and North London.`,
  jsonLd: [
    {
      "@context": "https://schema.org",
      "@type": "ContactPage",
      name: `Contact ${site.name}`,
      url: absoluteUrl(base, "/contact"),
      mainEntity: { "@id": `${base}/#business` },
    },
  ],
}));
export const meta: Route.MetaFunction = PAGE.meta;

export function action({ request, context }: Route.ActionArgs) {
  return contactPageAction(request, servicesOf(context));
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const site = useBusiness();
  const sellingPoints = [
    { label: "Free Quotes Within 24 Hours", Icon: ClockIcon },
    { label: "Fully Insured & Certified", Icon: ShieldIcon },
    { label: `${site.claims.experienceYears}+ Years Experience`, Icon: AwardIcon },
    { label: "Quality Guaranteed", Icon: CheckIcon },
  ];
  const cards = [
    { title: "Call us", Icon: PhoneIcon, body: <a href={telHref(site)} className="link text-lg">{site.phone.display}</a> },
    { title: "Email us", Icon: MailIcon, body: <a href={mailHref(site)} className="link text-lg break-all">{site.email}</a> },
    { title: "Service area", Icon: MapPinIcon, body: <p className="text-lg">{site.areaServed}</p> },
  ];
  return (
    <>
      <Hero
        breadcrumbs={PAGE.breadcrumbs}
        title="Get In Touch"
        subline="Ask for a free, no-obligation quote, or tell us what is wrong with your roof. We're happy to help."
      />
      <section aria-label="Ways to reach us" className="bg-white py-10">
        <ul className="container-page grid gap-6 md:grid-cols-3">
          {cards.map(({ title, Icon, body }) => (
            <li key={title} className="card flex flex-wrap items-start gap-4">
              <span className="rounded-lg bg-paper-dark p-2 text-accent-dark">
                <Icon />
              </span>
              {/* Beside its icon, or under it where a long word would not fit beside it (big text on a narrow phone). */}
              <div className="flex-1">
                <h2 className="text-lg">{title}</h2>
                {body}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Message and opening hours" className="bg-paper py-12 md:py-16">
        <div className="container-page grid grid-cols-1 gap-10 lg:grid-cols-[1.6fr_1fr]">
          <div className="card">
            <ContactForm serverResult={actionData} />
          </div>
          <aside className="space-y-6" aria-label="Why choose us and opening hours">
            <div className="on-dark rounded-xl bg-ink p-6 text-white">
              <h2 className="text-xl text-white">Why choose {site.name}</h2>
              <ul className="mt-4 space-y-3">
                {sellingPoints.map(({ label, Icon }) => (
                  <li key={label} className="flex items-center gap-3 font-semibold">
                    <Icon className="text-accent-soft" />
                    {label}
                  </li>
                ))}
              </ul>
            </div>
            <div className="card">
              <h2 className="text-xl">Opening hours</h2>
              <div className="mt-3">
                <OpeningHours />
              </div>
              <p className="mt-4 text-sm text-muted">{site.claims.emergency}.</p>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
