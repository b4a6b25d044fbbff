/**
 * A photo sent with a request: behind the guard like every owner page, never on the public site.
 * `?size=thumb` answers the small version the request's page shows; without it, the stored picture.
 */
import { foundOr404 } from "~/lib/forms/record-id.ts";
import { storeOf } from "~/lib/services/services.ts";
import { thumbnailJpeg } from "~/lib/photos/photos.server.ts";
import type { Route } from "./+types/photo";
import { readPhoto } from "~/lib/requests/photo-store.server.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const stored = foundOr404(await readPhoto(storeOf(context), params.id));
  const thumb = new URL(request.url).searchParams.get("size") === "thumb";
  // A stored file that no longer decodes has no thumbnail: answered as missing, never a 5xx.
  const bytes = foundOr404(thumb ? await thumbnailJpeg(stored).catch(() => undefined) : stored);
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": "image/jpeg", "Content-Length": String(bytes.length) } });
}
