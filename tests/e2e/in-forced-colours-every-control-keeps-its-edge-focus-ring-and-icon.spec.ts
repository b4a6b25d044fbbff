/**
 * Forced colours (a Windows contrast theme) drop every background and box shadow. On every page
 * template at phone and desktop width: each button-like control drawn by its background in normal
 * colours keeps a border or an outline; every control shows a focus ring (an outline, or for a
 * link drawn in SVG a ring it shows on focus); every decorative icon takes the theme's colour of
 * the text it sits in, unless it redraws itself in system colours (`forced-color-adjust: none`).
 */
import { expect, test } from "@playwright/test";
import { PAGE_TEMPLATES } from "./page-templates.ts";

/** Every control a visitor can press, including links inside SVG (the service-area map). */
const CONTROLS = 'a[href], button, summary, [role="button"], input[type="submit"], input[type="button"], svg a';

/** Runs in the page in normal colours: the visible controls drawn by a background, kept for later. */
function controlsWithABackground(selector: string): number {
  const transparent = (colour: string) => colour === "transparent" || /rgba\(.*,\s*0\)$/.test(colour);
  const drawn = [...document.querySelectorAll(selector)].filter((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (box.width < 2 || box.height < 2 || style.visibility !== "visible" || style.clipPath !== "none") return false;
    return !transparent(style.backgroundColor) || style.backgroundImage !== "none";
  });
  (window as unknown as { drawn: Element[] }).drawn = drawn;
  return drawn.length;
}

/** Runs in the page in forced colours: one sentence for each thing that is not drawn. */
function whatForcedColoursHide(selector: string): string[] {
  const problems: string[] = [];
  const visible = (colour: string) => colour !== "transparent" && !/rgba\(.*,\s*0\)$/.test(colour);
  const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
  if (!matchMedia("(forced-colors: active)").matches) return ["forced colours are not on"];
  for (const el of (window as unknown as { drawn: Element[] }).drawn) {
    const style = getComputedStyle(el);
    const sides = ["Top", "Right", "Bottom", "Left"] as const;
    const bordered = sides.every((side) => {
      const at = (property: string) => style.getPropertyValue(`border-${side.toLowerCase()}-${property}`);
      return !/none|hidden/.test(at("style")) && parseFloat(at("width")) >= 1 && visible(at("color"));
    });
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1 && visible(style.outlineColor);
    if (!bordered && !outlined) problems.push(`${name(el)} has no edge`);
  }
  for (const el of document.querySelectorAll<HTMLElement | SVGElement>(selector)) {
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2 || getComputedStyle(el).visibility !== "visible") continue;
    const parts = el instanceof SVGElement ? [...el.querySelectorAll("*")] : [];
    const hiddenBefore = parts.map((part) => getComputedStyle(part).visibility === "hidden");
    el.focus();
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 && visible(style.outlineColor);
    const ringDrawn = parts.some((part, i) => hiddenBefore[i] && getComputedStyle(part).visibility === "visible");
    if (!el.matches(":focus-visible")) problems.push(`${name(el)} takes no keyboard focus`);
    else if (!outlined && !ringDrawn) problems.push(`${name(el)} shows no focus ring`);
  }
  (document.activeElement as HTMLElement | null)?.blur();
  for (const icon of document.querySelectorAll('svg[aria-hidden="true"]')) {
    if (getComputedStyle(icon).forcedColorAdjust === "none") continue;
    const colour = getComputedStyle(icon).color;
    const around = getComputedStyle(icon.parentElement!).color;
    if (colour !== around) problems.push(`the icon in ${name(icon.parentElement!)} is ${colour}, not the text's ${around}`);
  }
  return problems;
}

for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
  test(`on the ${name} page, forced colours leave every control its edge, its focus ring and its icon`, async ({ page }) => {
    await page.goto(path);
    expect(await page.evaluate(controlsWithABackground, CONTROLS), "controls drawn by a background").toBeGreaterThan(0);
    await page.emulateMedia({ forcedColors: "active" });
    expect(await page.evaluate(whatForcedColoursHide, CONTROLS)).toEqual([]);
  });
}
