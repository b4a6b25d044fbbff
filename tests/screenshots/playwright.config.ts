/**
 * `npm run screenshots`: the browser-test setup (same server, same phone and desktop projects)
 * pointed at the picture-taking spec beside this file. The pictures go to `screenshots/` at the
 * repository root, which git ignores.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import browserTests from "../../playwright.config.ts";

export default defineConfig({
  ...browserTests,
  testDir: fileURLToPath(new URL(".", import.meta.url)),
  outputDir: fileURLToPath(new URL("../../test-results/screenshots", import.meta.url)),
});
