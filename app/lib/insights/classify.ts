/**
 * What a page view is, where it came from and on what (issue: what the site brings). Pure
 * functions of a request's method, path, query and headers: the counter (./counter.server.ts)
 * keeps only what these return, never an address or a user agent.
 */
import { isbot } from "isbot";

/** The headers the counter reads, lower-case as Node gives them. */
export interface ViewHeaders {
  "user-agent"?: string;
  referer?: string;
  "sec-purpose"?: string;
  purpose?: string;
}

/** Where a view came from: the group, and the campaign's medium and name when tagged. */
export interface Source {
  source: string;
  medium: string;
  campaign: string;
}

export type Device = "Phone" | "Tablet" | "Desktop";

/** Why a request is left out of the counts, or undefined when it counts. `bot` tells a bot's user agent (isbot by default). */
export function notCounted(method: string, headers: ViewHeaders, bot: (agent: string) => boolean = isbot): string | undefined {
  if (method !== "GET") return "not a GET";
  const agent = headers["user-agent"]?.trim();
  if (!agent) return "no user agent";
  if (bot(agent)) return "a bot";
  // Our own speculation rules (and any browser's link prefetch) ask ahead: only a page opened counts.
  if (/\bprefetch\b/i.test(headers["sec-purpose"] ?? "") || /\bprefetch\b/i.test(headers.purpose ?? "")) return "a prefetch";
  return undefined;
}

/** What is kept of a value a stranger typed: at most this many characters. */
export const MAX_VALUE_LENGTH = 100;

/** A value of a campaign tag, as kept: lower case, only letters, digits and -_., at most 100 characters; "" for none. */
function tag(value: string | null): string {
  return (value ?? "").toLowerCase().replace(/[^a-z0-9\-_.]/g, "").slice(0, MAX_VALUE_LENGTH);
}

/** The host of a referrer without `www.`, or undefined when it is not a web address. */
function refererHost(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return undefined;
  }
}

const GROUPS: [RegExp, string][] = [
  // Every Google domain: google.com, google.co.uk, google.com.au, google.de, news.google.com…
  [/(^|\.)google\.((com|co)\.[a-z]{2}|[a-z]{2,3})$/, "Google"],
  [/(^|\.)bing\.com$/, "Bing"],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, "Facebook"],
  [/(^|\.)instagram\.com$/, "Instagram"],
];

/**
 * Where a view came from: `utm_source` whatever the referrer (with medium and campaign); else
 * Google, Bing, Facebook or Instagram; another site by its host; Within the site; Direct.
 */
export function sourceOf(query: URLSearchParams, referer: string | undefined, siteHost: string): Source {
  const utm = tag(query.get("utm_source"));
  if (utm) return { source: utm, medium: tag(query.get("utm_medium")), campaign: tag(query.get("utm_campaign")) };
  const host = refererHost(referer);
  const none = { medium: "", campaign: "" };
  if (!host) return { source: "Direct", ...none };
  if (host === siteHost.toLowerCase().replace(/^www\./, "").replace(/:\d+$/, "")) return { source: "Within the site", ...none };
  const group = GROUPS.find(([pattern]) => pattern.test(host));
  return { source: group ? group[1] : host.slice(0, MAX_VALUE_LENGTH), ...none };
}

/** Phone, Tablet or Desktop from the user agent (an iPad asks for desktop pages, and is a Desktop). */
export function deviceOf(userAgent: string): Device {
  if (/\b(iPad|Tablet|PlayBook|Silk)\b/i.test(userAgent) || (/\bAndroid\b/i.test(userAgent) && !/\bMobile\b/i.test(userAgent))) return "Tablet";
  if (/\b(Mobi|iPhone|iPod|Android|Windows Phone)\b/i.test(userAgent)) return "Phone";
  return "Desktop";
}

/** The referring page of a 404, kept as host and path without the query; "" when none. */
export function refererPage(referer: string | undefined): string {
  if (!referer) return "";
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return `${url.hostname.toLowerCase()}${url.pathname}`.slice(0, MAX_VALUE_LENGTH);
  } catch {
    return "";
  }
}
