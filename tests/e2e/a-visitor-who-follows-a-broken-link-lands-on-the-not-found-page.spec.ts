/**
 * Any path the site does not know answers HTTP 404 with the not-found page (DECISIONS.md item 2):
 * "Oops! Page not found", a way home, and the missing path in the console for whoever debugs.
 */
import { expect, test } from "@playwright/test";
import { onlyIn } from "./support.ts";

const UNKNOWN = ["/no-such-page", "/areas/roofers-in-atlantis/", "/areas/watford/", "/services/roofing-magic", "/hertfordshire/extra"];

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(`unknown paths answer 404 with "Oops! Page not found" and a Return to Home link (${UNKNOWN.join(", ")})`, async ({ page }) => {
    for (const path of UNKNOWN) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status(), `${path}: HTTP status`).toBe(404);
        await expect(page).toHaveURL(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Oops! Page not found/);
        await expect(page.getByRole("main").getByText("404", { exact: true })).toBeVisible();
        await expect(page).toHaveTitle(/not found/i);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
        await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
      });
    }

    await test.step("Return to Home takes the visitor to the home page", async () => {
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Roofers in Stevenage, Hertfordshire, Essex & North London");
    });
  });
});

test.describe("with JavaScript", () => {
  onlyIn("desktop", "The console says the same at every width.");

  test("the not-found page names the missing path in a console error", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    for (const path of UNKNOWN) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Oops! Page not found/);
        await expect.poll(() => errors.filter((text) => text.includes(path)), `a console error naming ${path}`).toHaveLength(1);
      });
    }
  });

  test("names a private link's missing path without its token", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const token = "Xq3v_9kLmN0pQrStUvWxYz-AbCdEfGhIjKlMnOpQrSt";
    for (const [path, named] of [[`/q/${token}/more`, "/q/[token]/more"], [`/review/${token}/x`, "/review/[token]/x"]]) {
      const response = await page.goto(path!);
      expect(response?.status()).toBe(404);
      await expect.poll(() => errors.filter((text) => text.endsWith(named!)), `a console error naming ${named}`).toHaveLength(1);
    }
    expect(errors.join("\n")).not.toContain(token);
  });
});
