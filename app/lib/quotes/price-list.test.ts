import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LeadStore } from "../requests/leads.server.ts";
import { parseForm } from "../forms/parse-form.ts";
import { auditOfOwnerArea } from "../db/audit.server.ts";
import { fromLineSchema, itemOfDescription, lineOfItem, MAX_PRICE_ITEMS, priceItemSchema } from "./price-items.ts";
import { addPriceItem, draftLineButton, priceItemById, priceItems, removePriceItem, savePriceItem } from "./price-list.server.ts";
import { typedLines } from "./lines.ts";

let store: LeadStore;
const NOW = new Date("2026-11-24T10:00:00Z");
const who = { actor: "Dave", now: NOW };
const felt = { description: "Re-felt flat roof", unit: "per m²", unitPence: 4500 };

beforeEach(() => {
  store = new LeadStore(":memory:");
});
afterEach(() => store.close());

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
};

describe("the price list's store", () => {
  it("starts empty, adds, lists by description, changes and removes, each audited as the owner's", () => {
    expect(priceItems(store)).toEqual([]);
    const ridge = addPriceItem(store, { description: "ridge tiles, bedded", unit: "per metre", unitPence: 3200 }, who);
    const flat = addPriceItem(store, felt, who);
    if (!("added" in ridge) || !("added" in flat)) throw new Error("not added");
    expect(priceItems(store).map((item) => item.description)).toEqual(["Re-felt flat roof", "ridge tiles, bedded"]);
    expect(savePriceItem(store, flat.added.id, { ...felt, unitPence: 4800 }, who)).toBe(true);
    expect(priceItemById(store, flat.added.id)?.unitPence).toBe(4800);
    expect(removePriceItem(store, ridge.added.id, who)).toBe(true);
    expect(removePriceItem(store, ridge.added.id, who)).toBe(false);
    expect(savePriceItem(store, ridge.added.id, felt, who)).toBe(false);
    expect(priceItems(store)).toHaveLength(1);
    expect(auditOfOwnerArea(store).map((entry) => entry.action)).toEqual(["Price list line removed", "Price list line changed", "Price list line added", "Price list line added"]);
  });

  it("never keeps the same description and unit twice, and holds at most its limit", () => {
    addPriceItem(store, felt, who);
    expect(addPriceItem(store, { ...felt, description: "RE-FELT FLAT ROOF", unitPence: 1 }, who)).toMatchObject({ refused: "twice" });
    expect("added" in addPriceItem(store, { ...felt, unit: "each" }, who)).toBe(true);
    for (let i = priceItems(store).length; i < MAX_PRICE_ITEMS; i++) addPriceItem(store, { ...felt, description: `Line ${i}` }, who);
    expect(addPriceItem(store, { ...felt, description: "One too many" }, who)).toEqual({ refused: "full" });
  });
});

describe("a saved line on a quote", () => {
  it("carries its unit in brackets after the description, and is read back the same way", () => {
    expect(lineOfItem(felt)).toEqual({ description: "Re-felt flat roof (per m²)", quantity: "1", unitPrice: "45.00" });
    expect(lineOfItem({ ...felt, unit: "" }).description).toBe("Re-felt flat roof");
    expect(itemOfDescription("Re-felt flat roof (per m²)")).toEqual({ description: "Re-felt flat roof", unit: "per m²" });
    expect(itemOfDescription("Lead flashing")).toEqual({ description: "Lead flashing", unit: "" });
  });

  it("fills the draft's last line while it is empty, else adds one, and refuses past the limit", () => {
    const added = addPriceItem(store, felt, who);
    if (!("added" in added)) throw new Error("not added");
    const intent = `price-item-${added.added.id}`;
    const options = { max: 3, noun: "A quote" };
    const empty = { description: "", quantity: "1", unitPrice: "" };
    const scaffold = { description: "Scaffold", quantity: "1", unitPrice: "450" };
    expect(draftLineButton(store, intent, [scaffold, { ...empty, quantity: "4" }], options)).toEqual({ lines: [scaffold, { description: "Re-felt flat roof (per m²)", quantity: "4", unitPrice: "45.00" }] });
    expect(draftLineButton(store, intent, [scaffold], options)).toEqual({ lines: [scaffold, lineOfItem(felt)] });
    expect(draftLineButton(store, intent, [scaffold, scaffold, scaffold], options)).toEqual({ error: "A quote can have at most 3 lines." });
    expect(draftLineButton(store, "price-item-999", [scaffold], options)).toEqual({ error: "That line is no longer on your price list." });
    expect(draftLineButton(store, "add-line", [scaffold], options)).toEqual({ lines: [scaffold, empty] });
    expect(draftLineButton(store, "save", [scaffold], options)).toBeUndefined();
  });

  it("reads a typed description's line breaks as spaces", () => {
    expect(typedLines({ description: ["Strip the old felt\n and lay new\r\n\r\ntorch-on  "], quantity: ["2"], unitPrice: ["45"] })[0]!.description).toBe("Strip the old felt and lay new torch-on");
  });
});

describe("the price list's forms", () => {
  it("say what is wrong at each field", () => {
    const refused = parseForm(priceItemSchema, form({ description: " ", unit: "x".repeat(31), unitPrice: "0" }));
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors).toEqual({
      description: "Say what this line is for, as the quote should say it.",
      unit: "At most 30 characters, such as “per m²” or “each”.",
      unitPrice: "The price must be more than £0.00.",
    });
    expect(parseForm(priceItemSchema, form({ description: "Gutter clean", unit: " each ", unitPrice: "£60" }))).toEqual({ ok: true, value: { description: "Gutter clean", unit: "each", unitPence: 6000 } });
  });

  it("save a quote's line N, its unit read from its brackets", () => {
    const posted = form({ description: ["Scaffold", "Re-felt flat roof (per m²)"], unitPrice: ["450", "45.50"], quantity: ["1", "20"] });
    expect(parseForm(fromLineSchema(1), posted)).toEqual({ ok: true, value: { description: "Re-felt flat roof", unit: "per m²", unitPence: 4550 } });
    expect(parseForm(fromLineSchema(5), posted).ok).toBe(false);
  });
});
