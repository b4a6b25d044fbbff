/**
 * The access log: one line a request, `GET /contact 200 3.1ms`. It keeps every visit and never a
 * secret: the path only (the query string may carry what a visitor typed), and the token of a
 * private link (a customer's page, quote or review, the owner's invite or calendar feed) written as `[token]`.
 */

/** A segment after which the next one is a private link's token: /c/…, /q/…, /review/…, /admin/invite/…, /calendar/…. */
const BEFORE_TOKEN = new Set(["c", "q", "review", "invite", "calendar", "book"]);
/**
 * A run that reads as a secret wherever it stands (a mangled `/c%FF/…` hides what comes before
 * the token): 32 or more base64url characters with a capital, a figure or an underscore in them.
 * No page's address has one: its slugs are lower-case words and hyphens.
 */
const SECRET_LIKE = /[A-Za-z0-9_-]{32,}/g;
const NOT_A_SLUG = /[A-Z0-9_]/;

/** What a server or a router may read as a slash: `/`, `\` and their percent-encodings. */
const SEPARATOR = /([/\\]|%2f|%5c)/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The path of a request target as the log writes it. The target is read as sent, so a token is
 * found however the path is spelled (`/Q/…`, `//q//…`, `/q/./…`, `/q%2F…`): the first segment
 * after `c`, `q`, `review`, `invite`, `calendar` or `book` that is not empty or a dot segment is the token,
 * and a run anywhere else that reads as a secret is written `[token]` too.
 */
export function loggedPath(target: string): string {
  const path = target.split(/[?#]/, 1)[0]!;
  const parts = path.split(SEPARATOR);
  let tokenNext = false;
  for (let i = 0; i < parts.length; i += 2) {
    const segment = decoded(parts[i]!);
    if (tokenNext && segment !== "" && segment !== "." && segment !== "..") {
      parts[i] = "[token]";
      tokenNext = false;
    } else if (BEFORE_TOKEN.has(segment)) tokenNext = true;
    else parts[i] = parts[i]!.replace(SECRET_LIKE, (run) => (NOT_A_SLUG.test(run) ? "[token]" : run));
  }
  return parts.join("");
}

/**
 * One write per turn of the event loop for all the lines logged in it: writing to a pipe is
 * synchronous in Node, and a write per request would cost a busy server a tenth of its time.
 */
export function bufferedLog(write: (text: string) => void = (text) => process.stdout.write(text)) {
  let lines: string[] = [];
  return (line: string) => {
    if (lines.push(line) === 1) {
      setImmediate(() => {
        const text = `${lines.join("\n")}\n`;
        lines = [];
        write(text);
      });
    }
  };
}
