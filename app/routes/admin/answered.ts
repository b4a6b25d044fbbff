/**
 * The owner tapped Call, E-mail or WhatsApp on a request: the link's `ping` posts here as the
 * phone app opens, with no script on the page. The first answer is kept (server/app.ts lets the
 * browser's text/ping post through to this path only); the guard has already checked the session.
 */
import { storeOf } from "~/lib/services/services.ts";
import { isTapWay } from "~/lib/requests/clock.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { recordAnswer } from "~/lib/requests/inbox.server.ts";
import { recordIdOr404 } from "~/lib/forms/record-id.ts";
import type { Route } from "./+types/answered";

/**
 * A ping that names another site's page is refused. Its Origin was checked with every owner post
 * (server/same-origin.ts); Ping-From is the page the link was on.
 */
function fromAnotherPage(request: Request): boolean {
  const pingFrom = request.headers.get("ping-from");
  return pingFrom !== null && URL.parse(pingFrom)?.origin !== new URL(request.url).origin;
}

export function action({ request, params, context }: Route.ActionArgs) {
  const id = recordIdOr404(params.id);
  const by = new URL(request.url).searchParams.get("by");
  if (!isTapWay(by)) return new Response("by is call, email or whatsapp", { status: 400 });
  if (fromAnotherPage(request)) return new Response("Not from this site", { status: 403 });
  if (recordAnswer(storeOf(context), id, by, context.get(ownerContext).name) === "missing") return new Response("No such request", { status: 404 });
  return new Response(null, { status: 204 });
}
