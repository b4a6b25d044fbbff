/**
 * Speculation rules: the browser prerenders a page of this site when the visitor's pointer rests
 * on a link to it or a finger touches one ("moderate"), so the click shows a page already drawn.
 * Browsers without them ignore the script. docs/decisions/0006-speculation-rules.md says why
 * inline, and why prerender.
 *
 * They act on links only, never on a form post. Left out: the owner's signed-in area, the form
 * endpoints under /api/, a customer's quote link (opening it records a view), and files that are
 * not pages (sitemap.xml, robots.txt, pictures).
 */
export const NEVER_PRERENDERED = ["/admin{/*}?", "/api/*", "/q/*", "/*.:extension"] as const;

export const SPECULATION_RULES = {
  prerender: [
    {
      source: "document",
      where: {
        // A relative pattern is resolved against the page's address: this site only.
        and: [{ href_matches: "/*" }, ...NEVER_PRERENDERED.map((pattern) => ({ not: { href_matches: pattern } }))],
      },
      eagerness: "moderate",
    },
  ],
};

/**
 * The script's text, the same on every page, so every page's Content-Security-Policy carries the
 * same hash of it (server/headers.ts hashes each inline script it finds in a page).
 */
export const SPECULATION_RULES_JSON = JSON.stringify(SPECULATION_RULES);
