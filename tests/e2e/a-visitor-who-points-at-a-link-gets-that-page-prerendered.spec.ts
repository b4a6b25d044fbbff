/**
 * Page changes feel instant: each page's speculation rules ask the browser to prerender a page of
 * the site once the pointer rests on a link to it, or a finger touches one ("moderate"). Chromium
 * driven over DevTools reports the attempt through the CDP Preload domain but never completes it
 * (PrerenderingDisabledByDevTools), so this checks the attempt, not its activation;
 * `npm run bench:page-change` measures a real one.
 */
import { expect, test, type CDPSession, type Page } from "@playwright/test";

interface PreloadEvents {
  ruleSets: { sourceText: string; errorType?: string; errorMessage?: string }[];
  /** The URL of every prerender the browser started, in order. */
  prerenders: string[];
  /** The URLs of the links the rules made candidates, as last reported. */
  candidates: string[];
}

async function watchPreloading(page: Page): Promise<{ cdp: CDPSession; events: PreloadEvents }> {
  const cdp = await page.context().newCDPSession(page);
  const events: PreloadEvents = { ruleSets: [], prerenders: [], candidates: [] };
  cdp.on("Preload.ruleSetUpdated", ({ ruleSet }) => events.ruleSets.push(ruleSet));
  cdp.on("Preload.prerenderStatusUpdated", ({ key }) => events.prerenders.push(key.url));
  cdp.on("Preload.preloadingAttemptSourcesUpdated", ({ preloadingAttemptSources }) => {
    events.candidates = preloadingAttemptSources.filter((source) => source.key.action === "Prerender").map((source) => source.key.url);
  });
  await cdp.send("Preload.enable");
  return { cdp, events };
}

test("pointing at a link to another page starts its prerender; the rules are valid and leave out the owner's pages and /api/", async ({ page, baseURL }, testInfo) => {
  const { cdp, events } = await watchPreloading(page);
  await page.goto("/");

  await expect.poll(() => events.ruleSets.length, "the page's rule set").toBe(1);
  const [ruleSet] = events.ruleSets;
  expect(ruleSet!.errorType, ruleSet!.errorMessage).toBeUndefined();
  expect(JSON.parse(ruleSet!.sourceText).prerender[0].eagerness).toBe("moderate");

  const link = page.getByRole("main").getByRole("link", { name: "Learn More about Roof Repairs" });
  const target = new URL((await link.getAttribute("href"))!, baseURL).href;
  await expect.poll(() => events.candidates, "the link is a candidate").toContain(target);
  // "moderate": nothing is prerendered on load, only once the visitor points at a link.
  expect(events.prerenders).toEqual([]);

  if (testInfo.project.name === "phone") {
    // A finger down on the link, not lifted: the touch alone must start the prerender.
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    const touch = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [touch] });
    await expect.poll(() => events.prerenders, `a prerender of ${target}`).toContain(target);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
  } else {
    await link.hover();
    await expect.poll(() => events.prerenders, `a prerender of ${target}`).toContain(target);
  }
  expect(new Set(events.prerenders), "only the page pointed at").toEqual(new Set([target]));
  await expect(page).toHaveURL("/");

  // Links to the owner's area, the form endpoint and a file never become candidates; a page
  // link added with them does, which shows the browser has read them all.
  const excluded = ["/admin", "/admin/requests/1", "/api/contact", "/sitemap.xml"];
  const control = "/privacy?from=probe";
  await page.getByRole("main").evaluate((main, hrefs) => {
    for (const href of hrefs) main.insertAdjacentHTML("afterbegin", `<a href="${href}">${href}</a>`);
  }, [...excluded, control]);
  await expect.poll(() => events.candidates, "the control link is a candidate").toContain(new URL(control, baseURL).href);
  for (const href of excluded) expect(events.candidates, href).not.toContain(new URL(href, baseURL).href);
});
