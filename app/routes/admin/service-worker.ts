/** /admin/sw.js: the owner's service worker (app/lib/owner/service-worker.ts), open to fetch like any script. */
import { serviceWorkerSource } from "~/lib/owner/service-worker.ts";
import type { Route } from "./+types/service-worker";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(serviceWorkerSource({ classic: new URL(request.url).searchParams.has("classic") }), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // Checked on every visit, so a new version reaches the device at once.
      "Cache-Control": "no-cache",
      // Its scope is /admin, the inbox's own address included, which lies outside /admin/.
      "Service-Worker-Allowed": "/admin",
    },
  });
}
