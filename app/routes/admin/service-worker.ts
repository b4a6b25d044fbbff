/** /admin/sw.js: the owner's service worker (app/lib/owner/service-worker.ts), open to fetch like any script. */
import { SERVICE_WORKER_SOURCE } from "~/lib/owner/service-worker.ts";

export function loader() {
  return new Response(SERVICE_WORKER_SOURCE, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      // Checked on every visit, so a new version reaches the device at once.
      "Cache-Control": "no-cache",
      // Its scope is /admin, the inbox's own address included, which lies outside /admin/.
      "Service-Worker-Allowed": "/admin",
    },
  });
}
