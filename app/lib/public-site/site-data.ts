/**
 * The business facts and navigation every page shows, handed to components by the root loader.
 * Components read them here instead of importing app/content, so that the one page that runs
 * a script in the browser (contact) does not ship the whole site's content with it.
 */
import { useRouteLoaderData } from "react-router";
import type { Business } from "~/content/schema.ts";
import { ukDayEnd } from "../time/uk-time.ts";

export interface NavLink {
  name: string;
  path: string;
}

export interface NavRegion extends NavLink {
  slug: string;
  towns: NavLink[];
}

export interface SiteData {
  siteUrl: string;
  business: Business;
  nav: { regions: NavRegion[]; services: NavLink[] };
  /** The closure notice while it lasts (until the end of its day, UK time), else null. */
  closure: { message: string; untilText: string } | null;
  /** On a quote form's answer only: the survey times its request is offered (components/customer/SurveyOffer.tsx). */
  surveyOffer?: { action: string; more: string; times: { value: string; label: string }[] };
}

/** Whether a closure notice still shows at `now`: until the end of its last day, UK time. */
export function closureShows(closure: Business["closure"], now: Date = new Date()): boolean {
  return Boolean(closure && now.getTime() < ukDayEnd(closure.until).getTime());
}

export function useSiteData(): SiteData {
  const data = useRouteLoaderData("root") as SiteData | undefined;
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}

export function useBusiness(): Business {
  return useSiteData().business;
}

export function telHref(business: Pick<Business, "phone">): string {
  return `tel:${business.phone.e164}`;
}

export function mailHref(business: Pick<Business, "email">): string {
  return `mailto:${business.email}`;
}
