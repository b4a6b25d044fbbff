import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseContact } from "./contact.ts";
import { plainLine, plainText } from "./plain-text.ts";
import { parseQuote } from "./quote.ts";
import { readForm } from "./read-form.server.ts";
import { formOf } from "../../../tests/support/page-forms.ts";

/** Every control character: C0 (0–31), DEL (127) and C1 (128–159). */
const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), ...Array.from({ length: 33 }, (_, i) => 127 + i)].map((code) => String.fromCharCode(code));

describe("plain text", () => {
  it("drops every control character but the line feed, and makes a tab a space", () => {
    for (const control of CONTROLS) {
      const expected = control === "\n" || control === "\r" ? "a\nb" : control === "\t" ? "a b" : "ab";
      expect(plainText(`a${control}b`), `U+${control.charCodeAt(0).toString(16).padStart(4, "0")}`).toBe(expected);
    }
  });

  it("makes every line break one line feed, and keeps what people type", () => {
    expect(plainText("one\r\ntwo\rthree\nfour\r\n\r\nfive")).toBe("one\ntwo\nthree\nfour\n\nfive");
    const typed = "Zoë O’Brien-Smith, £1,250.50 — 5 × 3 m² 🏠 ½ ™ ‰ née\u00a0Ó Briain";
    expect(plainText(typed)).toBe(typed);
  });

  it("puts a field of one line on one line", () => {
    expect(plainLine("Ann\r\nLee\n\nJr\u0000\t.")).toBe("Ann Lee Jr .");
  });
});

describe("the quote and contact forms", () => {

  it("keep the message's lines and put each other field on one line, with no control character", () => {
    const contact = parseContact(formOf({ name: "Raj\r\nPatel\u0000", email: "raj\u0000@example.org", phone: "01438\u0085 765432", postcode: "SG1\u001b 2AB", message: "Please\u007f quote.\r\nThanks\u009b" }));
    expect(contact).toEqual({ ok: true, data: { name: "Raj Patel", email: "raj@example.org", phone: "01438 765432", postcode: "SG1 2AB", message: "Please quote.\nThanks" } });
    const quote = parseQuote(formOf({ name: "Ann\u0000 Lee", email: "ann@example.org", phone: "07700 900999", address: "12 Orchard Way,\nStevenage", message: "Two\u0000 tiles.\r\nSoon." }));
    expect(quote).toEqual({ ok: true, data: { name: "Ann Lee", email: "ann@example.org", phone: "07700 900999", address: "12 Orchard Way, Stevenage", message: "Two tiles.\nSoon." } });
  });
});

describe("a posted form", () => {
  it("has every text field as plain text, a repeated one in each of its values, and files as they came", async () => {
    const body = new FormData();
    body.append("note", "Rang\u0000 at 9.\r\nNo answer\u0085.");
    body.append("description", "Ridge\u001b tiles");
    body.append("description", "Skip\u007f hire");
    body.append("photos", new Blob([new Uint8Array([0xff, 0x00, 0xd8])], { type: "image/jpeg" }), "roof\u0000.jpg");
    const form = await readForm(new Request("http://localhost/", { method: "POST", body }));
    expect(form.get("note")).toBe("Rang at 9.\nNo answer.");
    expect(form.getAll("description")).toEqual(["Ridge tiles", "Skip hire"]);
    const photo = form.get("photos") as File;
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(new Uint8Array([0xff, 0x00, 0xd8]));
    const urlencoded = await readForm(new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ name: "A\u0000B" }) }));
    expect(urlencoded.get("name")).toBe("AB");
  });

  it("is read by every action through readForm, so no field of any form can keep a control character", () => {
    const app = path.resolve(import.meta.dirname, "../..");
    const sources = readdirSync(app, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const readers = sources.filter((file) => /\.formData\(\)/.test(readFileSync(path.join(app, file), "utf8")));
    expect(readers).toEqual([path.join("lib", "forms", "read-form.server.ts")]);
  });
});
