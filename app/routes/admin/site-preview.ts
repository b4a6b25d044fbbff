/**
 * /admin/site/preview/{path}: a public page rendered with the owner's draft, for him alone (the
 * guard keeps everyone else out). Never indexed or stored; its links lead on through the
 * preview, and a bar on top says it is one.
 */
import { contentWith } from "~/lib/site/draft.server.ts";
import { data } from "react-router";
import { servicesOf, storeOf } from "~/lib/services.ts";
import { currentDraft } from "~/lib/site/versions.server.ts";
import type { Route } from "./+types/site-preview";

const PREVIEW = "/admin/site/preview";

const BAR = `<div style="position:sticky;top:0;z-index:60;background:#78350f;color:#fff;padding:.75rem 1rem;font:600 1rem/1.4 system-ui,sans-serif">Preview of your draft: visitors do not see this yet. <a href="/admin/site" style="color:#fff;text-decoration:underline">Back to Your site</a></div>`;

/** Links to the site's own pages lead on through the preview; assets and the owner's area stay as they are. */
function throughPreview(html: string): string {
  return html
    .replace(/(<a\b[^>]*\bhref=")\/(?!admin\/|assets\/|images\/|js\/)([^"]*)"/g, `$1${PREVIEW}/$2"`)
    .replace(/<head>/, '<head><meta name="robots" content="noindex, nofollow">')
    .replace(/(<body[^>]*>)/, `$1${BAR}`);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { publisher } = servicesOf(context);
  if (!publisher) throw data(null, { status: 503 });
  const drafted = contentWith(currentDraft(storeOf(context)).edits);
  if ("problems" in drafted) {
    return new Response(`The draft does not pass the content checks:\n${drafted.problems.join("\n")}`, { status: 409, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const page = await publisher.preview(`/${params["*"] ?? ""}`, drafted.content);
  const type = page.headers.get("Content-Type") ?? "text/html; charset=utf-8";
  const body = type.startsWith("text/html") ? throughPreview(await page.text()) : await page.text();
  return new Response(body, {
    status: page.status,
    headers: { "Content-Type": type, "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" },
  });
}
