import { telHref, useBusiness } from "~/lib/public-site/site-data.ts";
import { PhoneIcon } from "../icons.tsx";

/** A button that dials the business. */
export function CallButton({ className = "btn-primary" }: { className?: string }) {
  const site = useBusiness();
  return (
    <a href={telHref(site)} className={className}>
      <PhoneIcon width="20" height="20" />
      Call {site.phone.display}
    </a>
  );
}

/** The two actions every page offers: a quote and a call. */
export function QuoteAndCall({
  quoteHref,
  quoteLabel = "Request a Quote",
  callClassName = "btn-secondary",
}: {
  quoteHref: string;
  quoteLabel?: string;
  callClassName?: string;
}) {
  return (
    <>
      <a href={quoteHref} className="btn-primary">
        {quoteLabel}
      </a>
      <CallButton className={callClassName} />
    </>
  );
}
