import { describe, expect, it } from "vitest";
import { fileContent } from "~/content/index.ts";
import { invoicingValues, readBankDetails, readInvoicing } from "./invoicing-form.ts";

const { invoicing } = fileContent;
const BANK = { "account-name": "Kestrel Roofing Ltd", "sort-code": "60 16 13", "account-number": "3192 6819" };

/** The Invoices and bank details form as it comes, with some fields changed. */
const formOf = (changes: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...invoicingValues(invoicing), ...changes })) form.set(name, value);
  return form;
};

describe("the Invoices and bank details form", () => {
  it("shows the files' address one line each, the terms, and no bank details yet", () => {
    expect(invoicingValues(invoicing)).toEqual({
      "account-name": "",
      "sort-code": "",
      "account-number": "",
      "payment-terms": "14",
      "card-link": "",
      "postal-address": "Unit 0\nExample Business Park\nStevenage\nSG1 0AA",
    });
  });

  it("reads the bank details as people type them, kept as they are shown", () => {
    const read = readInvoicing(formOf({ ...BANK, "payment-terms": " 30 ", "postal-address": " 12 High Street \r\n\r\nStevenage\nSG1 3EA\n", "card-link": "https://pay.example.com/kestrel" }), invoicing);
    expect(read).toEqual({
      ok: true,
      fields: {
        postalAddress: ["12 High Street", "Stevenage", "SG1 3EA"],
        accountName: "Kestrel Roofing Ltd",
        sortCode: "60-16-13",
        accountNumber: "31926819",
        paymentTermsDays: 30,
        cardPaymentLink: "https://pay.example.com/kestrel",
      },
    });
  });

  it("takes none of the bank details, and no card link", () => {
    const read = readInvoicing(formOf({}), invoicing);
    expect(read.ok && read.fields).toMatchObject({ accountName: undefined, sortCode: undefined, accountNumber: undefined, cardPaymentLink: undefined, paymentTermsDays: 14 });
  });

  it.each([
    [{ ...BANK, "sort-code": "60 16 1" }, "sort-code", "Enter a sort code of 6 digits, such as 12-34-56"],
    [{ ...BANK, "account-number": "3192681" }, "account-number", "Enter an account number of 8 digits"],
    [{ "payment-terms": "121" }, "payment-terms", "Enter a whole number of days from 0 to 120, such as 14"],
    [{ "payment-terms": "14.5" }, "payment-terms", "Enter a whole number of days from 0 to 120"],
    [{ "payment-terms": "" }, "payment-terms", "Enter a whole number of days from 0 to 120"],
    [{ "card-link": "http://pay.example.com/kestrel" }, "card-link", "Must be a link starting https://"],
    [{ "card-link": "javascript:alert(1)" }, "card-link", "Must be a link starting https://"],
    [{ "postal-address": "  \n " }, "postal-address", "Must have at least one line"],
    [{ "postal-address": "1\n2\n3\n4\n5\n6\n7" }, "postal-address", "Must have at most 6 lines"],
    [{ "account-name": "Kestrel Roofing Ltd", "account-number": "31926819" }, "sort-code", "Needed with the rest of the bank details"],
  ])("%o is refused at %s", (changes, field, message) => {
    const read = readInvoicing(formOf(changes), invoicing);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(Object.keys(read.errors)).toEqual([field]);
    expect(read.errors[field]).toContain(message);
  });
});

describe("the bank details asked for on the send page", () => {
  const bankForm = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  };

  it("reads the three alone, as people type them, the other invoicing facts untouched", () => {
    expect(readBankDetails(bankForm(BANK), invoicing)).toEqual({ ok: true, fields: { accountName: "Kestrel Roofing Ltd", sortCode: "60-16-13", accountNumber: "31926819" } });
  });

  it("needs each of them, and says so at its field", () => {
    expect(readBankDetails(bankForm({ ...BANK, "sort-code": " ", "account-number": "" }), invoicing)).toEqual({
      ok: false,
      errors: { "sort-code": "Enter the sort code: 6 digits, such as 12-34-56", "account-number": "Enter the account number: 8 digits, such as 12345678" },
    });
    expect(readBankDetails(bankForm({ ...BANK, "sort-code": "12-34" }), invoicing)).toEqual({ ok: false, errors: { "sort-code": "Enter a sort code of 6 digits, such as 12-34-56" } });
  });
});
