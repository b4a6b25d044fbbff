/**
 * Where a POST would land in the app, found before the app is asked: the route React Router would
 * run its action on, whether that route has one, and whose page it is (the owner's, a customer's
 * link, or a public page).
 *
 * Read from the build's own routes with React Router's own matching (case-insensitive, decoded,
 * `.data` stripped), so the answer cannot differ from the app's: `/ADMIN/…` or `/%61dmin/…` is the
 * owner's area here as it is there. A post to a page with no form (`POST /`, whose quote form
 * posts to `/?index`; `POST /gallery`) is then answered 405 without the app, which would log a
 * stack trace for it.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PostArea } from "./same-origin.ts";

export interface PostTarget {
  /** The owner's area (/admin), a customer's link (/c/…, /q/…, /review/…, /book/…), or a public page. */
  area: PostArea;
  /** True when the route React Router would run takes a POST. */
  action: boolean;
}

type Manifest = ServerBuild["routes"];
type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Node[] };

/** The route tree as React Router builds it from the manifest (createStaticHandlerDataRoutes). */
function tree(manifest: Manifest, parentId = ""): Node[] {
  return Object.values(manifest)
    .filter((route) => route && (route.parentId ?? "") === parentId)
    .map((route) => (route!.index ? { id: route!.id, path: route!.path, index: true } : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: tree(manifest, route!.id) }));
}

/** The path React Router routes a request by: `/contact.data` is `/contact`, `/_.data` is `/`. */
function routedPath(pathname: string): string {
  return pathname.endsWith("/_.data") ? pathname.replace(/_\.data$/, "") : pathname.replace(/\.data$/, "");
}

/** The areas by the first segment of the matched route's pattern. */
const AREAS: Record<string, PostArea> = { admin: "owner", c: "customer", q: "customer", review: "customer", book: "customer" };

export function postTargets(manifest: Manifest): (pathname: string, search: string) => PostTarget {
  const routes = tree(manifest) as RouteObject[];
  return (pathname, search) => {
    const matches = matchRoutes(routes, { pathname: routedPath(pathname), search });
    if (!matches?.length) return { area: "public", action: false };
    const pattern = matches.map((match) => match.route.path ?? "").join("/");
    const first = pattern.split("/").find(Boolean) ?? "";
    const area = AREAS[first] ?? "public";
    // React Router's getTargetMatch: an index route when asked for with a bare `?index`, else the
    // deepest route with a path of its own.
    const last = matches[matches.length - 1]!;
    const nakedIndex = new URLSearchParams(search).getAll("index").some((value) => value === "");
    const target = last.route.index && nakedIndex ? last : matches.filter((match, i) => i === 0 || match.route.path).at(-1)!;
    return { area, action: Boolean(manifest[target.route.id!]?.module.action) };
  };
}
