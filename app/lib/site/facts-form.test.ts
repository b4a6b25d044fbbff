import { describe, expect, it } from "vitest";
import { contentFiles, fileContent } from "~/content/index.ts";
import { loadContent } from "~/content/load.ts";
import { applyEdits, editsFor } from "./edits.ts";
import { factValues, readFacts } from "./facts-form.ts";

const business = fileContent.business;
/** The facts form as it comes for `facts`, with some fields changed. */
const formOf = (changes: Record<string, string>, facts = business) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...factValues(facts), ...changes })) form.set(name, value);
  return form;
};

describe("the chat number (WhatsApp)", () => {
  it("is the same as the phone number by default: its own field empty, and nothing stored", () => {
    expect(business.chatNumber, "business.json keeps no second number").toBeUndefined();
    expect(factValues(business)).toMatchObject({ "chat-choice": "same", chat: "" });
    const read = readFacts(formOf({ phone: "01438 555123" }), business);
    expect(read.ok && read.fields).toMatchObject({ phone: { display: "01438 555123", e164: "+441438555123" }, chatNumber: undefined });
  });

  it("shows content whose chat number is the phone's as the same", () => {
    expect(factValues({ ...business, chatNumber: business.phone.e164.slice(1) })).toMatchObject({ "chat-choice": "same", chat: "" });
  });

  it("keeps a different number, as digits with the country code", () => {
    const read = readFacts(formOf({ "chat-choice": "different", chat: "07700 900456" }), business);
    expect(read.ok && read.fields.chatNumber).toBe("447700900456");
    expect(factValues({ ...business, chatNumber: "447700900456" })).toMatchObject({ "chat-choice": "different", chat: "+447700900456" });
  });

  it("stores a different number that is the phone's as the same", () => {
    const read = readFacts(formOf({ "chat-choice": "different", chat: "+44 7700 900123" }), business);
    expect(read.ok && read.fields.chatNumber).toBeUndefined();
  });

  it("ignores a number typed while Same is chosen", () => {
    const read = readFacts(formOf({ "chat-choice": "same", chat: "07700 900456" }), business);
    expect(read.ok && read.fields.chatNumber).toBeUndefined();
    expect(read.values.chat).toBe("");
  });

  it("refuses a different number that is empty or breaks the phone rule, at its field", () => {
    for (const chat of ["", "<b>07700</b> 900456", "wa.me/447700900456"]) {
      const read = readFacts(formOf({ "chat-choice": "different", chat }), business);
      expect(read.ok, chat).toBe(false);
      expect(!read.ok && Object.keys(read.errors), chat).toEqual(["chat"]);
    }
  });

  it("goes back to the same when the owner chooses it over a number the files hold", () => {
    const files = { ...contentFiles, business: { ...(contentFiles.business as object), chatNumber: "447700900456" } };
    const current = loadContent(files).business;
    const read = readFacts(formOf({ "chat-choice": "same" }, current), current);
    const edits = editsFor(files, read.ok ? read.fields : {});
    // Stored as JSON, as the database keeps it.
    const stored = JSON.parse(JSON.stringify(edits)) as typeof edits;
    expect(stored.business?.chatNumber).toBeNull();
    expect(loadContent(applyEdits(files, stored)).business.chatNumber).toBeUndefined();
  });
});

describe("refusals at their fields, with nothing to save", () => {
  it.each([
    [{ phone: "<b>01438</b> 123456" }, "phone", "Enter a phone number such as 01438 555123"],
    [{ phone: "01438 555123 ext 4" }, "phone", "Enter a phone number such as 01438 555123"],
    [{ "social-0": "javascript:alert(1)" }, "social-0", "Must be your Facebook page's address"],
    [{ "social-1": "https://www.facebook.com/kestrelroofing" }, "social-1", "Must be your X (Twitter) page's address, starting https:// on x.com or twitter.com"],
    [{ "social-2": "http://www.instagram.com/kestrelroofing" }, "social-2", "Must be your Instagram page's address"],
    [{ "social-3": "data:text/html,hi" }, "social-3", "Must be your LinkedIn page's address"],
    [{ "google-review": "https://www.trustpilot.com/review/kestrelroofing" }, "google-review", "Must be your Google review link"],
  ])("%o is refused at %s", (changes, field, message) => {
    const read = readFacts(formOf(changes), business);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors)).toEqual([field]);
    expect(read.errors[field]).toContain(message);
    expect(read.values[field], "what was typed stays in the field").toBe(Object.values(changes)[0]);
  });

  it("takes a Google review link, and none", () => {
    const link = "https://search.google.com/local/writereview?placeid=ChIJabcdEFGhij";
    const read = readFacts(formOf({ "google-review": link }), business);
    expect(read.ok && read.fields.googleReviewUrl).toBe(link);
    const none = readFacts(formOf({ "google-review": "" }), business);
    expect(none.ok && none.fields.googleReviewUrl).toBeUndefined();
  });
});

describe("saving the facts", () => {
  it("keeps the draft's testimonials and page texts, and replaces only its facts", () => {
    const testimonial = { name: "Harriet R.", location: "harpenden", rating: 4, text: "New valley gutter in a day, and the rain runs where it should.", reviewMonth: "2026-11" };
    const draft = { business: { email: "old@example.org" }, testimonials: [testimonial], texts: { areas: { hitchin: { intro: "Our own words." } } } };
    const fieldsOf = (changes: Record<string, string>) => {
      const read = readFacts(formOf(changes), business);
      if (!read.ok) throw new Error(JSON.stringify(read.errors));
      return read.fields;
    };
    const edits = editsFor(contentFiles, fieldsOf({ phone: "01438 555123" }), draft);
    expect(edits).toMatchObject({ testimonials: [testimonial], texts: draft.texts });
    expect(edits.business).toMatchObject({ phone: { display: "01438 555123", e164: "+441438555123" } });
    expect(edits.business, "the facts are the form's, not the draft's").not.toHaveProperty("email");
    expect(Object.keys(editsFor(contentFiles, {}, draft)), "no facts changed: no facts stored").toEqual(["testimonials", "texts"]);
  });
});
