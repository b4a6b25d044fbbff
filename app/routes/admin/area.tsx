/**
 * Every page of the owner's area, signed in or not: never cached, never indexed, and shown with
 * the owner's header instead of the public site's.
 */
import { Outlet } from "react-router";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/area";

export const handle: RouteHandle = { ownerArea: true };

/** The owner's area installs as an app of its own (routes/admin/manifest.ts). */
export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/admin/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/owner-app/icon-192.png" },
];

export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  },
];

export default function OwnerArea() {
  return <Outlet />;
}
