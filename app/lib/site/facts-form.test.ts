import { describe, expect, it } from "vitest";
import { contentFiles, fileContent } from "~/content/index.ts";
import { loadContent } from "~/content/load.ts";
import { applyEdits, EDITABLE_BUSINESS_FIELDS, withBusiness, type SiteEdits } from "./edits.ts";
import { FACT_PAGES, factValues, readFacts } from "./facts-form.ts";

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
    const read = readFacts(formOf({ phone: "01438 555123" }), business, "contact");
    expect(read.ok && read.fields).toMatchObject({ phone: { display: "01438 555123", e164: "+441438555123" }, chatNumber: undefined });
  });

  it("shows content whose chat number is the phone's as the same", () => {
    expect(factValues({ ...business, chatNumber: business.phone.e164.slice(1) })).toMatchObject({ "chat-choice": "same", chat: "" });
  });

  it("keeps a different number, as digits with the country code", () => {
    const read = readFacts(formOf({ "chat-choice": "different", chat: "07700 900456" }), business, "contact");
    expect(read.ok && read.fields.chatNumber).toBe("447700900456");
    expect(factValues({ ...business, chatNumber: "447700900456" })).toMatchObject({ "chat-choice": "different", chat: "+447700900456" });
  });

  it("stores a different number that is the phone's as the same", () => {
    const read = readFacts(formOf({ "chat-choice": "different", chat: "+44 7700 900123" }), business, "contact");
    expect(read.ok && read.fields.chatNumber).toBeUndefined();
  });

  it("ignores a number typed while Same is chosen", () => {
    const read = readFacts(formOf({ "chat-choice": "same", chat: "07700 900456" }), business, "contact");
    expect(read.ok && read.fields.chatNumber).toBeUndefined();
    expect(read.values.chat).toBe("");
  });

  it("refuses a different number that is empty or breaks the phone rule, at its field", () => {
    for (const chat of ["", "<b>07700</b> 900456", "wa.me/447700900456"]) {
      const read = readFacts(formOf({ "chat-choice": "different", chat }), business, "contact");
      expect(read.ok, chat).toBe(false);
      expect(!read.ok && Object.keys(read.errors), chat).toEqual(["chat"]);
    }
  });

  it("goes back to the same when the owner chooses it over a number the files hold", () => {
    const files = { ...contentFiles, business: { ...(contentFiles.business as object), chatNumber: "447700900456" } };
    const current = loadContent(files).business;
    const read = readFacts(formOf({ "chat-choice": "same" }, current), current, "contact");
    const edits = withBusiness(files, {}, read.ok ? read.fields : {});
    // Stored as JSON, as the database keeps it.
    const stored = JSON.parse(JSON.stringify(edits)) as typeof edits;
    expect(stored.business?.chatNumber).toBeNull();
    expect(loadContent(applyEdits(files, stored)).business.chatNumber).toBeUndefined();
  });
});

describe("refusals at their fields, with nothing to save", () => {
  it.each([
    [{ phone: "<b>01438</b> 123456" }, "phone", "Enter a phone number such as 01438 555123", "contact"],
    [{ phone: "01438 555123 ext 4" }, "phone", "Enter a phone number such as 01438 555123", "contact"],
    [{ "social-0": "javascript:alert(1)" }, "social-0", "Must be your Facebook page's address", "social"],
    [{ "social-1": "https://www.facebook.com/kestrelroofing" }, "social-1", "Must be your X (Twitter) page's address, starting https:// on x.com or twitter.com", "social"],
    [{ "social-2": "http://www.instagram.com/kestrelroofing" }, "social-2", "Must be your Instagram page's address", "social"],
    [{ "social-3": "data:text/html,hi" }, "social-3", "Must be your LinkedIn page's address", "social"],
    [{ "google-review": "https://www.trustpilot.com/review/kestrelroofing" }, "google-review", "Must be your Google review link", "social"],
    [{ vat: "GB12345" }, "vat", "Must be a UK VAT number such as GB123456789", "invoicing"],
    [{ vat: "GB 999 9999 74" }, "vat", "Is not a VAT number HMRC gives: check each digit against your VAT certificate", "invoicing"],
    [{ "hours-0-opens": "18:00", "hours-0-closes": "08:00" }, "hours-0-closes", "Must be after the opening time", "hours"],
  ] as const)("%o is refused at %s", (changes, field, message, page) => {
    const read = readFacts(formOf(changes), business, page);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors)).toEqual([field]);
    expect(read.errors[field]).toContain(message);
    expect(read.values[field], "what was typed stays in the field").toBe((changes as Record<string, string>)[field]);
  });

  it("takes a Google review link, and none", () => {
    const link = "https://search.google.com/local/writereview?placeid=ChIJabcdEFGhij";
    const read = readFacts(formOf({ "google-review": link }), business, "social");
    expect(read.ok && read.fields.googleReviewUrl).toBe(link);
    const none = readFacts(formOf({ "google-review": "" }), business, "social");
    expect(none.ok && none.fields.googleReviewUrl).toBeUndefined();
  });
});

describe("the VAT number", () => {
  it("is kept as HMRC prints it, however it was typed, and empty is none", () => {
    const read = readFacts(formOf({ vat: " gb 339 0727 47 " }), business, "invoicing");
    expect(read.ok && read.fields.vatNumber).toBe("GB339072747");
    const none = readFacts(formOf({ vat: "" }), business, "invoicing");
    expect(none.ok && "vatNumber" in none.fields && none.fields.vatNumber).toBeUndefined();
    const edits = JSON.parse(JSON.stringify(withBusiness(contentFiles, {}, none.ok ? none.fields : {}))) as SiteEdits;
    expect(loadContent(applyEdits(contentFiles, edits)).business.vatNumber, "no VAT number once none is saved").toBeUndefined();
  });
});

describe("the short pages", () => {
  it("hold every fact the owner edits, each on one page", () => {
    expect(Object.values(FACT_PAGES).flat().sort()).toEqual([...EDITABLE_BUSINESS_FIELDS].sort());
  });

  it("read only their own facts: a form of one page changes nothing of another's", () => {
    // The whole form posted to the contact page, with other pages' fields changed: only the phone is read.
    const read = readFacts(formOf({ phone: "01438 555123", "hours-0-closed": "on", "claims-insured": "Insured", "social-0": "javascript:alert(1)" }), business, "contact");
    expect(read.ok).toBe(true);
    expect(Object.keys(read.ok ? read.fields : {}).sort()).toEqual(["chatNumber", "email", "phone"]);
  });

  it("save into the draft beside every other edit: the hours and a testimonial drafted before stay", () => {
    const closedSunday = { business: { openingHours: business.openingHours.map((row) => ({ ...row, opens: null, closes: null })) }, testimonials: [business.name] } as SiteEdits;
    const read = readFacts(formOf({ phone: "01438 555123" }), business, "contact");
    const edits = withBusiness(contentFiles, closedSunday, read.ok ? read.fields : {});
    expect(edits.testimonials).toEqual(closedSunday.testimonials);
    expect(edits.business?.openingHours).toEqual(closedSunday.business?.openingHours);
    expect(edits.business?.phone).toEqual({ display: "01438 555123", e164: "+441438555123" });
    // Put back as the files have it, the phone leaves no edit behind, and the hours stay.
    const back = readFacts(formOf({}), business, "contact");
    const again = withBusiness(contentFiles, edits, back.ok ? back.fields : {});
    expect(Object.keys(again.business ?? {})).toEqual(["openingHours"]);
  });
});
