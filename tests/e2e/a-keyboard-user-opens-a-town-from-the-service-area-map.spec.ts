/**
 * The service-area map is an inline drawing whose towns are real links, named after the town:
 * a keyboard user tabs along them, sees which one has focus, and opens the town's page. With
 * forced colours the markers keep a colour of their own against the map's background.
 */
import { expect, test } from "@playwright/test";
import { areaPath, content, onlyIn } from "./support.ts";

onlyIn("desktop", "Keyboard and forced colours behave the same at every width; one run is enough.");

test("every town is a named link on the home page's map; Tab shows a focus ring, Enter opens the town", async ({ page }) => {
  await page.goto("/");
  const map = page.locator("svg.map-svg");
  await expect(map).toHaveAccessibleName("Map of the towns we cover");
  await expect(map.getByRole("link")).toHaveCount(content.areas.length);
  const hitchin = content.areas.find((a) => a.slug === "hitchin")!;
  const link = map.getByRole("link", { name: hitchin.name, exact: true });
  await expect(link).toHaveAttribute("href", areaPath(hitchin));

  const links = map.getByRole("link");
  const index = await links.evaluateAll((all, href) => all.findIndex((a) => a.getAttribute("href") === href), areaPath(hitchin));
  await links.nth(index - 1).focus();
  await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  await expect(link.locator(".map-focus")).toHaveCSS("visibility", "visible");
  await expect(links.nth(index - 1).locator(".map-focus"), "only the focused town is ringed").toHaveCSS("visibility", "hidden");

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(areaPath(hitchin));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Roofers in ${hitchin.name}`);
});

test("with forced colours, the markers, outlines and names take the visitor's system colours", async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active" });
  await page.goto("/areas/roofers-in-hitchin/");
  const map = page.locator("svg.map-svg");
  const colours = await map.evaluate((svg) => {
    const style = (selector: string) => getComputedStyle(svg.querySelector(selector)!);
    // The visitor's own colours, as the browser resolves the system colour keywords.
    const system = (keyword: string) => {
      const probe = document.body.appendChild(document.createElement("span"));
      probe.style.color = keyword;
      const value = getComputedStyle(probe).color;
      probe.remove();
      return value;
    };
    return {
      canvas: system("Canvas"),
      canvasText: system("CanvasText"),
      linkText: system("LinkText"),
      background: getComputedStyle(svg).backgroundColor,
      marker: style(".map-marker:not(.is-dim)").fill,
      hollow: style(".map-marker.is-dim").stroke,
      outline: style(".map-area").stroke,
      label: style(".map-label").fill,
    };
  });
  expect(colours.canvasText).not.toBe(colours.canvas);
  expect(colours.background).toBe(colours.canvas);
  expect(colours.marker, "a town marker").toBe(colours.linkText);
  expect(colours.hollow, "a hollow town marker").toBe(colours.linkText);
  expect(colours.outline, "an area's outline").toBe(colours.canvasText);
  expect(colours.label, "a town's name").toBe(colours.canvasText);
});
