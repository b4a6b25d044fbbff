/**
 * The roof-repairs page answers four questions in an accordion that keeps at most one answer
 * open and closes an open one on a second click (spec §2, §4), with no JavaScript.
 */
import { expect, test } from "@playwright/test";
import { content } from "./support.ts";

test.use({ javaScriptEnabled: false });

const faqs = content.services.find((s) => s.slug === "roof-repairs")!.faqs;

test("four questions; opening one closes the others; clicking the open one closes it", async ({ page }) => {
  await page.goto("/roof-repairs-in-stevenage");
  const faq = page.getByRole("region", { name: "Frequently asked questions" });
  const questions = faq.getByRole("heading", { level: 3 });
  await expect(questions).toHaveCount(4);
  await expect(questions).toHaveText(faqs.map((f) => f.question));
  await expect(faq.getByRole("group")).toHaveCount(4);

  const answer = (i: number) => faq.getByText(faqs[i]!.answer);
  const expectOnlyOpen = async (open: number | null) => {
    for (let i = 0; i < 4; i++) {
      if (i === open) await expect(answer(i), `answer ${i + 1} shown`).toBeVisible();
      else await expect(answer(i), `answer ${i + 1} folded`).toBeHidden();
    }
  };

  // At most one answer is shown to begin with.
  const shown = await Promise.all(faqs.map((_, i) => answer(i).isVisible()));
  expect(shown.filter(Boolean).length, "answers shown at first").toBeLessThanOrEqual(1);

  await questions.nth(0).click();
  if (shown[0]) await expectOnlyOpen(null);
  else await expectOnlyOpen(0);

  await questions.nth(2).click();
  await expectOnlyOpen(2);

  await questions.nth(1).click();
  await expectOnlyOpen(1);

  await questions.nth(1).click();
  await expectOnlyOpen(null);

  await questions.nth(3).click();
  await expectOnlyOpen(3);
});
