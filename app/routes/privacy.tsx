import { useContent } from "~/lib/public-site/content-context.tsx";
import { mailHref, telHref } from "~/lib/public-site/site-data.ts";
import { Hero } from "~/components/sections/Hero.tsx";
import { topPage } from "~/lib/public-site/seo.ts";
import type { Route } from "./+types/privacy";
import { INVOICE_RETENTION_YEARS, RETENTION_MONTHS } from "~/lib/requests/retention.ts";

/** How long requests are kept: the owner's `npm run leads -- --purge-before` carries it out. */

const PAGE = topPage("Privacy", "/privacy", (root) => ({
  title: "Privacy Notice",
  description: `What ${root.business.name} does with the details you send through our quote and contact forms, how long we keep them and how to ask us to delete them.`,
}));
export const meta: Route.MetaFunction = PAGE.meta;

export default function Privacy() {
  const site = useContent().business;
  return (
    <>
      <Hero breadcrumbs={PAGE.breadcrumbs} title="Privacy Notice" subline="What we do with your details, in plain English." />
      <section aria-label="Privacy notice" className="bg-white py-12">
        <div className="container-page prose-measure space-y-6 [&_h2]:mt-8 [&_h2]:text-2xl">
          <h2>Who we are</h2>
          <p>
            {site.name} is a roofing contractor based in {site.base.town}, {site.base.county}. We are responsible for the details
            you send us through this website.
          </p>
          <h2>What we collect</h2>
          <p>
            When you ask for a quote or send us a message, we collect what you type into the form: your name, email address,
            phone number, your postcode or property address, and your message. We also note which page the form was on and when
            it was sent. We do not use tracking cookies or advertising tools.
          </p>
          <p>
            When you visit a page, our server counts it: which page, the kind of site that sent you (a search engine, say),
            and whether you use a phone, a tablet or a computer. That is all we keep, as daily totals. No cookie is set and no
            script runs for it; your internet address and your browser's details are never stored, so nobody can tell from
            the totals who visited.
          </p>
          <p>
            If you add photos to a quote request, we keep a copy of each picture with your request. The copy carries none of
            the hidden details a phone stores in a photo, such as where it was taken or the camera's serial number. The photos
            we take of your roof on a survey or a job are kept the same way, and you see them on your own private page.
          </p>
          <p>
            Neither your photos nor ours of your roof are shown on this website unless you say Yes when your page asks, once the
            job is done, and you can change your answer there at any time. With your Yes, we may show a before and an after
            photo of the work in our gallery, with the kind of work and the town: never your name, address or house number, and
            with nothing of the camera left in the files. Without it, photos of your roof stay between you and us, and are
            deleted with your request.
          </p>
          <h2>Why we collect it</h2>
          <p>
            Only to reply to you: to arrange an inspection, give you a quote and do the work you ask for. We never sell your
            details or use them for marketing.
          </p>
          <h2>Who sees it</h2>
          <p>
            Our own team. Your request is stored on our web server and emailed to our office. If you use the contact page, your
            message also opens in your chat app, and the chat app's own privacy terms apply to what you send there.
          </p>
          <h2>How long we keep it</h2>
          <p>
            We keep your request for {RETENTION_MONTHS} months after our last contact with you, so we can answer questions about a
            quote or a job, and then erase your name, contact details, words and photos. Photos already published in our gallery
            with your Yes stay there: from then on they are the business's own, and name nothing of you. If you become a customer, we keep each
            invoice for {INVOICE_RETENTION_YEARS} years from the end of its tax year, as HMRC requires, with only what an invoice
            needs.
          </p>
          <h2>Your rights</h2>
          <p>
            You can ask to see the details we hold about you, to correct them, or to have them deleted. Email{" "}
            <a href={mailHref(site)} className="link">
              {site.email}
            </a>{" "}
            or call{" "}
            <a href={telHref(site)} className="link">
              {site.phone.display}
            </a>{" "}
            and we will do it within one month. If you are unhappy with how we handle your details, you can complain to the
            Information Commissioner's Office (ICO).
          </p>
        </div>
      </section>
    </>
  );
}
