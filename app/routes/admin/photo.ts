/** A photo sent with a request: behind the guard like every owner page, never on the public site. */
import { data } from "react-router";
import { leadStore } from "~/lib/leads.server.ts";
import type { Route } from "./+types/photo";

export async function loader({ params }: Route.LoaderArgs) {
  const bytes = await leadStore().readPhoto(params.id);
  if (!bytes) throw data(null, { status: 404 });
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": "image/jpeg", "Content-Length": String(bytes.length) } });
}
