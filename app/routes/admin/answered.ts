/**
 * The owner tapped Call, E-mail or WhatsApp on a request: the link's `ping` posts here as the
 * phone app opens, with no script on the page. The first answer is kept (server/app.ts lets the
 * browser's text/ping post through to this path only); the guard has already checked the session.
 */
import { data } from "react-router";
import { leadStore } from "~/lib/leads.server.ts";
import { isTapWay } from "~/lib/owner/clock.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { recordAnswer } from "~/lib/owner/inbox.server.ts";
import type { Route } from "./+types/answered";

/** A ping or post from another site's page is refused: the owner's own pages name this origin. */
function fromAnotherOrigin(request: Request): boolean {
  const own = new URL(request.url).origin;
  const origin = request.headers.get("origin");
  const pingFrom = request.headers.get("ping-from");
  const originOf = (value: string) => URL.parse(value)?.origin ?? "invalid";
  return (origin !== null && origin !== "null" && originOf(origin) !== own) || (pingFrom !== null && originOf(pingFrom) !== own);
}

export function action({ request, params, context }: Route.ActionArgs) {
  const id = Number(params.id);
  if (!/^\d{1,12}$/.test(params.id) || !Number.isSafeInteger(id)) throw data(null, { status: 404 });
  const by = new URL(request.url).searchParams.get("by");
  if (!isTapWay(by)) return new Response("by is call, email or whatsapp", { status: 400 });
  if (fromAnotherOrigin(request)) return new Response("Not from this site", { status: 403 });
  if (recordAnswer(leadStore(), id, by, context.get(ownerContext).name) === "missing") return new Response("No such request", { status: 404 });
  return new Response(null, { status: 204 });
}
