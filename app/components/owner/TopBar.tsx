/**
 * The slim bar on top of every owner page: the page's name (its heading) and, where one helps, a
 * way back. One line as a rule; with big text a long name wraps onto a second, never cut off.
 * It is the page's <header>, at the top of its content.
 */
import { ChevronLeftIcon } from "../icons.tsx";

export interface Back {
  href: string;
  /** Where it goes, in words ("Requests"). */
  label: string;
  /** Shown below 1024 px only. */
  phoneOnly?: boolean;
}

/**
 * `heading={false}` on a page whose heading is a question in its content (the GOV.UK
 * confirmation pages: Send quote, Job done): the bar then names the page without being its h1.
 */
export function TopBar({ title, back, heading = true }: { title: string; back?: Back; heading?: boolean }) {
  return (
    <header className="owner-topbar">
      {back && (
        <a href={back.href} className={back.phoneOnly ? "owner-back lg:hidden" : "owner-back"}>
          <ChevronLeftIcon width="20" height="20" />
          <span className="sr-only">Back to </span>
          <span className="max-sm:sr-only">{back.label}</span>
        </a>
      )}
      {heading ? <h1 className="min-w-0 text-xl break-words">{title}</h1> : <p className="min-w-0 text-xl font-bold break-words">{title}</p>}
    </header>
  );
}

/** The way back from a page behind More: on a phone only, since from 1024 px the side menu lists it. */
export const MORE_BACK: Back = { href: "/admin/more", label: "More", phoneOnly: true };
