import { useBusiness } from "~/lib/public-site/site-data.ts";
import { QuoteAndCall } from "./Actions.tsx";

/** The closing band of a page: the two actions that matter, a quote and a call. */
export function CallToAction({
  title = "Get your free, no-obligation quote",
  text,
  quoteHref = "/#contact",
  quoteLabel = "Request a Quote",
}: {
  title?: string;
  text?: string;
  quoteHref?: string;
  quoteLabel?: string;
}) {
  const site = useBusiness();
  return (
    <section aria-labelledby="cta-heading" className="on-dark bg-ink py-12 text-white md:py-16">
      <div className="container-page flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="cta-heading" className="text-2xl text-white sm:text-3xl">
            {title}
          </h2>
          <p className="prose-measure mt-2 text-slate-200">{text ?? `${site.claims.quoteReply}. ${site.claims.insured}, with every job guaranteed.`}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <QuoteAndCall quoteHref={quoteHref} quoteLabel={quoteLabel} callClassName="btn-on-dark" />
        </div>
      </div>
    </section>
  );
}
