/**
 * The slim bar on top of every owner page: one line, the page's name (its heading) and, where one
 * helps, a way back. It is the page's <header>, at the top of its content.
 */
import { ChevronLeftIcon } from "../icons.tsx";

export interface Back {
  href: string;
  /** Where it goes, in words ("Requests"). */
  label: string;
  /** Shown below 1024 px only. */
  phoneOnly?: boolean;
}

export function TopBar({ title, back }: { title: string; back?: Back }) {
  return (
    <header className="owner-topbar">
      {back && (
        <a href={back.href} className={back.phoneOnly ? "owner-back lg:hidden" : "owner-back"}>
          <ChevronLeftIcon width="20" height="20" />
          <span className="sr-only">Back to </span>
          <span className="max-sm:sr-only">{back.label}</span>
        </a>
      )}
      <h1 className="min-w-0 truncate text-xl">{title}</h1>
    </header>
  );
}

/** The way back from a page behind More: on a phone only, since from 1024 px the side menu lists it. */
export const MORE_BACK: Back = { href: "/admin/more", label: "More", phoneOnly: true };
