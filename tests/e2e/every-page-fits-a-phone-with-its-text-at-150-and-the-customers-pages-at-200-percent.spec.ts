/**
 * Issue 35 §7: with the phone's text at 150 % (tests/e2e/text-size.ts), at 360 px, no page
 * scrolls sideways (scrollWidth <= innerWidth) and nothing is cut off: every public page in the
 * built site's sitemap, every owner page in the states that change its markup, and the
 * customer's own page, quote and review links (seeded as tests/support/owner.ts's sweep seeds
 * them). The header's Menu button stays whole. At 200 % and 320 px the same holds for the
 * customer's pages and the public forms. One page walks them all, once; then the diary's agenda
 * (§5), with its visits, passes axe at 390 px. An e-mail read at 150 % grows with the text, and
 * its button's words wrap inside the button.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { writeLetter } from "../../app/lib/mail/letter.ts";
import { ownerPages } from "../support/owner.ts";
import { expectNoViolations, LEADS_DB, onlyIn } from "./support.ts";
import { setTextSize, textSize, whatOverflows } from "./text-size.ts";

onlyIn("phone", "a phone's width and text size; one sweep is enough");
// Some 120 pages, each loaded and measured once on one page of one browser.
test.describe.configure({ timeout: 240_000 });

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Every page the built site lists in its sitemap.xml, as paths. */
function sitemapPaths(): string[] {
  const xml = readFileSync(path.join(ROOT, "build/client/sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

/** The public pages with a form: the contact page and the quote form of each kind of landing page. */
const PUBLIC_FORMS = ["/contact", "/", "/roof-repairs-in-stevenage", "/areas/roofers-in-bishops-stortford/"];

const isCustomers = (pathname: string) => /^\/(c|q|review)\//.test(pathname);

/** Loads each page (with the headers it needs, its text at `percent` %) and lists what overflows on it. */
async function sweep(page: Page, percent: number, pages: { path: string; headers: Record<string, string> }[]): Promise<string[]> {
  const problems: string[] = [];
  await setTextSize(page, percent);
  for (const { path: pathname, headers } of pages) {
    await page.setExtraHTTPHeaders(headers);
    await page.goto(pathname, { waitUntil: "domcontentloaded" });
    const size = await textSize(page);
    if (size !== percent) problems.push(`${pathname}: its text is at ${size} %, not ${percent} %`);
    for (const problem of await page.evaluate(whatOverflows)) problems.push(`${pathname}: ${problem}`);
  }
  await page.setExtraHTTPHeaders({});
  return problems;
}

test("every page fits 360 px with the text at 150 %, and the customer's pages and the public forms 320 px at 200 %", async ({ page }) => {
  const owner = ownerPages(path.dirname(LEADS_DB));
  const publicPages = sitemapPaths().map((pathname) => ({ path: pathname, headers: {} }));
  expect(publicPages.length, "the sitemap lists the site").toBeGreaterThan(30);
  expect(owner.filter((entry) => isCustomers(entry.path)).length, "the customer's pages are seeded").toBeGreaterThan(5);

  await page.setViewportSize({ width: 360, height: 780 });
  expect.soft(await sweep(page, 150, [...publicPages, ...owner]), "at 360 px with the text at 150 %").toEqual([]);

  await page.setViewportSize({ width: 320, height: 640 });
  const atTwice = [...PUBLIC_FORMS.map((pathname) => ({ path: pathname, headers: {} })), ...owner.filter((entry) => isCustomers(entry.path))];
  expect.soft(await sweep(page, 200, atTwice), "at 320 px with the text at 200 %").toEqual([]);

  // Money's invoices, drawn as cards on the phone, are still a table to a screen reader: the
  // browser's own accessibility tree holds its rows, row headers, column headers and cells.
  await page.setViewportSize({ width: 390, height: 844 });
  await setTextSize(page, 100);
  await page.setExtraHTTPHeaders(owner.find((entry) => entry.path === "/admin/diary")!.headers);
  await page.goto("/admin/money");
  const invoices = page.getByRole("table", { name: /^Invoices: owed first/ });
  expect(await invoices.locator("tbody tr").first().evaluate((row) => getComputedStyle(row).display), "a card on the phone").toBe("block");
  const devtools = await page.context().newCDPSession(page);
  const { nodes } = await devtools.send("Accessibility.getFullAXTree");
  const roles = new Set(nodes.map((node) => node.role?.value as string));
  expect([...roles].filter((role) => ["table", "row", "rowheader", "columnheader", "cell"].includes(role)).sort()).toEqual(["cell", "columnheader", "row", "rowheader", "table"]);
  await devtools.detach();

  // The agenda, with the sweep's visits booked, passes axe on the owner's phone.
  await page.goto("/admin/diary");
  await expect(page.getByRole("list", { name: /^Visits, / }).first()).toBeVisible();
  await expectNoViolations(page);
});

test("an e-mail read with the text at 150 % grows with it, and its button's words wrap inside the button", async ({ page }) => {
  const letter = writeLetter({
    business: { name: "Kestrel Roofing", phone: { display: "07700 900123", e164: "+447700900123" }, email: "info@example.com" },
    siteUrl: "https://www.example.com",
    subject: "Your invoice INV-2026-0001",
    body: ["Your deposit invoice INV-2026-0001 is ready.", { button: { words: "View and pay your deposit invoice online today", href: "https://www.example.com/c/abc" } }],
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await setTextSize(page, 150);
  await page.setContent(letter.html);
  const button = page.getByRole("link", { name: "View and pay your deposit invoice online today" });
  const measured = await button.evaluate((a) => {
    const style = getComputedStyle(a);
    const box = a.getBoundingClientRect();
    const inner = { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight), top: box.top + parseFloat(style.paddingTop), bottom: box.bottom - parseFloat(style.paddingBottom) };
    const range = document.createRange();
    range.selectNodeContents(a);
    const lines = [...range.getClientRects()];
    const outside = lines.filter((line) => line.left < inner.left - 0.5 || line.right > inner.right + 0.5 || line.top < inner.top - 0.5 || line.bottom > inner.bottom + 0.5);
    const card = a.parentElement!.parentElement!.getBoundingClientRect();
    return { fontSize: parseFloat(style.fontSize), lines: new Set(lines.map((line) => Math.round(line.top))).size, outside: outside.length, fits: box.left >= card.left && box.right <= card.right, pageWidth: document.documentElement.scrollWidth };
  });
  expect(measured.fontSize, "the button's words are 150 % of their usual 18 px").toBeCloseTo(27, 0);
  expect(measured.lines, "they wrap").toBeGreaterThan(1);
  expect(measured.outside, "every line stays inside the button's padding").toBe(0);
  expect(measured.fits, "the button stays inside the letter").toBe(true);
  expect(measured.pageWidth).toBeLessThanOrEqual(360);
});
