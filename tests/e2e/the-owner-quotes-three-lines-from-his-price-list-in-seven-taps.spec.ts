/**
 * Issue 35 §4, quoting in a minute. On a 390 × 844 phone the owner keeps a price list (More →
 * Price list), then quotes three lines from it, typing only the quantities, and sends the quote:
 * counted, each click a tap (typing is not), from the request's page to "Quote sent." in at most
 * 10 taps. Each line fills in place, its quantity focused, with no reload. Add a line adds in
 * place, focused; a description grows with its words; the search narrows the list; a typed line
 * is saved to the price list without leaving the quote. Without JavaScript Add a line and Add
 * from price list post and come back at the new line (#line-N). axe finds nothing on the price
 * list, empty and full, nor on the quote with its price list open.
 */
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { LeadStore } from "../../app/lib/requests/leads.server.ts";
import { createQuote } from "../../app/lib/quotes/quotes.server.ts";
import { priceItems } from "../../app/lib/quotes/price-list.server.ts";
import { ownerOnAServerWithMail } from "./owner-support.ts";
import { letterParts, waitFor } from "../support/smtp.ts";
import { expectNoViolations, waitForHydration } from "./support.ts";

test.describe.configure({ timeout: 150_000 });

/** The controls in the page's main part smaller than 44 × 44 px (a link inside a sentence aside). */
async function smallControls(part: Locator): Promise<string[]> {
  return part.evaluate((main) =>
    [...main.querySelectorAll("a[href], button, summary, input:not([type=hidden]), textarea")]
      .filter((el) => (el as HTMLElement).offsetParent !== null && !(el.tagName === "A" && getComputedStyle(el).display === "inline"))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.tagName} "${el.textContent?.trim().slice(0, 30)}" ${Math.round(box.width)} × ${Math.round(box.height)}`),
  );
}

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "The owner quotes on his phone.");
});

const ITEMS = [
  { description: "Re-felt flat roof with torch-on felt", unit: "per m²", price: "45" },
  { description: "Ridge re-bedded", unit: "per metre", price: "32" },
  { description: "Gutter clean", unit: "", price: "60" },
];

test("the owner keeps a price list, quotes three lines from it typing only the quantities, and sends the quote in at most 10 taps", async ({ browser }) => {
  const { smtp, server, origin, owner: page, close } = await ownerOnAServerWithMail(browser);
  const database = path.join(server.dataDir, "leads.sqlite");
  const withStore = <T>(work: (store: LeadStore) => T) => {
    const store = new LeadStore(database);
    try {
      return work(store);
    } finally {
      store.close();
    }
  };
  try {
    // The price list, reached from More, starts empty; the owner adds his three common lines.
    await page.goto(`${origin}/admin/more`);
    await page.getByRole("link", { name: /^Price list/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Price list" })).toBeVisible();
    await expect(page.getByText("Nothing yet.")).toBeVisible();
    await expectNoViolations(page);
    for (const item of ITEMS) {
      const add = page.getByRole("region", { name: "Add a line" });
      await add.getByLabel("Description").fill(item.description);
      await add.getByLabel("Unit (optional)").fill(item.unit);
      await add.getByLabel("Unit price (£)").fill(item.price);
      await add.getByRole("button", { name: "Add to price list" }).click();
      await expect(page.getByRole("status")).toHaveText("Added to your price list.");
    }
    await expect(page.getByRole("heading", { name: "Your lines (3)" })).toBeVisible();
    await page.getByText("Gutter clean").click();
    await expectNoViolations(page);
    expect(await smallControls(page.getByRole("main")), "every control of the price list is at least 44 × 44 px").toEqual([]);

    const leadId = withStore((store) => store.add({ form: "quote", page: "/", name: "Priya Pricelist", email: "priya@example.org", phone: "07700 900456", location: "9 Mill Lane, Hitchin", message: "Flat roof over the kitchen leaks." }).id);
    await page.goto(`${origin}/admin/requests/${leadId}`);

    // Counted from here: every click is a tap.
    let taps = 0;
    const tap = async (target: Locator) => {
      taps++;
      await target.click();
    };
    await tap(page.getByRole("button", { name: "Create quote" }));
    await expect(page.getByRole("heading", { level: 1, name: /^Quote Q-\d{4}-\d{4}$/ })).toBeVisible();
    await waitForHydration(page.locator("[data-lines]"));
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await tap(page.getByText("Add from price list (3)"));
    const quantities = ["20", "12", "2"];
    for (const [i, item] of ITEMS.entries()) {
      await tap(page.getByRole("button", { name: new RegExp(`^${item.description}`) }));
      const line = page.getByRole("group", { name: `Line ${i + 1}` });
      await expect(line.getByLabel("Description")).toHaveValue(item.unit ? `${item.description} (${item.unit})` : item.description);
      await expect(line.getByLabel("Unit price (£)")).toHaveValue(`${item.price}.00`);
      // Only the quantity is left, and the cursor is in it with its 1 chosen: typing replaces it.
      await expect(line.getByLabel("Quantity")).toBeFocused();
      await page.keyboard.type(quantities[i]!);
      await expect(line.getByLabel("Quantity")).toHaveValue(quantities[i]!);
    }
    // 20 × 45 + 12 × 32 + 2 × 60 = 1,404.00; VAT 280.80.
    await expect(page.locator('output[name="total"]')).toHaveText("£1,684.80");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), "no reload while the lines were added").toBe(true);
    await expectNoViolations(page);

    await tap(page.getByRole("button", { name: "Send quote" }));
    await tap(page.getByRole("button", { name: "Yes, send the quote" }));
    await expect(page.getByRole("status").and(page.locator("p"))).toContainText("Quote sent.");
    expect(taps, "taps from the request to the quote sent").toBeLessThanOrEqual(10);
    console.log(`Taps from the request's page to "Quote sent." with three lines from the price list: ${taps}`);

    const mail = await waitFor(() => smtp.messages.find((message) => message.to.includes("priya@example.org")), 20_000);
    const { text } = letterParts(mail.raw);
    expect(text).toContain("£1,684.80");
    // The customer's page shows each line with its unit, as the quote's PDF does.
    await page.goto(`${origin}${/\/q\/[\w-]+/.exec(text)![0]}`);
    for (const words of ["Re-felt flat roof with torch-on felt (per m²)", "Ridge re-bedded (per metre)", "Gutter clean", "£1,684.80"]) await expect(page.getByRole("main")).toContainText(words);

    // A second draft: Add a line in place, a description that grows, the search, and a line saved to the list.
    const second = withStore((store) => createQuote(store, leadId, { actor: "Test" })!.id);
    await page.goto(`${origin}/admin/quotes/${second}`);
    await waitForHydration(page.locator("[data-lines]"));
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const first = page.getByRole("group", { name: "Line 1" });
    const description = first.getByLabel("Description");
    const oneLine = (await description.boundingBox())!.height;
    await description.fill("Strip the old felt back to the deck, replace any rotten boards, and lay a new three-layer torch-on flat roof with a slate-finish cap sheet");
    await expect.poll(async () => (await description.boundingBox())!.height, "the description grows with its words").toBeGreaterThan(oneLine + 10);
    expect(await description.evaluate((area: HTMLTextAreaElement) => area.scrollHeight <= area.clientHeight + 1), "nothing hidden in it").toBe(true);
    await first.getByLabel("Unit price (£)").fill("1250");
    await first.getByRole("button", { name: "Save line 1 to your price list" }).click();
    await expect(first.getByRole("status")).toHaveText("Saved to your price list.");
    expect(withStore((store) => priceItems(store).map((item) => item.description))).toContain("Strip the old felt back to the deck, replace any rotten boards, and lay a new three-layer torch-on flat roof with a slate-finish cap sheet");

    await page.getByRole("button", { name: "Add a line" }).click();
    const added = page.getByRole("group", { name: "Line 2" });
    await expect(added.getByLabel("Description")).toBeFocused();
    await expect(added.getByLabel("Quantity")).toHaveValue("1");
    await expect(added.getByRole("button", { name: "Remove line 2" })).toBeVisible();
    await page.getByText("Add from price list (3)").click();
    await page.getByLabel("Search your price list").fill("ridge");
    await expect(page.getByRole("button", { name: /^Ridge re-bedded/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Gutter clean/ })).toBeHidden();
    await page.getByLabel("Search your price list").press("Enter");
    await page.getByLabel("Search your price list").fill("slate");
    await expect(page.getByText("Nothing on your price list matches.")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), "no reload, and Enter in the search saved nothing").toBe(true);
    await expect(page).toHaveURL(`${origin}/admin/quotes/${second}`);
    await expectNoViolations(page);
    expect(await smallControls(page.getByRole("region", { name: "Lines" })), "every control of the quote's lines is at least 44 × 44 px").toEqual([]);
  } finally {
    await close();
  }
});

test("without JavaScript, Add a line and Add from price list post and come back at the new line", async ({ browser }) => {
  const { server, origin, owner, close } = await ownerOnAServerWithMail(browser);
  const store = new LeadStore(path.join(server.dataDir, "leads.sqlite"));
  const leadId = store.add({ form: "quote", page: "/", name: "Noel Noscript", email: "noel@example.org", phone: "07700 900457", location: "Letchworth", message: "Gutters." }).id;
  const quoteId = createQuote(store, leadId, { actor: "Test" })!.id;
  store.db.prepare("INSERT INTO price_items (description, unit, unit_pence, created_at, changed_at) VALUES ('Gutter clean', '', 6000, '', '')").run();
  store.close();
  const plain = await browser.newContext({ storageState: await owner.context().storageState(), viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page: Page = await plain.newPage();
  try {
    await page.goto(`${origin}/admin/quotes/${quoteId}`);
    await page.getByRole("group", { name: "Line 1" }).getByLabel("Description").fill("Scaffold tower");
    await page.getByRole("group", { name: "Line 1" }).getByLabel("Unit price (£)").fill("150");
    await page.getByRole("button", { name: "Add a line" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quotes/${quoteId}#line-2$`));
    await expect(page.getByRole("group", { name: "Line 1" }).getByLabel("Description")).toHaveValue("Scaffold tower");
    await expect(page.getByRole("group", { name: "Line 2" })).toBeInViewport();
    // Line 2 is empty: the price list fills it.
    await page.getByText("Add from price list (1)").click();
    await page.getByRole("button", { name: /^Gutter clean/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quotes/${quoteId}#line-2$`));
    await expect(page.getByRole("group", { name: "Line 2" }).getByLabel("Description")).toHaveValue("Gutter clean");
    await expect(page.getByRole("group", { name: "Line 2" }).getByLabel("Unit price (£)")).toHaveValue("60.00");
    await expect(page.getByRole("group", { name: "Line 3" })).toHaveCount(0);
  } finally {
    await plain.close();
    await close();
  }
});

test("where the browser cannot grow a text itself, the script grows the description with its words", async ({ browser }) => {
  const { server, origin, owner, close } = await ownerOnAServerWithMail(browser);
  const store = new LeadStore(path.join(server.dataDir, "leads.sqlite"));
  const leadId = store.add({ form: "quote", page: "/", name: "Olive Oldbrowser", email: "olive@example.org", phone: "07700 900458", location: "Baldock", message: "Chimney." }).id;
  const quoteId = createQuote(store, leadId, { actor: "Test" })!.id;
  store.close();
  const page = await owner.context().newPage();
  // A browser without `field-sizing`, as Safari and Firefox were.
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS);
    CSS.supports = ((...args: [string, string?]) => (String(args[0]).includes("field-sizing") ? false : supports(...(args as [string, string])))) as typeof CSS.supports;
  });
  try {
    await page.goto(`${origin}/admin/quotes/${quoteId}`);
    await waitForHydration(page.locator("[data-lines]"));
    const description = page.getByRole("group", { name: "Line 1" }).getByLabel("Description");
    await description.evaluate((area) => area.style.setProperty("field-sizing", "fixed", "important"));
    const before = (await description.boundingBox())!.height;
    await description.fill("Take down the chimney stack to below the roof line, cap it, make good the roof with matching tiles, and take every piece of rubble away");
    await expect.poll(async () => (await description.boundingBox())!.height).toBeGreaterThan(before + 10);
    expect(await description.evaluate((area: HTMLTextAreaElement) => area.scrollHeight <= area.clientHeight + 1), "nothing hidden in it").toBe(true);
  } finally {
    await close();
  }
});
