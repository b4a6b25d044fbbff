/**
 * A full-page picture of every page template at phone and desktop width, in normal colours and
 * in forced colours (a Windows contrast theme) with a light and a dark palette, for a person to
 * look over: `screenshots/{phone,desktop}/{template}[-forced-light|-forced-dark].png`.
 */
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { PAGE_TEMPLATES } from "../e2e/page-templates.ts";

const OUT = fileURLToPath(new URL("../../screenshots/", import.meta.url));

const MODES = [
  { suffix: "", media: { forcedColors: "none", colorScheme: "light" } },
  { suffix: "-forced-light", media: { forcedColors: "active", colorScheme: "light" } },
  { suffix: "-forced-dark", media: { forcedColors: "active", colorScheme: "dark" } },
] as const;

test.use({ reducedMotion: "reduce" });

for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
  test(`the ${name} page`, async ({ page }, testInfo) => {
    await page.goto(path);
    const file = name.replace(/\W+/g, "-");
    for (const { suffix, media } of MODES) {
      await page.emulateMedia(media);
      await page.screenshot({ path: `${OUT}${testInfo.project.name}/${file}${suffix}.png`, fullPage: true });
    }
  });
}
