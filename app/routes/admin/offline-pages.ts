/** /admin/offline/pages.json: the pages the owner's phone keeps for no signal (lib/offline/kept.server.ts). */
import { keptPages } from "~/lib/offline/kept.server.ts";
import { storeOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/offline-pages";

export function loader({ context }: Route.LoaderArgs) {
  return Response.json({ pages: keptPages(storeOf(context)) });
}
