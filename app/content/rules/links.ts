/**
 * The rules for the links the owner types, used by the facts form and by the content schema:
 * a social link is an `https://` address on its own network's domain (with or without `www.`),
 * and the Google review link is one of Google's own review addresses. Anything else (a
 * `javascript:` or `data:` address, `http://`, another host, a Facebook address in the X field)
 * is refused, so it is never published to the footer or the structured data. The card payment
 * link an invoice offers is any `https://` address on a named host, and nothing else.
 */

/** The social networks the footer links to, in the content files' names. */
export const SOCIAL_NETWORKS = {
  Facebook: { label: "Facebook", hosts: ["facebook.com"], example: "https://www.facebook.com/kestrelroofing" },
  Twitter: { label: "X (Twitter)", hosts: ["x.com", "twitter.com"], example: "https://x.com/kestrelroofing" },
  Instagram: { label: "Instagram", hosts: ["instagram.com"], example: "https://www.instagram.com/kestrelroofing" },
  LinkedIn: { label: "LinkedIn", hosts: ["linkedin.com"], example: "https://www.linkedin.com/company/kestrelroofing" },
} as const;

export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_NETWORK_NAMES = Object.keys(SOCIAL_NETWORKS) as [SocialNetwork, ...SocialNetwork[]];

/** `typed` as an https:// address with nothing hidden in it (no spaces, no user, no port), or undefined. */
function httpsAddress(typed: string): URL | undefined {
  if (!/^https:\/\/[^\s]+$/i.test(typed) || !URL.canParse(typed)) return undefined;
  const url = new URL(typed);
  return url.protocol === "https:" && !url.username && !url.password && !url.port ? url : undefined;
}

/** Whether `typed` is an https:// address on a named host (pay.example.com), with nothing hidden in it. */
export function isHttpsLink(typed: string): boolean {
  const url = httpsAddress(typed);
  return url !== undefined && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname);
}

export const HTTPS_LINK_MESSAGE = "must be a link starting https://, such as https://pay.example.com/kestrel-roofing";

/** Whether `typed` is a page on `network`: https://, its own domain or www. before it, and a path. */
export function isSocialLink(network: SocialNetwork, typed: string): boolean {
  const url = httpsAddress(typed);
  if (!url) return false;
  const host = url.hostname.replace(/^www\./, "");
  return (SOCIAL_NETWORKS[network].hosts as readonly string[]).includes(host) && url.pathname.length > 1;
}

/** What the owner is told at a social link that breaks the rule. */
export function socialLinkMessage(network: SocialNetwork): string {
  const { label, hosts, example } = SOCIAL_NETWORKS[network];
  return `must be your ${label} page's address, starting https:// on ${hosts.join(" or ")}, such as ${example}`;
}

/**
 * Whether `typed` is one of Google's review links: https://g.page/r/{id}/review or
 * https://search.google.com/local/writereview?placeid={id}.
 */
export function isGoogleReviewLink(typed: string): boolean {
  const url = httpsAddress(typed);
  if (!url || url.hash) return false;
  if (url.hostname === "g.page") return !url.search && /^\/r\/[\w-]+\/review\/?$/.test(url.pathname);
  if (url.hostname === "search.google.com") {
    const keys = [...url.searchParams.keys()];
    return url.pathname === "/local/writereview" && keys.length === 1 && keys[0] === "placeid" && /^[\w-]+$/.test(url.searchParams.get("placeid")!);
  }
  return false;
}

export const GOOGLE_REVIEW_LINK_MESSAGE =
  "must be your Google review link, such as https://g.page/r/CabcdEFGhij/review or https://search.google.com/local/writereview?placeid=ChIJabcdEFGhij";
