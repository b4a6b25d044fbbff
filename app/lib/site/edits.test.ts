import { describe, expect, it } from "vitest";
import { contentFiles, fileContent } from "~/content/index.ts";
import { loadContent } from "~/content/load.ts";
import { applyEdits, describeChanges, withBusiness, withInvoicing, type SiteEdits } from "./edits.ts";

describe("what publishing changes, in words", () => {
  const live = fileContent;

  it("says a closure notice's last day as people read it, never as a computer writes it", () => {
    const next = { ...live, business: { ...live.business, closure: { message: "Closed for Christmas", until: "2026-12-31" } } };
    expect(describeChanges(live, next, 55)).toEqual(['Closure notice: none → "Closed for Christmas" until the end of Thursday 31 December 2026, on all 55 pages']);
  });

  it("says a VAT number put in, or taken out, where it is shown: on quotes and invoices, no page", () => {
    const none = { ...live, business: { ...live.business, vatNumber: undefined } };
    expect(describeChanges(live, none, 55)).toEqual([`VAT number: ${live.business.vatNumber} → none, on quotes and invoices`]);
  });

  it("says the bank details and terms are on invoices only", () => {
    const next = { ...live, invoicing: { ...live.invoicing, accountName: "Kestrel Roofing Ltd", sortCode: "60-16-13", accountNumber: "31926819", paymentTermsDays: 30 } };
    expect(describeChanges(live, next, 55)).toEqual([
      "Account name: none → Kestrel Roofing Ltd, on invoices only",
      "Sort code: none → 60-16-13, on invoices only",
      "Account number: none → 31926819, on invoices only",
      "Payment terms: 14 days → 30 days, on invoices only",
    ]);
  });
});

describe("the invoicing facts as edits over the files", () => {
  const bank = { accountName: "Kestrel Roofing Ltd", sortCode: "60-16-13", accountNumber: "31926819" };

  it("keep only what differs from the files, beside the business facts, and survive storage", () => {
    const withVat = withBusiness(contentFiles, {}, { vatNumber: "GB339072747" });
    const edits = withInvoicing(contentFiles, withVat, { ...bank, paymentTermsDays: 14, postalAddress: ["12 High Street", "Stevenage", "SG1 3EA"], cardPaymentLink: undefined });
    expect(edits).toEqual({ business: { vatNumber: "GB339072747" }, invoicing: { ...bank, postalAddress: ["12 High Street", "Stevenage", "SG1 3EA"] } });
    const stored = JSON.parse(JSON.stringify(edits)) as SiteEdits;
    const content = loadContent(applyEdits(contentFiles, stored));
    expect(content.invoicing).toEqual({ ...bank, paymentTermsDays: 14, postalAddress: ["12 High Street", "Stevenage", "SG1 3EA"] });
    expect(content.business.vatNumber).toBe("GB339072747");
    expect(content.business, "never inside the facts every page is handed").not.toHaveProperty("accountNumber");
  });

  it("are dropped again when put back as the files have them, and a detail taken out is kept as none", () => {
    const set = withInvoicing(contentFiles, {}, { ...bank, cardPaymentLink: "https://pay.example.com/kestrel" });
    const back = withInvoicing(contentFiles, set, { accountName: undefined, sortCode: undefined, accountNumber: undefined, cardPaymentLink: undefined });
    expect(back).toEqual({});
    const files = { ...contentFiles, invoicing: { ...(contentFiles.invoicing as object), ...bank } };
    const removed = JSON.parse(JSON.stringify(withInvoicing(files, {}, { accountName: undefined, sortCode: undefined, accountNumber: undefined }))) as SiteEdits;
    expect(removed.invoicing).toEqual({ accountName: null, sortCode: null, accountNumber: null });
    expect(loadContent(applyEdits(files, removed)).invoicing.accountNumber).toBeUndefined();
  });

  it("a version published before invoicing existed (its edits hold no invoicing) reads the files' values", () => {
    // As such a version is stored: the business facts it changed, and nothing of invoicing.
    const older = JSON.parse('{"business":{"phone":{"display":"01438 555123","e164":"+441438555123"},"vatNumber":"GB339072747"}}') as SiteEdits;
    const content = loadContent(applyEdits(contentFiles, older));
    expect(content.invoicing).toEqual(fileContent.invoicing);
    expect(content.business.vatNumber).toBe("GB339072747");
  });
});
