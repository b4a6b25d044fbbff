import { describe, expect, it } from "vitest";
import { businessSchema } from "~/content/schema.ts";
import { fileContent } from "~/content/index.ts";
import { isValidVatNumber, vatNumberAsPrinted } from "./vat.ts";

describe("HMRC's check-digit test for VAT numbers", () => {
  it.each([
    ["GB999999973", "passes", "HMRC's example (modulus 97)"],
    ["GB339072747", "passes", "an older number (modulus 97)"],
    ["GB252637601", "passes", "a number issued since 2010 (modulus 9755)"],
    ["GB100000034", "passes", "the smallest kind of 9755 number"],
    ["GB999999973001", "passes", "a branch: 9 digits that pass, and 3 of the branch"],
    ["GB999999973999", "passes", "any branch of a number that passes"],
    ["GB999999974", "fails", "the last digit mistyped"],
    ["GB999999937", "fails", "the check digits swapped"],
    ["GB989999973", "fails", "a digit of the number mistyped"],
    ["GB123456789", "fails", "digits that pass neither scheme"],
    ["GB999999974001", "fails", "a branch of a number that fails"],
    ["GB000000000", "fails", "nothing but zeros"],
    ["GB99999997", "fails", "8 digits"],
    ["GB9999999730", "fails", "10 digits"],
    ["999999973", "fails", "no GB"],
    ["gb999999973", "fails", "gb in small letters (kept as HMRC prints it, GB)"],
    ["GB 999 9999 73", "fails", "spaces (kept without them)"],
    ["GBGD001", "fails", "a government department's number, which quotes never carry"],
    ["", "fails", "nothing"],
  ])("%s %s (%s)", (number, verdict) => {
    expect(isValidVatNumber(number)).toBe(verdict === "passes");
  });

  it("reads a number as people type it, as HMRC prints it", () => {
    expect(vatNumberAsPrinted(" gb 999 9999 73 ")).toBe("GB999999973");
    expect(isValidVatNumber(vatNumberAsPrinted("gb 339 0727 47"))).toBe(true);
  });

  it("holds the content files to it: a mistyped number stops the build at its field", () => {
    const facts = (vatNumber?: string) => businessSchema.safeParse({ ...fileContent.business, vatNumber });
    expect(facts("GB999999973").success).toBe(true);
    expect(facts(undefined).success, "not registered").toBe(true);
    const mistyped = facts("GB999999974");
    expect(mistyped.success).toBe(false);
    expect(mistyped.error!.issues[0]!.path).toEqual(["vatNumber"]);
    expect(mistyped.error!.issues[0]!.message).toContain("check each digit against your VAT certificate");
    const written = facts("GB 123");
    expect(written.error!.issues[0]!.message).toContain("such as GB123456789");
  });
});
