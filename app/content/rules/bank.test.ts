import { describe, expect, it } from "vitest";
import { invoicingSchema } from "~/content/schema.ts";
import { fileContent } from "~/content/index.ts";
import { formatAccountNumber, formatSortCode, isPaymentTerms, paymentTermsDays } from "./bank.ts";
import { isHttpsLink } from "./links.ts";

describe("a sort code", () => {
  it.each([["12 34 56"], ["123456"], ["12-34-56"], [" 12 - 34 - 56 "], ["12  3456"]])("%j is kept and shown as 12-34-56", (typed) => {
    expect(formatSortCode(typed)).toBe("12-34-56");
  });

  it.each([["12345"], ["1234567"], ["12.34.56"], ["12/34/56"], ["ab-cd-ef"], ["12-34-5６"], [""]])("%j is not one", (typed) => {
    expect(formatSortCode(typed)).toBeUndefined();
  });
});

describe("an account number", () => {
  it("is 8 digits, typed in any spacing", () => {
    expect(formatAccountNumber("31926819")).toBe("31926819");
    expect(formatAccountNumber("3192 6819")).toBe("31926819");
    expect(formatAccountNumber("3192681")).toBeUndefined();
    expect(formatAccountNumber("319268190")).toBeUndefined();
    expect(formatAccountNumber("3192681O")).toBeUndefined();
  });
});

describe("payment terms", () => {
  it("are whole days from 0 to 120", () => {
    expect(paymentTermsDays("14")).toBe(14);
    expect(paymentTermsDays("0")).toBe(0);
    expect(paymentTermsDays(" 120 ")).toBe(120);
    for (const typed of ["121", "-1", "14.5", "1e1", "fourteen", "", "0x10"]) expect(paymentTermsDays(typed), typed).toBeUndefined();
    expect(isPaymentTerms(30)).toBe(true);
    expect(isPaymentTerms(7.5)).toBe(false);
    expect(isPaymentTerms(Number.NaN)).toBe(false);
  });
});

describe("a card payment link", () => {
  it("is an https address on a named host, and nothing else", () => {
    expect(isHttpsLink("https://pay.example.com/kestrel-roofing")).toBe(true);
    expect(isHttpsLink("https://buy.stripe.com/abc123")).toBe(true);
    for (const typed of ["http://pay.example.com/k", "javascript:alert(1)", "https://user:pw@pay.example.com/", "https://pay.example.com:8443/", "https://localhost/pay", "pay.example.com", "https://pay example.com"]) {
      expect(isHttpsLink(typed), typed).toBe(false);
    }
  });
});

describe("the invoicing file's schema", () => {
  const bank = { accountName: "Kestrel Roofing Ltd", sortCode: "60-16-13", accountNumber: "31926819" };
  const check = (changes: object) => invoicingSchema.safeParse({ ...fileContent.invoicing, ...changes });

  it("takes the files' placeholder address and terms, with no bank details yet", () => {
    expect(fileContent.invoicing.paymentTermsDays).toBe(14);
    expect(fileContent.invoicing.accountNumber).toBeUndefined();
    expect(check({}).success).toBe(true);
  });

  it("takes the bank details all together, and a card payment link", () => {
    expect(check({ ...bank, cardPaymentLink: "https://pay.example.com/kestrel" }).success).toBe(true);
  });

  it.each([
    [{ ...bank, sortCode: "601613" }, "sortCode", "a sort code such as 12-34-56"],
    [{ ...bank, accountNumber: "3192681" }, "accountNumber", "8 digits"],
    [{ paymentTermsDays: 121 }, "paymentTermsDays", "from 0 to 120"],
    [{ paymentTermsDays: 1.5 }, "paymentTermsDays", "whole number"],
    [{ cardPaymentLink: "http://pay.example.com/kestrel" }, "cardPaymentLink", "https://"],
    [{ postalAddress: [] }, "postalAddress", "at least one line"],
    [{ postalAddress: ["1", "2", "3", "4", "5", "6", "7"] }, "postalAddress", "at most 6 lines"],
    [{ accountName: "Kestrel Roofing Ltd", accountNumber: "31926819" }, "sortCode", "needed with the rest of the bank details"],
  ])("refuses %o at %s", (changes, field, message) => {
    const result = check(changes);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path[0]).toBe(field);
    expect(result.error!.issues[0]!.message).toContain(message);
  });
});
