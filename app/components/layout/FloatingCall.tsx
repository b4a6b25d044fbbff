import { telHref, useBusiness } from "~/lib/public-site/site-data.ts";
import { PhoneIcon } from "../icons.tsx";

/** On phones the number is always one tap away. */
export function FloatingCall() {
  const site = useBusiness();
  return (
    <aside aria-label="Call us" className="sm:hidden">
    <a
      href={telHref(site)}
      data-floating-call=""
      className="fixed right-4 bottom-4 z-30 inline-flex min-h-14 items-center gap-2 rounded-full border-2 border-transparent bg-accent px-[1.125rem] font-bold text-white shadow-lg ring-4 ring-white hover:bg-accent-dark sm:hidden"
    >
      <PhoneIcon width="22" height="22" />
      <span>Call {site.phone.display}</span>
    </a>
    </aside>
  );
}
