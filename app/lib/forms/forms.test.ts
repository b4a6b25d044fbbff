import { describe, expect, it } from "vitest";
import { buildChatLink, parseContact } from "./contact.ts";
import { parseQuote } from "./quote.ts";
import * as z from "zod/mini";
import { fieldErrors } from "./fields.ts";

const validContact = { name: "Sarah Miles", email: "sarah@example.co.uk", phone: "01438 123456", postcode: "SG1 1AA", message: "A slipped tile above the porch." };

function contact(overrides: Partial<typeof validContact>) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...validContact, ...overrides })) form.set(key, value);
  return parseContact(form);
}

function errorOf(overrides: Partial<typeof validContact>) {
  const result = contact(overrides);
  return result.ok ? undefined : result.errors;
}

describe("the contact form's rules (spec §5)", () => {
  it("accepts a valid request and trims every field", () => {
    const result = contact({ name: "  Sarah Miles  ", postcode: " SG1 1AA " });
    expect(result).toEqual({ ok: true, data: { ...validContact, name: "Sarah Miles", postcode: "SG1 1AA" } });
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ name: "   " }, "name", "Name is required"],
    [{ name: "a".repeat(101) }, "name", "Name must be less than 100 characters"],
    [{ email: "sarah@" }, "email", "Invalid email address"],
    [{ email: `${"a".repeat(250)}@x.com` }, "email", "Email must be less than 255 characters"],
    [{ phone: "123456789" }, "phone", "Phone number must be at least 10 digits"],
    [{ phone: "1".repeat(21) }, "phone", "Phone number must be less than 20 characters"],
    [{ phone: "01438 12345x" }, "phone", "Invalid phone number format"],
    [{ postcode: "" }, "postcode", "Postcode is required"],
    [{ postcode: "SG1 1AA 123" }, "postcode", "Postcode must be less than 10 characters"],
    [{ message: "a".repeat(9) }, "message", "Message must be at least 10 characters"],
    [{ message: "a".repeat(1001) }, "message", "Message must be less than 1000 characters"],
  ] as const)("rejects %o with the message for %s", (overrides, field, message) => {
    expect(errorOf(overrides)).toEqual({ [field]: message });
  });

  it.each([
    { name: "a" },
    { name: "a".repeat(100) },
    { email: `${"a".repeat(248)}@x.com` },
    { phone: "0143812345" },
    { phone: "+44 (1438) 123-456" },
    { phone: "1".repeat(20) },
    { postcode: "S" },
    { postcode: "SG1 1AA 12" },
    { message: "a".repeat(10) },
    { message: "a".repeat(1000) },
    { message: `  ${"a".repeat(10)}  ` },
  ])("accepts the boundary %o", (overrides) => {
    expect(contact(overrides).ok).toBe(true);
  });

  it("counts characters after trimming", () => {
    expect(errorOf({ message: `   ${"a".repeat(9)}   ` })).toEqual({ message: "Message must be at least 10 characters" });
  });

  it("treats a missing or non-text field as empty", () => {
    const form = new FormData();
    form.set("name", new Blob(["x"]));
    const result = parseContact(form);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.name).toBe("Name is required");
  });
});

describe("the chat link (spec §7)", () => {
  it("opens a chat with the business, the trimmed request typed in", () => {
    const link = buildChatLink("447700900123", { ...validContact, message: "Leak & drip? 50% worse" });
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe("https://wa.me/447700900123");
    expect(url.searchParams.get("text")).toBe(
      "New Contact Request\nName: Sarah Miles\nEmail: sarah@example.co.uk\nPhone: 01438 123456\nPostcode: SG1 1AA\nMessage: Leak & drip? 50% worse",
    );
  });
});

describe("the quote form", () => {
  const validQuote = { name: "Tom B", email: "tom@example.com", phone: "07700 900456", address: "", message: "New flat roof on the garage" };
  function quote(overrides: Partial<typeof validQuote>) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...validQuote, ...overrides })) form.set(key, value);
    return parseQuote(form);
  }

  it("needs name, email, phone and a description; the address is optional", () => {
    expect(quote({}).ok).toBe(true);
    expect(quote({ address: "1 High Street, Stevenage" }).ok).toBe(true);
    for (const field of ["name", "email", "phone", "message"] as const) {
      const result = quote({ [field]: " " });
      expect(result.ok, field).toBe(false);
      if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
    }
  });

  it("caps every field on the server as the contact form does", () => {
    expect(quote({ name: "a".repeat(100) }).ok).toBe(true);
    expect(quote({ name: "a".repeat(101) }).ok).toBe(false);
    expect(quote({ message: "a".repeat(1000) }).ok).toBe(true);
    expect(quote({ message: "a".repeat(1001) }).ok).toBe(false);
    expect(quote({ address: "a".repeat(201) }).ok).toBe(false);
    expect(quote({ phone: "call me" }).ok).toBe(false);
  });
});

describe("an owner form's field errors", () => {
  const schema = z.object({ name: z.string().check(z.minLength(2, "too short")), town: z.string().check(z.minLength(1, "choose a town")) });
  const issues = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues;
  };

  it("puts each problem at the field its path names, the first one of a field standing, with a capital", () => {
    expect(fieldErrors(issues({ name: "", town: "" }), ([first]) => `row-1-${String(first)}`)).toEqual({ "row-1-name": "Too short", "row-1-town": "Choose a town" });
  });

  it("lets the form say a problem in its own words", () => {
    expect(fieldErrors(issues({ name: "J", town: "x" }), ([first]) => String(first), (field) => (field === "name" ? "a name as the card shows it" : "?"))).toEqual({ name: "A name as the card shows it" });
  });

  it("finds nothing when there is nothing wrong", () => {
    expect(fieldErrors(issues({ name: "Jo", town: "hitchin" }), ([first]) => String(first))).toEqual({});
  });
});
