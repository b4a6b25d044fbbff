/**
 * WCAG 2.4.11/2.4.12 (focus not obscured): Tab through every page template at phone and desktop
 * width. After each Tab, no point of the focused control may lie under the sticky header, under
 * the floating call button (or anything else fixed or sticky), or outside the viewport. Motion is
 * reduced, so the browser scrolls at once and the page can be measured right after the key.
 * Nothing that moves out of the way (the call button stepping aside) shifts the layout.
 */
import { expect, test } from "@playwright/test";
import { PAGE_TEMPLATES } from "./page-templates.ts";

test.use({ reducedMotion: "reduce" });

/**
 * Runs in the page after a Tab: null when the focused control is wholly in view, "done" when
 * focus has left the page or come round again, or a sentence saying what hides the control.
 */
function whatHidesTheFocusedControl(): string | null {
  const w = window as unknown as { walked?: WeakSet<Element>; overlays?: Element[] };
  const focused = document.activeElement;
  if (!focused || focused === document.body || w.walked?.has(focused)) return "done";
  (w.walked ??= new WeakSet()).add(focused);
  // Everything that stays put while the page scrolls can hide what scrolls under it.
  w.overlays ??= [...document.querySelectorAll("body *")].filter((el) => /fixed|sticky/.test(getComputedStyle(el).position));
  const name = `${focused.tagName.toLowerCase()} "${(focused.textContent || focused.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
  const box = focused.getBoundingClientRect();
  const slack = 0.5;
  if (box.top < -slack || box.left < -slack || box.bottom > innerHeight + slack || box.right > innerWidth + slack) {
    return `${name} is partly outside the viewport (${Math.round(box.top)}–${Math.round(box.bottom)} of ${innerHeight} px)`;
  }
  for (const overlay of w.overlays) {
    if (overlay.contains(focused) || focused.contains(overlay)) continue;
    const style = getComputedStyle(overlay);
    if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) continue;
    const cover = overlay.getBoundingClientRect();
    const left = Math.max(box.left, cover.left);
    const right = Math.min(box.right, cover.right);
    const top = Math.max(box.top, cover.top);
    const bottom = Math.min(box.bottom, cover.bottom);
    if (right - left <= slack || bottom - top <= slack) continue;
    // Overlapping boxes hide the control only where the overlay is drawn on top of it.
    const onTop = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    if (onTop && overlay.contains(onTop)) {
      const what = `${overlay.tagName.toLowerCase()}${overlay.id ? `#${overlay.id}` : ""}${overlay.getAttribute("aria-label") ? ` "${overlay.getAttribute("aria-label")}"` : ""}`;
      return `${name} is ${Math.round(bottom - top)} px under the ${what}`;
    }
  }
  return null;
}

/**
 * Runs in the page: every layout shift since `since` (the first Tab), after input too (which CLS
 * would forgive), but for the skip link itself appearing when it takes focus; each as its size,
 * the time it happened and what moved. Shifts while the page loads are CLS, measured by
 * `npm run bench:lighthouse`: on a loaded machine the parser may paint a page in parts, and
 * that would make this test's verdict depend on the machine's speed.
 */
function layoutShifts(since: number): Promise<string[]> {
  type Shift = PerformanceEntry & { value: number; sources: { node: Node | null }[] };
  const describe = (shift: Shift) =>
    `${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms: ${shift.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : "?")).join(", ")}`;
  return new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const shifts = (list.getEntries() as Shift[]).filter((shift) => shift.startTime >= since).filter((shift) =>
        // A source without a node is one the browser could not name: the shift is kept if any
        // named source is not the skip link, and when none is named at all.
        shift.sources.every((source) => !source.node) ||
        shift.sources.some((source) => source.node instanceof Element && !source.node.matches('a[href="#main"]')),
      );
      resolve(shifts.map(describe));
    }).observe({ type: "layout-shift", buffered: true });
    // The observer reports nothing at all when nothing shifted.
    setTimeout(() => resolve([]), 100);
  });
}

for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
  test(`on the ${name} page, every control reached by Tab is wholly in view`, async ({ page }) => {
    await page.goto(path);
    const firstTab = await page.evaluate(() => performance.now());
    const hidden: string[] = [];
    let stops = 0;
    for (; stops < 500; stops++) {
      await page.keyboard.press("Tab");
      const problem = await page.evaluate(whatHidesTheFocusedControl);
      if (problem === "done") break;
      if (problem) hidden.push(problem);
    }
    expect(stops, "Tab reached the page's controls").toBeGreaterThan(10);
    expect(hidden).toEqual([]);
    expect(await page.evaluate(layoutShifts, firstTab), "layout shifts while the keyboard moves focus").toEqual([]);
  });
}
