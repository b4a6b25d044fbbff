import { describe, expect, it } from "vitest";
import { businessSchema } from "~/content/schema.ts";
import { fileContent } from "~/content/index.ts";
import { chatNumberOf, internationalNumber, isPhoneNumber } from "./phone.ts";

describe("the phone rule: digits, spaces, hyphens and brackets, with an optional leading +", () => {
  it.each([
    ["01438 555123", "+441438555123"],
    ["07700 900123", "+447700900123"],
    ["07700900123", "+447700900123"],
    ["+44 7700 900123", "+447700900123"],
    ["+447700900123", "+447700900123"],
    ["(01438) 555123", "+441438555123"],
    ["01438-555-123", "+441438555123"],
    ["0044 1438 555123", "+441438555123"],
    ["+353 87 123 4567", "+353871234567"],
  ])("takes %s, dialled as %s", (typed, international) => {
    expect(isPhoneNumber(typed)).toBe(true);
    expect(internationalNumber(typed)).toBe(international);
  });

  it.each([
    ["<b>01438</b> 123456", "markup"],
    ["01438 555123<script>", "markup after it"],
    ["javascript:alert(1)", "an address"],
    ["01438 555123 ext 4", "letters"],
    ["01438.555.123", "full stops"],
    ["01438\u00a0555123", "a no-break space"],
    ["01438\t555123", "a tab"],
    ["44+1438555123", "a + not at the start"],
    ["++441438555123", "two +"],
    ["12345", "too few digits to dial"],
    ["+0441438555123", "no country code starts with 0"],
    ["0143855512345678901", "too many digits"],
    ["0 1 4 3 8 5 5 5 1 2 3 - - - - -", "longer than any number is written"],
    ["", "nothing"],
    ["()- ", "no digits"],
  ])("refuses %s (%s)", (typed) => {
    expect(isPhoneNumber(typed)).toBe(false);
  });
});

describe("the content schema holds the facts to the same rule", () => {
  const facts = (phone: { display: string; e164: string }, chatNumber?: string) => businessSchema.safeParse({ ...fileContent.business, phone, chatNumber });

  it("takes a number written by the rule whose international form is its own", () => {
    expect(facts({ display: "(01438) 555-123", e164: "+441438555123" }).success).toBe(true);
  });

  it("refuses markup in the number, and an international form of another number", () => {
    const markup = facts({ display: "<b>01438</b> 123456", e164: "+441438123456" });
    expect(markup.success).toBe(false);
    expect(markup.error!.issues[0]!.path).toEqual(["phone", "display"]);
    const other = facts({ display: "01438 555123", e164: "+447700900123" });
    expect(other.success).toBe(false);
    expect(other.error!.issues[0]!.path).toEqual(["phone", "e164"]);
  });

  it("takes no chat number (it follows the phone), or one of digits only", () => {
    expect(facts(fileContent.business.phone).success).toBe(true);
    expect(facts(fileContent.business.phone, "447700900456").success).toBe(true);
    expect(facts(fileContent.business.phone, "+447700900456").success).toBe(false);
    expect(facts(fileContent.business.phone, "07700 900456").success).toBe(false);
  });
});

describe("the chat number every reader uses", () => {
  const phone = { display: "01438 555123", e164: "+441438555123" };
  it("is the phone's when the facts hold none, and their own when they do", () => {
    expect(chatNumberOf({ phone })).toBe("441438555123");
    expect(chatNumberOf({ phone, chatNumber: "447700900456" })).toBe("447700900456");
  });
});
