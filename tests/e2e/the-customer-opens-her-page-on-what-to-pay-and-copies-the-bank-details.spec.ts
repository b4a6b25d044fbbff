/**
 * Issue 35 §6: the customer's page opens on what she must do. On a 360 px phone with its text at
 * 150 %, her page (/c/) shows, in its first screen, the invoice to pay with the sort code, the
 * account number and the reference each whole on one line; Copy puts each on the clipboard and
 * says "Copied"; below come the quote to accept and the next visit, whose Add to calendar offers
 * Google Calendar (the event filled in) and the calendar file. The quote's own page (/q/) shows
 * its total and Accept quote, with the name to type, in its first screen, and its lines after.
 * Neither page has a floating call button; her header has its own call link. axe and the Nu HTML
 * Checker find nothing on her page, and axe nothing on either page with the text at 150 % too.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { customerPagePath, customerPageToken } from "../../app/lib/links/page-links.server.ts";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { createQuote, quotePath, saveDraft, sendQuote } from "../../app/lib/quotes/quotes.server.ts";
import { createInvoice, invoiceNumber, saveInvoiceDraft, sendInvoice } from "../../app/lib/invoices/invoices.server.ts";
import { bookVisits } from "../../app/lib/visits/book.server.ts";
import { fileContent } from "../../app/content/index.ts";
import { addDays, ukInstant, ukToday } from "../../app/lib/time/uk-time.ts";
import { SELLER } from "../support/invoices.ts";
import { expectNoViolations, LEADS_DB, onlyIn, PHONE, TEL_HREF, uniqueName } from "./support.ts";
import { setTextSize, textSize } from "./text-size.ts";

onlyIn("phone", "the test sets its own 360 px phone");

/** A 360 px phone (a Galaxy S20's 360 × 800), its text at 150 %. */
const SCREEN = { width: 360, height: 800 };
const vnuJar: string = createRequire(import.meta.url)("vnu-jar");

/** The phone's text setting at 150 %: the page's root size, which every rem of the site follows. */
async function textAt150(page: Page) {
  await page.evaluate(() => document.documentElement.style.setProperty("font-size", "150%", "important"));
}

/** Whether the element's text stands on one line (its boxes share one top), and where it ends. */
async function oneLine(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    return { lines: new Set(rects.map((r) => Math.round(r.top))).size, bottom: Math.max(...rects.map((r) => r.bottom)), right: Math.max(...rects.map((r) => r.right)) };
  });
}

/** The words of the element's text that stand on more than one line: none, where it wraps only at spaces. */
async function splitWords(locator: Locator) {
  return locator.evaluate((element) => {
    const node = element.firstChild!;
    return [...node.textContent!.matchAll(/\S+/g)]
      .filter((match) => {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1;
      })
      .map((match) => match[0]);
  });
}

function seed(name: string) {
  const store = new LeadStore(LEADS_DB);
  try {
    const lead = store.add({ form: "quote", page: "/", name, email: "now@example.org", phone: "01438 000000", location: "4 Church Road\nHitchin SG4 9AA", message: "Slipped tiles over the porch." });
    const quote = createQuote(store, lead.id, { actor: "Test" })!;
    saveDraft(store, quote.id, {
      lines: [
        { description: "Scaffold tower for two days", quantity: 100, unitPence: 24000 },
        { description: "Replace slipped tiles", quantity: 1200, unitPence: 1850 },
        { description: "Re-bed the ridge in mortar", quantity: 600, unitPence: 4500 },
        { description: "Clear the gutters and downpipes", quantity: 100, unitPence: 6500 },
      ],
      vat: true,
      validUntil: addDays(ukToday(), 20),
      notes: "",
      guarantees: ["Fully insured"],
      followUps: false,
    });
    const sent = sendQuote(store, quote.id, { actor: "Test" });
    if ("refused" in sent) throw new Error(sent.refused);
    const draft = createInvoice(store, { leadId: lead.id, kind: "blank", vat: true, termsDays: 14, actor: "Test" });
    if (typeof draft === "string") throw new Error(draft);
    saveInvoiceDraft(store, draft.id, { lines: [{ description: "Survey and report", quantity: 100, unitPence: 38000, netPence: 38000, vatPence: 7600 }], dueOn: draft.dueOn, note: "" });
    const invoice = sendInvoice(store, draft.id, { seller: SELLER, customer: { name, address: "4 Church Road, Hitchin", email: "now@example.org" }, actor: "Test" });
    if (typeof invoice === "string") throw new Error(invoice);
    const day = addDays(ukToday(), 5);
    const [visit] = bookVisits(store, lead.id, { kind: "survey", days: [{ start: ukInstant(day, 9 * 60), end: ukInstant(day, 11 * 60) }], notes: "" }, { actor: "Test", hours: fileContent.business.openingHours, mail: false })!;
    return { page: customerPagePath(customerPageToken(store, lead.id)!), quote: quotePath(sent.token), visit: visit!, reference: invoiceNumber(invoice) };
  } finally {
    store.close();
  }
}

test("her page opens on what to pay, its figures whole in the first screen, and Copy puts each on the clipboard", async ({ browser }, testInfo) => {
  const seeded = seed(uniqueName(testInfo, "Now Customer"));
  const context = await browser.newContext({ viewport: SCREEN, isMobile: true, hasTouch: true, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  await page.goto(seeded.page);
  await textAt150(page);
  expect(await page.getByRole("main").evaluate((main) => main.scrollWidth), "nothing in the page scrolls sideways").toBeLessThanOrEqual(SCREEN.width);

  // The card right under the heading, in the spec's order: pay, accept, the next visit.
  const now = page.getByRole("region", { name: "What to do now" });
  const regions = await page.getByRole("main").getByRole("region").evaluateAll((all) => all.map((r) => r.getAttribute("aria-labelledby")));
  expect(regions[0], "What to do now comes first").toBe("now-heading");
  const steps = await now.getByRole("heading", { level: 3 }).allInnerTexts();
  expect(steps).toEqual([expect.stringMatching(/^Pay £456\.00\s+by \d{1,2} [A-Z][a-z]+ \d{4}$/), expect.stringMatching(/^Accept quote Q-\d{4}-\d{4}$/), "Your next visit"]);

  // Each figure whole, on one line, on the first screen.
  const figures = { "Sort code": SELLER.sortCode, "Account number": SELLER.accountNumber, Reference: seeded.reference, "Account name": SELLER.accountName };
  for (const [label, value] of Object.entries(figures)) {
    const shown = now.locator("[data-copy-value]").filter({ hasText: value });
    await expect(shown).toHaveText(value);
    const { lines, bottom, right } = await oneLine(shown);
    expect(right, `${label} within the screen's width`).toBeLessThanOrEqual(SCREEN.width);
    // The account name, after the figures, may wrap, but only at its spaces.
    if (label === "Account name") {
      expect(await splitWords(shown), "the account name's words stay whole").toEqual([]);
      continue;
    }
    expect(lines, `${label} on one line`).toBe(1);
    expect(bottom, `${label} in the first screen`).toBeLessThanOrEqual(SCREEN.height);
  }

  // Copy: each figure onto the clipboard, and the button says so.
  await expect(now.getByRole("button", { name: "Copy account name" })).toHaveCount(0);
  for (const [label, value] of Object.entries(figures).slice(0, 3)) {
    const copy = now.getByRole("button", { name: `Copy ${label.toLowerCase()}` });
    const box = (await copy.boundingBox())!;
    expect(box.y + box.height, `Copy ${label} in the first screen`).toBeLessThanOrEqual(SCREEN.height);
    await copy.click();
    await expect(now.getByRole("button", { name: `Copied ${label.toLowerCase()}` })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await expect(now.getByRole("status")).toHaveText(`${label} copied: ${value}`);
  }

  // The quote to accept: its total and the form; the next visit with Add to calendar.
  await expect(now).toContainText(/Total including VAT\s*£956\.40/);
  await expect(now.getByRole("button", { name: "Accept quote" })).toBeVisible();
  await expect(now).toContainText(/Roof survey: \w+ \d+ \w+, 9:00–11:00/);
  await now.getByText("Add to calendar").click();
  const google = new URL((await now.getByRole("link", { name: /^Google Calendar/ }).getAttribute("href"))!);
  expect(`${google.origin}${google.pathname}`).toBe("https://calendar.google.com/calendar/render");
  const stamp = (at: string) => new Date(at).toISOString().replace(/[-:]|\.\d{3}/g, "");
  expect(Object.fromEntries(google.searchParams)).toMatchObject({ action: "TEMPLATE", text: "Roof survey: Kestrel Roofing", dates: `${stamp(seeded.visit.startAt)}/${stamp(seeded.visit.endAt)}`, location: "4 Church Road, Hitchin SG4 9AA" });
  expect(google.searchParams.get("details")).toContain(seeded.page);
  const file = now.getByRole("link", { name: /calendar file/ });
  await expect(now.getByText("Added? It shows in your calendar app.")).toBeVisible();
  const download = page.waitForEvent("download");
  await file.click();
  expect(await (await download).suggestedFilename()).toBe("visit.ics");

  // No floating call button over her page: the header's call link instead.
  await expect(page.locator("[data-floating-call]")).toHaveCount(0);
  const call = page.getByRole("banner").getByRole("link", { name: `Call ${PHONE}` });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute("href", TEL_HREF);
  await context.close();
});

test("without a script her figures are plain text to select, with no Copy button", async ({ browser }, testInfo) => {
  const seeded = seed(uniqueName(testInfo, "Now Plain"));
  const context = await browser.newContext({ viewport: SCREEN, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(seeded.page);
  const now = page.getByRole("region", { name: "What to do now" });
  for (const value of [SELLER.sortCode, SELLER.accountNumber, seeded.reference, SELLER.accountName]) await expect(now.locator("[data-copy-value]").filter({ hasText: value })).toBeVisible();
  await expect(now.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  await now.getByText("Add to calendar").click();
  await expect(now.getByRole("link", { name: /^Google Calendar/ })).toBeVisible();
  await context.close();
});

test("the quote's own page shows its total and Accept quote, with the name to type, in the first screen, and its lines after", async ({ browser }, testInfo) => {
  const seeded = seed(uniqueName(testInfo, "Now Quote"));
  const context = await browser.newContext({ viewport: SCREEN, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(seeded.quote);
  await textAt150(page);
  expect(await page.getByRole("main").evaluate((main) => main.scrollWidth), "nothing in the page scrolls sideways").toBeLessThanOrEqual(SCREEN.width);
  const accept = page.getByRole("region", { name: "Accept the quote" });
  const total = accept.getByText("Total £956.40");
  const button = accept.getByRole("button", { name: "Accept quote" });
  for (const [what, shown] of [["the total", total], ["the name to type", accept.getByLabel("Your full name")], ["Accept quote", button]] as const) {
    const box = (await shown.boundingBox())!;
    expect(box.y + box.height, `${what} in the first screen`).toBeLessThanOrEqual(SCREEN.height);
    expect(box.x + box.width, `${what} within the width`).toBeLessThanOrEqual(SCREEN.width);
  }
  const lines = (await page.getByRole("list", { name: /^Quote Q-/ }).boundingBox())!;
  expect(lines.y, "the lines come after Accept quote").toBeGreaterThan((await button.boundingBox())!.y);
  await expect(page.locator("[data-floating-call]")).toHaveCount(0);
  await context.close();
});

test("her page passes axe and the Nu HTML Checker", async ({ browser }, testInfo) => {
  const seeded = seed(uniqueName(testInfo, "Now Checked"));
  const context = await browser.newContext({ viewport: SCREEN, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  for (const where of [seeded.page, seeded.quote]) {
    await page.goto(where);
    if (where === seeded.page) await page.getByRole("region", { name: "What to do now" }).getByText("Add to calendar").click();
    await expectNoViolations(page);
  }
  // And with the phone's text at 150 %, as she reads them.
  await setTextSize(page, 150);
  for (const where of [seeded.quote, seeded.page]) {
    await page.goto(where);
    expect(await textSize(page), `${where} with its text at 150 %`).toBe(150);
    await expectNoViolations(page);
  }
  const html = await (await page.request.get(seeded.page)).text();
  const file = path.join(mkdtempSync(path.join(tmpdir(), "customer-now-")), "page.html");
  writeFileSync(file, html);
  const result = spawnSync("java", ["-jar", vnuJar, "--format", "json", "--exit-zero-always", "--stdout", file], { encoding: "utf8" });
  const messages = (JSON.parse(result.stdout) as { messages: { type: string; message: string; lastLine?: number }[] }).messages;
  expect(messages.filter((m) => m.type === "error").map((m) => `line ${m.lastLine}: ${m.message}`)).toEqual([]);
  await context.close();
});