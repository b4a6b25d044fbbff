/**
 * Whether a form post comes from the site's own pages (docs/decisions/0019-posts-come-from-the-site.md).
 *
 * A browser says where a post comes from in two headers: `Origin` (the page's scheme, host and
 * port, or `null` when the page asked for no referrer) and `Sec-Fetch-Site` (`same-origin`,
 * `same-site`, `cross-site` or `none`). A page on another site can make the owner's browser post
 * his forms with his cookie, so:
 *
 * - **the owner's area** takes a post only when `Origin` is the site's own or, with no `Origin`,
 *   `Sec-Fetch-Site` is `same-origin`. A post with neither says nothing of where it came from,
 *   and is refused.
 * - **a customer's link** (`/c/…`, `/q/…`, `/review/…`) answers `Referrer-Policy: no-referrer`, so the
 *   browser sends its own form with `Origin: null`. The token in the address is the key there, not
 *   a cookie: a post is taken unless a header names another site.
 * - **a public form** (the contact and quote forms, `/api/contact`) needs no cookie, and its pages
 *   keep their referrer policy, so a browser sends their forms with the site's `Origin`. A post
 *   that says nothing of where it came from is taken, as React Router's own check takes it;
 *   `Origin: null` is refused, as that check refuses it. Answered here, such a post leaves one
 *   access-log line where React Router would log a stack trace for it.
 *
 * Everywhere a header naming another site (an `Origin` of another host or scheme, `Sec-Fetch-Site`
 * `cross-site` or `same-site`) refuses the post.
 */

/** Who the post's page is for. */
export type PostArea = "owner" | "customer" | "public";

export interface PostHeaders {
  origin?: string | null;
  fetchSite?: string | null;
}

/** `scheme://host[:port]` as a browser writes an Origin, or undefined for anything else. */
function originOf(value: string): string | undefined {
  const url = URL.parse(value);
  return url && /^https?:$/.test(url.protocol) ? url.origin : undefined;
}

/**
 * True when the post may go ahead. `site` is the origin the server sees the request at: the
 * scheme (from X-Forwarded-Proto behind a trusted proxy) and the Host header.
 */
export function postFromSite(area: PostArea, headers: PostHeaders, site: string): boolean {
  const origin = headers.origin ?? undefined;
  const fetchSite = headers.fetchSite?.toLowerCase();
  const own = originOf(site);
  const ownOrigin = origin !== undefined && own !== undefined && originOf(origin) === own;
  const noOrigin = origin === undefined || (area === "customer" && origin === "null");
  if (origin !== undefined && !ownOrigin && !noOrigin) return false;
  if (fetchSite === "cross-site" || fetchSite === "same-site") return false;
  if (ownOrigin) return true;
  if (area === "owner") return fetchSite === "same-origin";
  if (area === "customer") return fetchSite === undefined || fetchSite === "same-origin";
  return true;
}

/** What a refused post answers (403): where it came from, that nothing changed, and a way back. */
export function refusedPostPage(area: PostArea): string {
  const back = area === "owner" ? { href: "/admin", text: "Go to your requests" } : { href: "/", text: "Return to Home" };
  const title = "This form was not sent from our site";
  return `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>Nothing was changed. Your browser did not say this form came from one of our own pages, so it was not taken.</p><p>If you meant to send it, open the page on our site again and send the form from there.</p><p><a href="${back.href}">${back.text}</a></p></main></body></html>`;
}
