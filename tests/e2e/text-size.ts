/**
 * Bigger text, as a phone's owner sets it, for the browser tests. We emulate it with Chromium's
 * own font-size setting (CDP `Page.setFontSizes`, what Chrome's Settings → Appearance → Font size
 * changes): the default text size goes from 16 px to 24 px for 150 % and 32 px for 200 %, so
 * everything sized in rem or em grows, and media queries in rem see the bigger text too, as on a
 * phone. Set once on a page, it holds across its navigations. The site's Content-Security-Policy
 * is untouched (no style is injected).
 */
import type { CDPSession, Page } from "@playwright/test";

/** Chromium's defaults at 100 %: 16 px for text, 13 px for monospace. */
const DEFAULT_SIZES = { standard: 16, fixed: 13 };

/**
 * The DevTools session that holds each page's setting: Chromium drops the setting when the
 * session that made it detaches, so it stays open for the page's life.
 */
const sessions = new WeakMap<Page, CDPSession>();

/** Sets the page's text to `percent` % of its usual size (100 puts it back). */
export async function setTextSize(page: Page, percent: number) {
  let devtools = sessions.get(page);
  if (!devtools) {
    devtools = await page.context().newCDPSession(page);
    sessions.set(page, devtools);
  }
  const scale = (px: number) => Math.round((px * percent) / 100);
  await devtools.send("Page.setFontSizes", { fontSizes: { standard: scale(DEFAULT_SIZES.standard), fixed: scale(DEFAULT_SIZES.fixed) } });
}

/** The page's text size now, in % of the usual 16 px: what the setting gave the page's root. */
export async function textSize(page: Page): Promise<number> {
  return page.evaluate(() => Math.round((parseFloat(getComputedStyle(document.documentElement).fontSize) / 16) * 100));
}

/**
 * Runs in the page: what scrolls sideways or is cut off, one sentence each. The page is wider
 * than the window when its scrollWidth passes innerWidth; a box that hides its overflow cuts text
 * when what it holds is bigger than it; a table that scrolls sideways in its frame hides columns.
 * The header's Menu button, where there is one, must stand
 * whole inside the window with its word on one line.
 */
export function whatOverflows(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  // A phone widens its window (innerWidth) to a page too wide for it, zoomed out: the page's own
  // width (the root's clientWidth) is the phone's.
  const width = Math.min(window.innerWidth, root.clientWidth);
  if (root.scrollWidth > width) problems.push(`the page is ${root.scrollWidth} px wide in a ${width} px window`);
  const hides = (value: string) => value === "hidden" || value === "clip";
  for (const el of [root, ...document.body.querySelectorAll<HTMLElement>("*")]) {
    const style = getComputedStyle(el);
    const clipsX = hides(style.overflowX);
    const clipsY = hides(style.overflowY);
    if (!clipsX && !clipsY) continue;
    // Hidden on purpose: screen-reader-only text (clipped to nothing) and the bots' field.
    if (style.clipPath !== "none" || style.clip !== "auto" || el.closest('[aria-hidden="true"]')) continue;
    if (!el.innerText?.trim()) continue;
    const cutX = clipsX ? el.scrollWidth - el.clientWidth : 0;
    const cutY = clipsY ? el.scrollHeight - el.clientHeight : 0;
    if (cutX > 1 || cutY > 1) {
      problems.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} cuts off ${Math.max(cutX, cutY)} px of "${el.innerText.trim().slice(0, 40)}"`);
    }
  }
  // A table is read whole on a phone: none hides columns in a frame that scrolls sideways.
  for (const table of document.querySelectorAll<HTMLElement>("table")) {
    const frame = table.parentElement!;
    const scrolls = ["auto", "scroll"].includes(getComputedStyle(frame).overflowX);
    if (scrolls && frame.scrollWidth > frame.clientWidth + 1) problems.push(`the table "${table.querySelector("caption")?.textContent ?? ""}" scrolls ${frame.scrollWidth - frame.clientWidth} px sideways in its frame`);
  }
  const menu = document.querySelector<HTMLElement>('header button[popovertarget="mobile-menu"]');
  if (menu && menu.offsetParent !== null) {
    const box = menu.getBoundingClientRect();
    const word = [...menu.querySelectorAll("span")].find((span) => span.textContent === "Menu");
    if (box.left < 0 || box.right > width) problems.push(`the Menu button stands from ${Math.round(box.left)} to ${Math.round(box.right)} px in a ${width} px window`);
    if (menu.scrollWidth > menu.clientWidth + 1) problems.push(`the Menu button's content is ${menu.scrollWidth} px wide in ${menu.clientWidth} px`);
    if (word && word.getClientRects().length !== 1) problems.push(`the Menu button's word breaks over ${word.getClientRects().length} lines`);
  }
  return problems;
}
