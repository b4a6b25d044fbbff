/**
 * A photo of the job on the customer's page, in one of its two sizes, through the page's link only
 * (issue 37 §3): a closed or unknown link, an erased request, or a photo the page does not show
 * gets 404. The server answers every /c/ path with no-store and no-referrer; this adds noindex.
 */
import { readFile } from "node:fs/promises";
import { checkCustomerLink } from "~/lib/links/page-links.server.ts";
import { customerPhotoPath } from "~/lib/photos/customer-photos.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/customer-page-photo";

const notFound = () => new Response("This link does not work any more.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" } });

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const link = checkCustomerLink(store, params.token);
  const file = link.state === "open" ? customerPhotoPath(store, store.photosDir, link.leadId, params.photoId, params.size) : undefined;
  const bytes = file && (await readFile(file).catch(() => undefined));
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": "image/webp", "Content-Length": String(bytes.length), "X-Robots-Tag": "noindex" } });
}
