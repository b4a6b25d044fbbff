/**
 * A photo of the job, in one of its two sizes (`thumb` or `large`): behind the guard like every
 * owner page, and only ever the server's own copy, with no metadata (decision 35).
 */
import { readFile } from "node:fs/promises";
import { foundOr404 } from "~/lib/forms/record-id.ts";
import { jobPhotoPath } from "~/lib/photos/job-photos.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/job-photo";

export async function loader({ params, context }: Route.LoaderArgs) {
  const store = storeOf(context);
  const file = foundOr404(jobPhotoPath(store, store.photosDir, params.id, params.size));
  const bytes = foundOr404(await readFile(file).catch(() => undefined));
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": "image/webp", "Content-Length": String(bytes.length) } });
}
