/**
 * WCAG 1.4.10 (reflow), 1.4.12 (text spacing) and 1.4.4 (resize text), on every page template:
 * at 320 CSS px (a phone, or a 1280 px window zoomed to 400 %), with and without the text
 * spacing of 1.4.12, and at 1280 px with the text twice as big (text-only zoom), no page scrolls
 * sideways and no box that hides its overflow cuts text off.
 */
import { expect, test, type Page } from "@playwright/test";
import { PAGE_TEMPLATES } from "./page-templates.ts";

// The site's CSP allows no inline style; the test's own style is let in to change the text.
test.use({ bypassCSP: true });

/** The user style sheet of WCAG 1.4.12. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/** Runs in the page: what scrolls sideways or is cut off, one sentence each. */
function whatOverflows(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  // clientWidth, not innerWidth: a phone browser widens its window to fit a page too wide for it.
  if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in a ${root.clientWidth} px window`);
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
  return problems;
}

async function expectReflow(page: Page, state: string) {
  expect(await page.evaluate(whatOverflows), state).toEqual([]);
}

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "phone", "one narrow window is enough"));

  for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
    test(`the ${name} page reflows, also with WCAG text spacing`, async ({ page }) => {
      await page.goto(path);
      await expectReflow(page, "as designed");
      await page.addStyleTag({ content: TEXT_SPACING });
      await expectReflow(page, "with WCAG 1.4.12 text spacing");
    });
  }
});

test.describe("at 1280 px with text twice as big", () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "text-only zoom is a desktop browser's setting"));

  for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
    test(`the ${name} page reflows`, async ({ page }) => {
      // Text-only zoom is the browser's default font size doubled (Chrome's "Font size" setting).
      const devtools = await page.context().newCDPSession(page);
      await devtools.send("Page.setFontSizes", { fontSizes: { standard: 32, fixed: 26 } });
      await page.goto(path);
      await expectReflow(page, "with the text at 200 %");
    });
  }
});
