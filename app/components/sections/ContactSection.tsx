import { mailHref, telHref, useBusiness } from "~/lib/public-site/site-data.ts";
import type { QuoteActionData } from "~/lib/forms/quote.ts";
import { QuoteForm } from "../forms/QuoteForm.tsx";
import { AlertIcon, MailIcon, MapPinIcon, PhoneIcon } from "../icons.tsx";
import { CallButton } from "./Actions.tsx";
import { OpeningHours } from "./OpeningHours.tsx";

/** The #contact section: the quote form, how to reach us, and the emergency call-out box. */
export function ContactSection({ action, result, title = "Get your free quote" }: { action: string; result?: QuoteActionData; title?: string }) {
  const site = useBusiness();
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-white py-12 md:py-16">
      <div className="container-page">
        <h2 id="contact-heading" className="text-2xl sm:text-3xl">
          {title}
        </h2>
        <div className="mt-8 grid grid-cols-1 gap-10 lg:grid-cols-[1.6fr_1fr]">
          <div className="card bg-paper">
            <QuoteForm action={action} result={result} />
          </div>
          <div className="space-y-6">
            <div>
              <h3 className="text-xl">Contact details</h3>
              <ul className="mt-3 space-y-3">
                <li className="flex items-center gap-3">
                  <PhoneIcon className="text-accent-dark" />
                  <a href={telHref(site)} className="link">
                    {site.phone.display}
                  </a>
                </li>
                <li className="flex items-center gap-3">
                  <MailIcon className="text-accent-dark" />
                  <a href={mailHref(site)} className="link [overflow-wrap:anywhere]">
                    {site.email}
                  </a>
                </li>
                <li className="flex items-center gap-3">
                  <MapPinIcon className="text-accent-dark" />
                  {site.areaServed}
                </li>
              </ul>
            </div>
            <div>
              <h3 className="text-xl">Opening hours</h3>
              <div className="mt-3">
                <OpeningHours />
              </div>
            </div>
            <div className="on-dark rounded-xl bg-ink p-6 text-white">
              <h3 className="flex items-center gap-2 text-xl text-white">
                <AlertIcon className="text-accent-soft" /> Emergency call-out
              </h3>
              <p className="mt-2 text-slate-200">
                Storm damage or a leak that won't wait? {site.claims.emergency}.
              </p>
              <CallButton className="btn-primary mt-4" />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
