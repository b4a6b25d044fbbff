import { describe, expect, it } from "vitest";
import testimonials from "../testimonials.json" with { type: "json" };
import { parseContact } from "../../lib/forms/contact.ts";
import { parseQuote } from "../../lib/forms/quote.ts";
import { checkName, displayName, normaliseName } from "./names.ts";
import { formOf } from "../../../tests/support/page-forms.ts";

const ALLOWED = "Use letters, spaces, hyphens, apostrophes and full stops only, e.g. Sarah M. or Jo.";

describe("the name rule for published names", () => {
  it.each([
    ["Siân J.", "Siân J."],
    ["Zoë K.", "Zoë K."],
    ["Ó Briain", "Ó Briain"],
    ["Anne-Marie S.", "Anne-Marie S."],
    ["Seán O'B.", "Seán O'B."],
    ["Seán O’B.", "Seán O’B."],
    ["Jo", "Jo"],
    ["Dave", "Dave"],
    ["sarah m.", "sarah m."],
    ["McDonald", "McDonald"],
    ["J.R. Hartley", "J.R. Hartley"],
    ["Björn Ø.", "Björn Ø."],
    ["Łukasz W.", "Łukasz W."],
    ["Ngozi Ọ.", "Ngozi Ọ."],
    ["Дмитрий К.", "Дмитрий К."],
    ["Γιώργος Π.", "Γιώργος Π."],
    ["محمد ع.", "محمد ع."],
    ["李明", "李明"],
    ["Priya K.", "Priya K."],
    ["Anand Ś.", "Anand Ś."],
    ["अनीता", "अनीता"],
    // Written apart (NFD, as some keyboards send it), stored composed (NFC).
    ["Sia\u0302n J.", "Siân J."],
    ["  Zoë   K.  ", "Zoë K."],
    ["Zoë\u00a0K.", "Zoë K."],
    ["Ab", "Ab"],
    ["A".repeat(40), "A".repeat(40)],
  ])("takes %j as %j", (raw, name) => {
    expect(checkName(raw)).toEqual({ ok: true, name });
  });

  it.each([
    ["", "Enter the name to show."],
    ["   ", "Enter the name to show."],
    ["Dave 2", "A name cannot have digits in it."],
    ["R2D2", "A name cannot have digits in it."],
    ["Sarah M. 1984", "A name cannot have digits in it."],
    ["Jo Ⅳ", "A name cannot have digits in it."],
    ["jo@example.com", "A name cannot have an @ in it: this is not the place for an e-mail address."],
    ["@jo", "A name cannot have an @ in it: this is not the place for an e-mail address."],
    ["www.cheap-roofs", "A name cannot be a web address."],
    ["Visit www.x", "A name cannot be a web address."],
    ["cheaproofs.com", "A name cannot be a web address."],
    ["kestrel.co.uk", "A name cannot be a web address."],
    ["https://evil.example", "A name cannot be a web address."],
    ["<b>Jo</b>", "A name cannot have <, > or & in it."],
    ["Jo & Sam", "A name cannot have <, > or & in it."],
    ["Jo\tK.", "The name has a hidden character in it, such as a tab or a line break."],
    ["Jo\nK.", "The name has a hidden character in it, such as a tab or a line break."],
    ["Jo\u200bK.", "The name has a hidden character in it, such as a tab or a line break."],
    ["Jo\u202eK.", "The name has a hidden character in it, such as a tab or a line break."],
    ["Jo\u0000", "The name has a hidden character in it, such as a tab or a line break."],
    ["Jo_K", "The name has a character that is not allowed."],
    ["Jo!", "The name has a character that is not allowed."],
    ["Jo 😀", "The name has a character that is not allowed."],
    ["Jo, K.", "The name has a character that is not allowed."],
    ["-Jo", "Start the name with a letter."],
    ["'Jo", "Start the name with a letter."],
    [".Jo", "Start the name with a letter."],
  ])("refuses %j, saying what is allowed", (raw, reason) => {
    expect(checkName(raw)).toEqual({ ok: false, message: `${reason} ${ALLOWED}` });
  });

  it.each([
    ["J", "Use at least 2 letters, e.g. Jo."],
    ["李", "Use at least 2 letters, e.g. Jo."],
    ["A".repeat(41), "Use at most 40 characters: a first name and an initial is enough, e.g. Sarah M."],
    ["Zoë ".repeat(10) + "K", "Use at most 40 characters: a first name and an initial is enough, e.g. Sarah M."],
  ])("refuses %j for its length", (raw, message) => {
    expect(checkName(raw)).toEqual({ ok: false, message });
  });

  it("counts characters once composed: 40 accented letters typed apart are 40", () => {
    expect(checkName("e\u0301".repeat(40))).toEqual({ ok: true, name: "é".repeat(40) });
  });

  it("takes every testimonial the site ships with, as written", () => {
    for (const testimonial of testimonials) {
      expect(checkName(testimonial.name)).toEqual({ ok: true, name: testimonial.name });
      expect(displayName(testimonial.name)).toBe(testimonial.name);
    }
  });
});

describe("a published name's capitals", () => {
  it.each([
    ["sarah m.", "Sarah M."],
    ["SARAH M.", "Sarah M."],
    ["anne-marie s.", "Anne-Marie S."],
    ["ANNE-MARIE S.", "Anne-Marie S."],
    ["jo", "Jo"],
    ["JO", "Jo"],
    ["dave", "Dave"],
    ["siân j.", "Siân J."],
    ["SIÂN J.", "Siân J."],
    ["zoë k.", "Zoë K."],
    ["ó briain", "Ó Briain"],
    ["seán o'b.", "Seán O'B."],
    ["seán o’brien", "Seán O’Brien"],
    ["SEÁN O'BRIEN", "Seán O'Brien"],
    ["d'arcy", "D'Arcy"],
    ["j.r. hartley", "J.R. Hartley"],
    ["дмитрий к.", "Дмитрий К."],
    ["  sarah   m. ", "Sarah M."],
    // Its own capitals are kept as written.
    ["McDonald", "McDonald"],
    ["Sarah M.", "Sarah M."],
    ["de Souza", "de Souza"],
    ["sarah M.", "sarah M."],
    ["DeShawn", "DeShawn"],
    // No capitals in the alphabet: as written.
    ["李", "李"],
    ["محمد ع.", "محمد ع."],
  ])("shows %j as %j", (raw, shown) => {
    expect(displayName(raw)).toBe(shown);
  });

  it("shows a name the same whether its accents came composed or apart", () => {
    expect(displayName("sia\u0302n j.")).toBe("Siân J.");
    expect(normaliseName("Sia\u0302n")).toBe("Siân");
  });
});

describe("names that are never published", () => {
  const contact = { email: "jo@example.org", phone: "01438 123456", postcode: "SG1 1AA", message: "A slipped tile above the porch." };
  const quote = { email: "jo@example.org", phone: "01438 123456", address: "", message: "A slipped tile above the porch." };

  it.each(["Dave 2", "jo@example.com", "J", "R2 Roofing Ltd (landlord)", "a".repeat(100)])("%j is taken by the quote and contact forms, which take any name up to 100 characters", (name) => {
    expect(checkName(name).ok, "the name rule would refuse it").toBe(false);
    expect(parseContact(formOf({ ...contact, name })).ok).toBe(true);
    expect(parseQuote(formOf({ ...quote, name })).ok).toBe(true);
  });
});
