import type { Page } from "@playwright/test";
import sharp, { type OverlayOptions } from "sharp";

/**
 * A full-page picture made of one picture per window height. Playwright's own full-page picture
 * resizes the window through DevTools, which resets the font-size setting text zoom relies on.
 * The sticky header is drawn once, at the top, rather than over the top of every part.
 */
export async function stitchedScreenshot(page: Page, file: string) {
  const { width, height, pageHeight } = await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (getComputedStyle(el).position === "sticky") el.style.position = "static";
    }
    return { width: innerWidth, height: innerHeight, pageHeight: document.documentElement.scrollHeight };
  });
  const parts: OverlayOptions[] = [];
  for (let top = 0; top < pageHeight; top += height) {
    const scrolledTo = await page.evaluate((y) => (scrollTo(0, y), scrollY), top);
    // In CSS pixels, as the canvas is, on a phone whose screen has more pixels than that too.
    parts.push({ input: await page.screenshot({ scale: "css" }), top: scrolledTo, left: 0 });
  }
  await sharp({ create: { width, height: pageHeight, channels: 3, background: "#ffffff" } })
    .composite(parts)
    .png()
    .toFile(file);
}
