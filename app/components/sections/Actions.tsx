import { telHref, useBusiness } from "~/lib/site-data.ts";
import { PhoneIcon } from "../icons.tsx";

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
  const site = useBusiness();
  return (
    <>
      <a href={quoteHref} className="btn-primary">
        {quoteLabel}
      </a>
      <a href={telHref(site)} className={callClassName}>
        <PhoneIcon width="20" height="20" />
        Call {site.phone.display}
      </a>
    </>
  );
}
