import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { postTargets } from "./post-targets.ts";

const action = () => null;
/** The shape of the site's routes (app/routes.ts) as the build lists them, parents first. */
const routes = [
  { id: "root", path: "", module: {} },
  { id: "routes/home", parentId: "root", index: true, module: { action } },
  { id: "routes/gallery", parentId: "root", path: "gallery", module: {} },
  { id: "routes/contact", parentId: "root", path: "contact", module: { action } },
  { id: "service-roof-repairs", parentId: "root", path: "roof-repairs-in-stevenage", module: { action } },
  { id: "routes/admin/area", parentId: "root", module: {} },
  { id: "routes/admin/sign-in", parentId: "routes/admin/area", path: "admin/sign-in", module: { action } },
  { id: "routes/admin/guard", parentId: "routes/admin/area", module: {} },
  { id: "routes/admin/inbox", parentId: "routes/admin/guard", index: true, path: "admin", module: {} },
  { id: "routes/admin/request", parentId: "routes/admin/guard", path: "admin/requests/:id", module: { action } },
  { id: "routes/admin/answered", parentId: "routes/admin/guard", path: "admin/requests/:id/answered", module: { action } },
  { id: "admin-not-found", parentId: "routes/admin/guard", path: "admin/*", module: {} },
  { id: "routes/customer-quote", parentId: "root", path: "q/:token", module: { action } },
  { id: "routes/customer-quote-pdf", parentId: "root", path: "q/:token/pdf", module: {} },
  { id: "routes/customer-review", parentId: "root", path: "review/:token", module: { action } },
  { id: "routes/region", parentId: "root", path: ":region", module: { action } },
  { id: "routes/not-found", parentId: "root", path: "*", module: {} },
];
const manifest = Object.fromEntries(routes.map((route) => [route.id, route])) as unknown as ServerBuild["routes"];
const target = postTargets(manifest);

describe("postTargets", () => {
  it.each([
    // A public page's own form.
    ["/?index", "public", true],
    ["/contact", "public", true],
    ["/roof-repairs-in-stevenage", "public", true],
    ["/hertfordshire", "public", true],
    // A public page with no form: the home page without ?index, the gallery, an unknown address.
    ["/", "public", false],
    ["/?index=1", "public", false],
    ["/gallery", "public", false],
    ["/areas/no/such/page", "public", false],
    // The owner's area, however it is spelled.
    ["/admin/sign-in", "owner", true],
    ["/admin/requests/7", "owner", true],
    ["/admin/requests/7/answered?by=call", "owner", true],
    ["/ADMIN/Requests/7", "owner", true],
    ["/%61dmin/requests/7", "owner", true],
    ["/admin/requests/7.data", "owner", true],
    ["/admin", "owner", false],
    ["/admin.data?index", "owner", false],
    ["/admin/nothing-here", "owner", false],
    // A customer's link.
    ["/q/abc", "customer", true],
    ["/Q/abc", "customer", true],
    ["/q/abc/pdf", "customer", false],
    ["/review/abc", "customer", true],
    // React Router's data requests route by the page's path.
    ["/_.data?index", "public", true],
    ["/contact.data", "public", true],
  ] as const)("POST %s: %s page, action %s", (url, area, hasAction) => {
    const { pathname, search } = new URL(url, "http://x");
    expect(target(pathname, search)).toEqual({ area, action: hasAction });
  });
});
