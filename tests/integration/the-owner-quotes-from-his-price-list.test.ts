/**
 * Issue 35 §4 on the real server: the owner's price list (/admin/price-list, under More), its
 * four actions each applied once when posted twice with its key, a quote's line filled from it
 * without a script (the page coming back at that line), and a quote's line saved to it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQuote, quoteById } from "~/lib/quotes/quotes.server.ts";
import { priceItems } from "~/lib/quotes/price-list.server.ts";
import { addDays, ukToday } from "~/lib/time/uk-time.ts";
import { serverWithOwner, withStore } from "../support/owner.ts";
import { formFields, typeInto } from "../support/page-forms.ts";
import type { RunningServer } from "../support/server.ts";

let server: RunningServer;
let cookie: string;

const post = (path: string, fields: [string, string][] | Record<string, string>) =>
  fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: server.url, Cookie: cookie }, redirect: "manual" });
const page = async (path: string) => (await fetch(`${server.url}${path}`, { headers: { Cookie: cookie } })).text();
const answerOf = async (response: Response) => [response.status, response.headers.get("location")];
const items = () => withStore(server.dataDir, (store) => priceItems(store));
const count = (sql: string, ...values: string[]) => withStore(server.dataDir, (store) => (store.db.prepare(sql).get(...values) as { n: number }).n);
const PRICE_LIST = "/admin/price-list";

/** The markup of the button that posts `intent`. */
const buttonOf = (html: string, intent: string) => new RegExp(`<button[^>]*value="${intent}"[^>]*>`).exec(html)?.[0] ?? "";

/** The form posted twice with its one key: both answers the same. */
async function postTwice(path: string, fields: [string, string][]) {
  expect(fields.some(([name]) => name === "once"), "the form carries its key").toBe(true);
  const first = await answerOf(await post(path, fields));
  expect(await answerOf(await post(path, fields))).toEqual(first);
  return first;
}

beforeAll(async () => {
  ({ server, cookie } = await serverWithOwner());
}, 60_000);
afterAll(() => server.stop());

describe("the price list", () => {
  it("is under More, and starts empty", async () => {
    expect(await page("/admin/more")).toContain(`href="${PRICE_LIST}"`);
    const html = await page(PRICE_LIST);
    expect(html).toContain("Your lines (0)");
    expect(html).toContain("Nothing yet.");
  });

  it("price-item.add, .save and .remove: each applied once when posted twice with its key, its audit line naming it", async () => {
    const added = typeInto(formFields(await page(PRICE_LIST), "Add to price list"), { description: "Re-felt flat roof", unit: "per m²", unitPrice: "45", intent: "add" });
    const [status, to] = await postTwice(PRICE_LIST, added);
    expect(status).toBe(303);
    expect(to).toMatch(/^\/admin\/price-list\?saved=added#item-\d+$/);
    expect(items()).toMatchObject([{ description: "Re-felt flat roof", unit: "per m²", unitPence: 4500 }]);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'price-item.add'")).toBe(1);
    const html = await page(String(to).replace(/#.*/, ""));
    expect(html).toContain("Added to your price list.");
    expect(html).toContain("£45.00 per m²");

    const id = String(items()[0]!.id);
    const changed = typeInto(formFields(html, `name="item" value="${id}"`), { unitPrice: "48.50", intent: "save" });
    expect(await postTwice(PRICE_LIST, changed)).toEqual([303, `${PRICE_LIST}?saved=saved#item-${id}`]);
    expect(items()[0]!.unitPence).toBe(4850);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'price-item.save'")).toBe(1);

    const second = typeInto(formFields(await page(PRICE_LIST), "Add to price list"), { description: "Gutter clean", unit: "", unitPrice: "60", intent: "add" });
    await post(PRICE_LIST, second);
    const removed = typeInto(formFields(await page(PRICE_LIST), `name="item" value="${id}"`), { intent: "remove" });
    expect(await postTwice(PRICE_LIST, removed)).toEqual([303, `${PRICE_LIST}?saved=removed`]);
    expect(items().map((item) => item.description)).toEqual(["Gutter clean"]);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'price-item.remove'")).toBe(1);
  });

  it("says what is wrong at the field, keeping what was typed, and never keeps a line twice", async () => {
    const wrong = await post(PRICE_LIST, typeInto(formFields(await page(PRICE_LIST), "Add to price list"), { description: "Lead flashing", unit: "per metre", unitPrice: "nothing", intent: "add" }));
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toMatch(/id="add-unitPrice-error"[^>]*>An amount in pounds, such as 45 or 12.50./);
    expect(html).toContain('value="Lead flashing"');
    const twice = await post(PRICE_LIST, typeInto(formFields(await page(PRICE_LIST), "Add to price list"), { description: "gutter clean", unit: "", unitPrice: "70", intent: "add" }));
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("This line is on your price list already");
    expect(items()).toHaveLength(1);
  });
});

describe("a quote from the price list", () => {
  it("Add from price list fills the draft's empty line without a script and comes back at it; the quote keeps the unit in its description", async () => {
    withStore(server.dataDir, (store) => store.db.prepare("INSERT INTO price_items (description, unit, unit_pence, created_at, changed_at) VALUES ('Ridge re-bedded', 'per metre', 3200, '', '')").run());
    const ridge = items().find((item) => item.description === "Ridge re-bedded")!;
    const leadId = withStore(server.dataDir, (store) => store.add({ form: "quote", page: "/", name: "Jane Smith", email: "jane@example.org", phone: "07700 900000", location: "1 High St", message: "Ridge." }, { notify: false }).id);
    const quoteId = withStore(server.dataDir, (store) => createQuote(store, leadId, { actor: "Test" })!.id);
    const path = `/admin/quotes/${quoteId}`;
    const draft = await page(path);
    expect(draft).toContain("Add from price list (2)");
    // Without a script the button posts the draft to the page at the line it fills.
    expect(buttonOf(draft, `price-item-${ridge.id}`)).toContain('formAction="#line-1"');
    const filled = await post(path, typeInto(formFields(draft, "Send quote"), { intent: `price-item-${ridge.id}` }));
    expect(filled.status).toBe(200);
    const html = await filled.text();
    expect(html).toMatch(/<textarea[^>]*name="description"[^>]*>Ridge re-bedded \(per metre\)<\/textarea>/);
    expect(html).toContain('value="32.00"');
    // A second line from the list comes under it, at #line-2.
    expect(buttonOf(html, `price-item-${ridge.id}`)).toContain('formAction="#line-2"');
    expect(buttonOf(html, "add-line")).toContain('formAction="#line-2"');

    const fields = typeInto(formFields(html, "Send quote"), { quantity: "12", validUntil: addDays(ukToday(), 30), intent: "save" });
    expect(await answerOf(await post(path, fields))).toEqual([303, `${path}?saved=draft`]);
    expect(withStore(server.dataDir, (store) => quoteById(store, quoteId)!.lines)).toEqual([{ description: "Ridge re-bedded (per metre)", quantity: 1200, unitPence: 3200 }]);
  });

  it("price-item.from-line: a draft's line saved to the list once when posted twice, its unit read from its brackets; saved again, it takes the new price", async () => {
    const leadId = withStore(server.dataDir, (store) => store.add({ form: "quote", page: "/", name: "Sam Jones", email: "sam@example.org", phone: "07700 900001", location: "2 High St", message: "Chimney." }, { notify: false }).id);
    const quoteId = withStore(server.dataDir, (store) => createQuote(store, leadId, { actor: "Test" })!.id);
    const draft = await page(`/admin/quotes/${quoteId}`);
    expect(draft).toContain("Save line 1 to your price list");
    const address = `${PRICE_LIST}?quote=${quoteId}&line=0`;
    expect(draft).toContain(`formAction="${address.replace("&", "&amp;")}"`);
    const fields = typeInto(formFields(draft, "Send quote"), { description: "Chimney repointed (each)", quantity: "1", unitPrice: "380", intent: "from-line" });
    const [status, to] = await postTwice(address, fields);
    expect(status).toBe(303);
    expect(to).toMatch(new RegExp(`^/admin/price-list\\?quote=${quoteId}&saved=from-line#item-\\d+$`));
    expect(items().filter((item) => item.description === "Chimney repointed")).toMatchObject([{ unit: "each", unitPence: 38000 }]);
    expect(count("SELECT COUNT(*) AS n FROM audit WHERE action_name = 'price-item.from-line'")).toBe(1);
    const back = await page(String(to).replace(/#.*/, ""));
    expect(back).toContain("Saved to your price list.");
    expect(back).toContain(`href="/admin/quotes/${quoteId}"`);

    const again = typeInto(formFields(await page(`/admin/quotes/${quoteId}`), "Send quote"), { description: "Chimney repointed (each)", unitPrice: "395", intent: "from-line" });
    expect((await post(address, again)).status).toBe(303);
    expect(items().filter((item) => item.description === "Chimney repointed")).toMatchObject([{ unitPence: 39500 }]);

    const empty = await post(address, typeInto(formFields(await page(`/admin/quotes/${quoteId}`), "Send quote"), { description: "", unitPrice: "", intent: "from-line" }));
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("That line could not be saved to your price list");
  });
});
