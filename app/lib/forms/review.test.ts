import { describe, expect, it } from "vitest";
import { parseReview } from "./review.ts";

const TEXT = "The porch roof is dry at last and they cleared every bit of mess.";
const ALLOWED = "Use letters, spaces, hyphens, apostrophes and full stops only, e.g. Sarah M. or Jo.";

function review(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ stars: "4", text: TEXT, name: "Sarah M.", consent: "on", ...fields })) form.set(key, value);
  return parseReview(form);
}

describe("the review form", () => {
  it.each([
    ["Siân J.", "Siân J."],
    ["Zoë K.", "Zoë K."],
    ["Jo", "Jo"],
    ["Seán O’B.", "Seán O’B."],
    // Kept as the customer wrote it; the site shows it with capitals.
    ["sarah m.", "sarah m."],
    ["  Ó   Briain ", "Ó Briain"],
  ])("takes the name %j, stored as %j", (name, stored) => {
    expect(review({ name })).toEqual({ ok: true, data: { stars: 4, text: TEXT, name: stored, consent: true } });
  });

  it.each([
    ["Dave 2", `A name cannot have digits in it. ${ALLOWED}`],
    ["jo@example.com", `A name cannot have an @ in it: this is not the place for an e-mail address. ${ALLOWED}`],
    ["www.cheap-roofs", `A name cannot be a web address. ${ALLOWED}`],
    ["<b>Jo</b>", `A name cannot have <, > or & in it. ${ALLOWED}`],
    ["Jo\u0007", `The name has a hidden character in it, such as a tab or a line break. ${ALLOWED}`],
    ["", `Enter the name to show. ${ALLOWED}`],
  ])("refuses the name %j at its field", (name, message) => {
    expect(review({ name })).toEqual({ ok: false, errors: { name: message }, values: { stars: "4", text: TEXT, name: name.trim(), consent: "on" } });
  });

  it.each([
    [{ stars: "" }, "stars", "Choose from 1 to 5 stars."],
    [{ stars: "6" }, "stars", "Choose from 1 to 5 stars."],
    [{ stars: "4.5" }, "stars", "Choose from 1 to 5 stars."],
    [{ text: "Too short to say." }, "text", "Write at least 20 characters."],
    [{ text: "a".repeat(501) }, "text", "At most 500 characters."],
  ])("refuses %o with the message at %s", (fields, field, message) => {
    const result = review(fields);
    expect(result.ok ? undefined : result.errors).toEqual({ [field]: message });
  });

  it("takes no consent as no", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ stars: "5", text: TEXT, name: "Jo" })) form.set(key, value);
    expect(parseReview(form)).toEqual({ ok: true, data: { stars: 5, text: TEXT, name: "Jo", consent: false } });
  });
});
