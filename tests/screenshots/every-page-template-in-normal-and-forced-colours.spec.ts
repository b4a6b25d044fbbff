/**
 * Full-page pictures of every page template for a person to look over, in
 * `screenshots/{phone,desktop}/{template}{suffix}.png`:
 * - at phone (390 px) and desktop (1280 px) width, in normal colours and in forced colours (a
 *   Windows contrast theme) with its light and its dark palette (`-forced-light`, `-forced-dark`);
 * - from the desktop project also as a 1280 × 800 window zoomed to 400 % shows it (`-zoom-400`,
 *   a 320 × 200 CSS px window) and with text-only zoom at 200 % (`-text-200`).
 */
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { PAGE_TEMPLATES } from "../e2e/page-templates.ts";
import { stitchedScreenshot } from "./stitched.ts";

const OUT = fileURLToPath(new URL("../../screenshots/", import.meta.url));

const COLOUR_MODES = [
  { suffix: "", media: { forcedColors: "none", colorScheme: "light" } },
  { suffix: "-forced-light", media: { forcedColors: "active", colorScheme: "light" } },
  { suffix: "-forced-dark", media: { forcedColors: "active", colorScheme: "dark" } },
] as const;

test.use({ reducedMotion: "reduce" });

for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
  const file = name.replace(/\W+/g, "-");

  test(`the ${name} page`, async ({ page }, testInfo) => {
    await page.goto(path);
    for (const { suffix, media } of COLOUR_MODES) {
      await page.emulateMedia(media);
      await page.screenshot({ path: `${OUT}${testInfo.project.name}/${file}${suffix}.png`, fullPage: true });
    }
  });

  test(`the ${name} page zoomed`, async ({ browser, page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "zoom is a desktop window's");
    const zoomed = await browser.newPage({ viewport: { width: 320, height: 200 }, reducedMotion: "reduce" });
    await zoomed.goto(new URL(path, testInfo.project.use.baseURL).href);
    await zoomed.screenshot({ path: `${OUT}desktop/${file}-zoom-400.png`, fullPage: true });
    await zoomed.close();
    // Text-only zoom is the browser's default font size doubled (Chrome's "Font size" setting).
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
    await page.goto(path);
    await stitchedScreenshot(page, `${OUT}desktop/${file}-text-200.png`);
  });
}
