/**
 * Moving from one page to the next, the browser fades the old page's content into the new one
 * while the header stays where it is (a cross-document view transition, declared in CSS). A
 * visitor who asks for reduced motion gets the new page at once, with nothing animated.
 */
import { expect, test, type Page } from "@playwright/test";

declare global {
  interface Window {
    /** What the new page's view transition animated, by pseudo-element; null when there was none. */
    pageTransition?: Promise<string[] | null>;
  }
}

/** Records, on every page, what its view transition animates once it is ready. */
async function recordPageTransitions(page: Page) {
  await page.addInitScript(() => {
    window.pageTransition = new Promise((resolve) => {
      window.addEventListener("pagereveal", (event) => {
        const transition = (event as PageRevealEvent).viewTransition;
        if (!transition) return resolve(null);
        transition.ready.then(
          () => resolve(document.getAnimations().map((animation) => (animation.effect as KeyframeEffect).pseudoElement ?? "")),
          () => resolve(null),
        );
      });
    });
  });
}

async function goFromHomeToGallery(page: Page) {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL("/gallery");
  return page.evaluate(() => window.pageTransition);
}

test("the content fades from one page to the next while the header stays in place", async ({ page }) => {
  await recordPageTransitions(page);
  const animated = await goFromHomeToGallery(page);
  expect(animated, "a view transition ran").not.toBeNull();
  expect(animated).toEqual(expect.arrayContaining(["::view-transition-old(root)", "::view-transition-new(root)"]));
  expect(animated!.filter((pseudo) => pseudo.includes("site-header")), "the header is not animated").toEqual([]);
  await expect(page.getByRole("banner")).toHaveCSS("view-transition-name", "site-header");
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the next page appears at once, with no transition", async ({ page }) => {
    await recordPageTransitions(page);
    expect(await goFromHomeToGallery(page)).toBeNull();
  });
});
