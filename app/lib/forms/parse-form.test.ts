import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { formObject, intents, list, parseForm, recordId, revision, text } from "./parse-form.ts";
import { draftSchema, readDraftValues } from "../quotes/draft-form.ts";

function form(...pairs: [string, string | Blob][]): FormData {
  const out = new FormData();
  for (const [name, value] of pairs) out.append(name, value);
  return out;
}

const noteForm = intents(
  [
    z.object({ intent: z.literal("note"), note: text(z.trim(), z.minLength(1, "write a note first."), z.maxLength(5, "At most 5 characters.")) }),
    z.object({ intent: z.literal("remove"), id: recordId("No such note."), tags: list() }),
  ],
  "Unknown change.",
);

describe("the form as a schema reads it", () => {
  it("is one string a field, the strings of a repeated field, and no files", () => {
    expect(formObject(form(["a", "1"], ["b", "2"], ["b", "3"], ["photo", new Blob(["x"])]))).toEqual({ a: "1", b: ["2", "3"] });
  });
});

describe("parseForm: an owner form's values, or a message at each wrong field", () => {
  it.each<[string, FormData, unknown]>([
    ["a note, trimmed", form(["intent", "note"], ["note", "  hi  "]), { ok: true, value: { intent: "note", note: "hi" } }],
    ["a note posted twice: its first value", form(["intent", "note"], ["note", "one"], ["note", "two"]), { ok: true, value: { intent: "note", note: "one" } }],
    ["no note: the message at its field, begun with a capital", form(["intent", "note"]), { ok: false, errors: { note: "Write a note first." } }],
    ["a note of spaces", form(["intent", "note"], ["note", "   "]), { ok: false, errors: { note: "Write a note first." } }],
    ["a note too long", form(["intent", "note"], ["note", "abcdef"]), { ok: false, errors: { note: "At most 5 characters." } }],
    ["a button it does not know", form(["intent", "shout"]), { ok: false, errors: { intent: "Unknown change." } }],
    ["no button", form(), { ok: false, errors: { intent: "Unknown change." } }],
    ["a record's number and a list", form(["intent", "remove"], ["id", "12"], ["tags", "a"], ["tags", "b"]), { ok: true, value: { intent: "remove", id: 12, tags: ["a", "b"] } }],
    ["a list of one", form(["intent", "remove"], ["id", "12"], ["tags", "a"]), { ok: true, value: { intent: "remove", id: 12, tags: ["a"] } }],
    ["a list of none", form(["intent", "remove"], ["id", "7"]), { ok: true, value: { intent: "remove", id: 7, tags: [] } }],
    ["a number in another notation", form(["intent", "remove"], ["id", "1e3"]), { ok: false, errors: { id: "No such note." } }],
    ["a number with a space", form(["intent", "remove"], ["id", " 7"]), { ok: false, errors: { id: "No such note." } }],
    ["no number", form(["intent", "remove"]), { ok: false, errors: { id: "No such note." } }],
  ])("%s", (_, posted, expected) => {
    expect(parseForm(noteForm, posted)).toEqual(expected);
  });

  it("reads the draft's revision a form was made from as a number, none as 0", () => {
    const revisionForm = z.object({ from: revision() });
    expect(parseForm(revisionForm, form(["from", "7"]))).toEqual({ ok: true, value: { from: 7 } });
    expect(parseForm(revisionForm, form())).toEqual({ ok: true, value: { from: 0 } });
  });

  it("says of a button the page does not have that it did not work, unless the form has its own words", () => {
    expect(parseForm(intents([z.object({ intent: z.literal("test") })]), form(["intent", "tset"]))).toEqual({ ok: false, errors: { intent: "That did not work. Reload the page and try again." } });
  });

  it("names a field by where the schema found it, or as the form asks", () => {
    const rows = z.object({ rows: z.array(z.object({ name: z.string().check(z.minLength(1, "Say a name")) })) });
    const posted = form(["rows", "x"]);
    const nested = z.pipe(z.transform(() => ({ rows: [{ name: "Jo" }, { name: "" }] })), rows);
    expect(parseForm(nested, posted)).toEqual({ ok: false, errors: { "rows-1-name": "Say a name" } });
    expect(parseForm(nested, posted, { fieldOf: ([, i]) => `row-${String(i)}`, say: (field) => `${field} needs a name` })).toEqual({ ok: false, errors: { "row-1": "Row-1 needs a name" } });
  });
});

describe("the quote form's schema", () => {
  const today = "2026-03-02";
  const quote = (...pairs: [string, string][]) => parseForm(draftSchema({ today, vatAllowed: true }), form(["validUntil", "2026-04-01"], ...pairs));

  it("reads the lines side by side, drops an empty one, and keeps only known guarantees", () => {
    expect(quote(["description", "Ridge tiles"], ["quantity", "2"], ["unitPrice", "£1,250.50"], ["description", ""], ["quantity", ""], ["unitPrice", ""], ["vat", "on"], ["notes", " Scaffold included "], ["guarantee", "insured"], ["guarantee", "bogus"])).toEqual({
      ok: true,
      value: { lines: [{ description: "Ridge tiles", quantity: 200, unitPence: 125050 }], vat: true, validUntil: "2026-04-01", notes: "Scaffold included", guarantees: ["insured"] },
    });
  });

  it.each<[string, [string, string][], Record<string, string>]>([
    ["a line with no words", [["description", ""], ["quantity", "1"], ["unitPrice", "5"]], { "lines-0-description": "Say what this line is for." }],
    ["a second line too long", [["description", "a"], ["quantity", "1"], ["unitPrice", "5"], ["description", "x".repeat(201)], ["quantity", "1"], ["unitPrice", "5"]], { "lines-1-description": "At most 200 characters." }],
    ["no quantity and no price", [["description", "Tiles"], ["quantity", "0"], ["unitPrice", "lots"]], { "lines-0-quantity": "A number above 0, such as 3 or 2.5.", "lines-0-unitPrice": "An amount in pounds, such as 450 or 12.50." }],
    ["a date gone", [["validUntil", "2026-03-01"]], { validUntil: "The date has passed: choose today or later." }],
    ["a date too far", [["validUntil", "2027-03-03"]], { validUntil: "Choose a date within 365 days." }],
    ["no date", [["validUntil", "soon"]], { validUntil: "Choose the last day the quote can be accepted." }],
    ["notes too long", [["notes", "n".repeat(2001)]], { notes: "Notes can be at most 2000 characters." }],
  ])("puts %s at its field", (_, pairs, errors) => {
    // The date given last stands in for the form's own.
    const posted = form(...pairs);
    if (!posted.has("validUntil")) posted.set("validUntil", "2026-04-01");
    expect(parseForm(draftSchema({ today, vatAllowed: true }), posted)).toEqual({ ok: false, errors });
  });

  it("takes today and the last day of the year ahead", () => {
    for (const day of ["2026-03-02", "2027-03-02"]) expect(parseForm(draftSchema({ today, vatAllowed: true }), form(["validUntil", day])).ok).toBe(true);
  });

  it("gives the form back as typed, VAT only where the business may charge it", () => {
    const posted = form(["description", " Tiles "], ["quantity", "2"], ["unitPrice", ""], ["description", "Labour"], ["vat", "on"], ["validUntil", " 2026-04-01 "], ["guarantee", "insured"]);
    expect(readDraftValues(posted, { vatAllowed: false })).toEqual({
      lines: [
        { description: "Tiles", quantity: "2", unitPrice: "" },
        { description: "Labour", quantity: "", unitPrice: "" },
      ],
      vat: false,
      validUntil: "2026-04-01",
      notes: "",
      guarantees: ["insured"],
    });
  });
});
