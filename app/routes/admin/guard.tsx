/**
 * The one guard of the owner's area. Its middleware runs before the loader or action of every
 * route under it: a visitor without a live session is sent to sign in, and nothing else runs.
 */
import { isRouteErrorResponse, Outlet } from "react-router";
import type { OwnerData } from "~/components/owner/OwnerNav.tsx";
import { requireOwner, sessionCookie, SESSION_COOKIE, readCookie } from "~/lib/owner/auth.server.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { storeOf } from "~/lib/services/services.ts";
import { NO_SUCH_PAGE } from "~/lib/owner/not-found.ts";
import { TopBar } from "~/components/owner/TopBar.tsx";
import { KEEP_HEADER, keepId } from "~/lib/offline/kept.server.ts";
import { outboxAnswer } from "~/lib/offline/outbox-answer.server.ts";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/guard";

/** Every signed-in page keeps itself for no signal and sends what was done offline (enhance/owner-offline.ts). */
export const handle: RouteHandle = { scripts: ["owner-offline"] };

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const owner = requireOwner(storeOf(context), request);
    context.set(ownerContext, owner);
    const response = outboxAnswer(request, await next());
    // The id the phone keeps this session's pages under (lib/offline/kept.server.ts).
    response.headers.set(KEEP_HEADER, keepId(readCookie(request, SESSION_COOKIE)!));
    // 30 days from last use: a renewed session's cookie is sent again with a fresh lifetime.
    if (owner.renewed) response.headers.append("Set-Cookie", sessionCookie(readCookie(request, SESSION_COOKIE)!));
    return response;
  },
];

export function loader({ context }: Route.LoaderArgs): OwnerData {
  return { ownerName: context.get(ownerContext).name };
}

export default function Guarded() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const page = missing && error.data === NO_SUCH_PAGE;
  const [title, text] = page
    ? ["No such page", "The address may be mistyped."]
    : missing
      ? ["No such request", "It may have been deleted."]
      : ["Sorry, something went wrong", "Please try again in a moment."];
  return (
    <>
      <TopBar title={title} back={{ href: "/admin", label: "Requests" }} />
      <section className="container-page py-6">
        <p>{text}</p>
        <a href="/admin" className="btn-primary mt-6">
          Back to requests
        </a>
      </section>
    </>
  );
}
