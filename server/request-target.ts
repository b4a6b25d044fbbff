/**
 * The request target read as a path, never as an authority.
 *
 * `new URL(target, origin)` reads a target that begins with `//` as another host: `//x/contact`
 * became `http://x/contact`, so every page answered at endless extra addresses. Here the leading
 * slashes (and backslashes, which URL parsers treat as slashes) are merged first, and the result
 * is parsed against a fixed base, so the parser can only ever see a path and a query.
 */

/** A base no request can name: only its path and query are ever read. */
const PATH_BASE = "http://path.invalid";

/**
 * Absolute-form (`http://host/path`), which a client may send (RFC 9112 §3.2.2): the path is what
 * we serve, and it is canonical when the path after the authority is.
 */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*/i;

/** `/`, `\` and their runs at the start of a path, which would otherwise open an authority. */
const LEADING_SLASHES = /^[/\\]+/;

export interface RequestTarget {
  /** The path with dot segments resolved and leading slashes merged: always `/` then no slash. */
  pathname: string;
  /** The query string with its `?`, or empty. */
  search: string;
  /**
   * True when the target was already written this way. Anything else (`//contact`,
   * `/a/../contact`, `/contact\`, a fragment) is another spelling of `pathname + search`.
   */
  canonical: boolean;
}

export function readRequestTarget(target: string): RequestTarget {
  const rest = target.replace(ABSOLUTE_FORM, "");
  const url = new URL(`/${rest.replace(LEADING_SLASHES, "")}`, PATH_BASE);
  // Dot segments can bring slashes back to the front (`/.//x` resolves to `//x`).
  const pathname = url.pathname.replace(LEADING_SLASHES, "/");
  return { pathname, search: url.search, canonical: pathname + url.search === rest };
}

/**
 * True when every %-escape of the path decodes (to UTF-8). React Router decodes a path to match
 * it, and logs one it cannot decode whole, a private link's token with it: such a path is answered
 * 400 by the server instead, and the access log writes it with its token as `[token]`.
 */
export function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** What a path that cannot be decoded answers (400): that the link is damaged, never the path itself. */
export const UNDECODABLE_PATH_PAGE = `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>This address cannot be read</title></head><body><main><h1>This address cannot be read</h1><p>Part of the address is garbled, perhaps because the link was copied only in part or changed on its way to you.</p><p>Please open the link again from the e-mail or the page where you found it.</p><p><a href="/">Return to Home</a></p></main></body></html>`;
