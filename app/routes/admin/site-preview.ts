/**
 * /admin/site/preview/{path}: a public page rendered with the owner's draft, for him alone (the
 * guard keeps everyone else out). Never indexed or stored; its links lead on through the
 * preview, and a bar on top says it is one.
 */
import { contentWith } from "~/lib/site/draft.server.ts";
import { data } from "react-router";
import { servicesOf, storeOf } from "~/lib/services/services.ts";
import { currentDraft, hasChanges } from "~/lib/site/versions.server.ts";
import type { Route } from "./+types/site-preview";

const PREVIEW = "/admin/site/preview";

/** Styled by a class of the site's stylesheet: the Content-Security-Policy refuses style attributes. */
const BAR = `<div class="preview-bar" role="note">Preview of your draft: visitors do not see this yet. <a href="/admin/site">Back to Your site</a></div>`;
const NOTHING_WAITING = `<div class="preview-bar" role="note">Nothing waiting to publish: this is the site as visitors see it. <a href="/admin/site">Back to Your site</a></div>`;

/** Links to the site's own pages lead on through the preview; assets and the owner's area stay as they are. */
function throughPreview(html: string, bar: string): string {
  return html
    .replace(/(<a\b[^>]*\bhref=")\/(?!admin\/|assets\/|images\/|js\/)([^"]*)"/g, `$1${PREVIEW}/$2"`)
    .replace(/<head>/, '<head><meta name="robots" content="noindex, nofollow">')
    .replace(/(<body[^>]*>)/, `$1${bar}`);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { publisher } = servicesOf(context);
  if (!publisher) throw data(null, { status: 503 });
  const store = storeOf(context);
  const drafted = contentWith(currentDraft(store).edits);
  if ("problems" in drafted) {
    return new Response(`The draft does not pass the content checks:\n${drafted.problems.join("\n")}`, { status: 409, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const page = await publisher.preview(`/${params["*"] ?? ""}`, drafted.content);
  const type = page.headers.get("Content-Type") ?? "text/html; charset=utf-8";
  const body = type.startsWith("text/html") ? throughPreview(await page.text(), hasChanges(store) ? BAR : NOTHING_WAITING) : await page.text();
  return new Response(body, {
    status: page.status,
    headers: { "Content-Type": type, "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" },
  });
}
