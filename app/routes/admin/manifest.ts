/**
 * /admin/manifest.webmanifest: the owner's area as an app on the phone's Home Screen (needed for
 * notifications on an iPhone). It opens the inbox and stays within /admin/; the public site is not
 * part of it. The icons are drawn from the logo at build (scripts/build-images.ts).
 */
import { BRAND } from "~/lib/brand/colours.ts";
import { contentOf } from "~/lib/services/services.ts";
import type { Route } from "./+types/manifest";

export function loader({ context }: Route.LoaderArgs) {
  const site = contentOf(context).business;
  const manifest = {
    name: `${site.name}: requests`,
    short_name: "Requests",
    description: `The owner's area of ${site.name}: requests, quotes and notifications.`,
    // Within the scope: "/admin" itself lies outside "/admin/", and the scope would then be lost.
    start_url: "/admin/",
    scope: "/admin/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: BRAND.ink,
    icons: [
      { src: "/owner-app/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/owner-app/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/owner-app/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
