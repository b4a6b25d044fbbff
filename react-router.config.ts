import type { Config } from "@react-router/dev/config";
import { aliasPaths, canonicalPaths } from "./app/content/index.ts";

export default {
  // Server rendering stays on for form posts and the not-found page; every known page is
  // rendered to HTML at build time.
  ssr: true,
  prerender: [...canonicalPaths(), ...aliasPaths(), "/sitemap.xml", "/robots.txt"],
} satisfies Config;
