/**
 * WCAG 2.5.8 (target size, minimum) on every page template at phone and desktop width, computed
 * from the boxes: every control is at least 24 × 24 CSS px, or a 24 px circle centred on it
 * touches no other control and no other such circle. Links inside a sentence are exempt, as the
 * criterion allows. On a phone the main actions (call, quote, menu) are at least 44 × 44.
 */
import { expect, test } from "@playwright/test";
import { PAGE_TEMPLATES } from "./page-templates.ts";

const TARGETS = 'a[href], button, summary, input:not([type="hidden"]), select, textarea, [role="button"], svg a';

/** Runs in the page: one sentence for each control too small and too close to another. */
function targetsTooSmall(selector: string): string[] {
  const MIN = 24;
  const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40)}"`;
  /** A link in a line of text: its size is set by the sentence around it. */
  const inSentence = (el: Element) => {
    if (getComputedStyle(el).display !== "inline") return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
    return (block?.textContent ?? "").trim().length > (el.textContent ?? "").trim().length;
  };
  const targets = [...document.querySelectorAll(selector)]
    .filter((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && style.visibility === "visible" && style.clipPath === "none" && !el.closest('[aria-hidden="true"], [inert]');
    })
    .map((el) => ({ el, box: el.getBoundingClientRect() }));
  const problems: string[] = [];
  for (const target of targets) {
    const { el, box } = target;
    if ((box.width >= MIN && box.height >= MIN) || inSentence(el)) continue;
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    for (const other of targets) {
      if (other === target || other.el.contains(el) || el.contains(other.el)) continue;
      const b = other.box;
      // The circle touches the other control's box…
      const dx = Math.max(b.left - cx, 0, cx - b.right);
      const dy = Math.max(b.top - cy, 0, cy - b.bottom);
      const touchesBox = Math.hypot(dx, dy) < MIN / 2;
      // …or the other's own circle, when that one is undersized too.
      const otherSmall = b.width < MIN || b.height < MIN;
      const touchesCircle = otherSmall && Math.hypot(b.left + b.width / 2 - cx, b.top + b.height / 2 - cy) < MIN;
      if (touchesBox || touchesCircle) {
        problems.push(`${name(el)} is ${Math.round(box.width)} × ${Math.round(box.height)} px and too close to ${name(other.el)}`);
        break;
      }
    }
  }
  return problems;
}

for (const [name, path] of Object.entries(PAGE_TEMPLATES)) {
  test(`on the ${name} page, every control is big enough to press or spaced apart`, async ({ page }, testInfo) => {
    await page.goto(path);
    expect(await page.evaluate(targetsTooSmall, TARGETS)).toEqual([]);
    if (testInfo.project.name !== "phone") return;
    // The quote actions the spec names (a page's sitemap entry "Get a Quote" is a plain link).
    const quoteAction = /^(Get Your Free Quote|Request a Quote|Get My Free Quote)$/;
    const main = page.getByRole("main");
    const quoteActions = await main.getByRole("link", { name: quoteAction }).or(main.getByRole("button", { name: quoteAction })).all();
    const mainActions = [
      page.getByRole("complementary", { name: "Call us" }).getByRole("link", { name: /^Call / }),
      page.getByRole("banner").getByRole("button", { name: "Menu" }),
      ...quoteActions,
    ];
    for (const action of mainActions) {
      const box = await action.boundingBox();
      expect(box, `${action} is on the page`).not.toBeNull();
      expect.soft(Math.min(box!.width, box!.height), `${action} is at least 44 × 44 px`).toBeGreaterThanOrEqual(44);
    }
  });
}

test("the check finds small controls side by side, and spares links inside a sentence", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the check itself, once");
  await page.setContent(`<style>a.dot { display: inline-block; width: 12px; height: 12px; }</style>
    <div><a class="dot" href="/a" aria-label="A"></a><a class="dot" href="/b" aria-label="B"></a></div>
    <div style="margin-top: 60px"><a class="dot" href="/c" aria-label="C"></a></div>
    <p style="margin-top: 60px; font-size: 12px">Read our <a href="/privacy">privacy notice</a> first.</p>`);
  const problems = await page.evaluate(targetsTooSmall, TARGETS);
  expect(problems).toEqual([
    'a "A" is 12 × 12 px and too close to a "B"',
    'a "B" is 12 × 12 px and too close to a "A"',
  ]);
});
