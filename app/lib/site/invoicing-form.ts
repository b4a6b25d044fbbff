/**
 * The invoicing facts at /admin/site/invoicing (Invoices and bank details): the fields as the
 * owner types them, read into the content's own shape (a sort code in any spacing kept as
 * "12-34-56", the address one line each), and every problem the content schema finds put beside
 * its field in the page's words. The VAT number on the same page is a business fact
 * (facts-form.ts reads it).
 */
import { formatAccountNumber, formatSortCode, MAX_PAYMENT_TERMS_DAYS, paymentTermsDays } from "../../content/rules/bank.ts";
import { invoicingSchema, type Invoicing } from "../../content/schema.ts";
import { fieldErrors } from "../forms/fields.ts";
import type { InvoicingField } from "./edits.ts";
import type { FactErrors, FactValues } from "./facts-form.ts";

/** Each invoicing fact's form field, in the page's order. */
export const INVOICING_FORM_FIELDS: Record<InvoicingField, string> = {
  accountName: "account-name",
  sortCode: "sort-code",
  accountNumber: "account-number",
  paymentTermsDays: "payment-terms",
  cardPaymentLink: "card-link",
  postalAddress: "postal-address",
};

/** What the owner is told at a field, where the schema's own words would not help him. */
const MESSAGES: Partial<Record<InvoicingField, string>> = {
  sortCode: "Enter a sort code of 6 digits, such as 12-34-56",
  accountNumber: "Enter an account number of 8 digits, such as 12345678",
  paymentTermsDays: `Enter a whole number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}, such as 14`,
};

/** The form's values for the invoicing facts as they are: the address one line each. */
export function invoicingValues(invoicing: Invoicing): FactValues {
  return {
    "account-name": invoicing.accountName ?? "",
    "sort-code": invoicing.sortCode ?? "",
    "account-number": invoicing.accountNumber ?? "",
    "payment-terms": String(invoicing.paymentTermsDays),
    "card-link": invoicing.cardPaymentLink ?? "",
    "postal-address": invoicing.postalAddress.join("\n"),
  };
}

/** Empty is none; typed in any spacing, the stored form; anything else as typed, for the schema to refuse at its field. */
const optional = (typed: string, format: (typed: string) => string | undefined = (t) => t) => (typed ? (format(typed) ?? typed) : undefined);

/**
 * Reads the invoicing fields of the form over the draft's invoicing facts (`current`) and checks
 * the result with the content schema. Returns the facts, or the problems by field.
 */
export function readInvoicing(form: FormData, current: Invoicing, only: readonly InvoicingField[] = Object.keys(INVOICING_FORM_FIELDS) as InvoicingField[]): { ok: true; fields: Partial<Invoicing> } | { ok: false; errors: FactErrors } {
  const get = (name: string) => String(form.get(name) ?? "").trim();
  const terms = get(INVOICING_FORM_FIELDS.paymentTermsDays);
  const fields: Partial<Record<InvoicingField, unknown>> = {
    postalAddress: get(INVOICING_FORM_FIELDS.postalAddress)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    accountName: optional(get(INVOICING_FORM_FIELDS.accountName)),
    sortCode: optional(get(INVOICING_FORM_FIELDS.sortCode), formatSortCode),
    accountNumber: optional(get(INVOICING_FORM_FIELDS.accountNumber), formatAccountNumber),
    paymentTermsDays: paymentTermsDays(terms) ?? Number.NaN,
    cardPaymentLink: optional(get(INVOICING_FORM_FIELDS.cardPaymentLink)),
  };
  for (const field of Object.keys(fields) as InvoicingField[]) if (!only.includes(field)) delete fields[field];
  const result = invoicingSchema.safeParse({ ...current, ...fields });
  if (result.success) return { ok: true, fields: fields as Partial<Invoicing> };
  const fieldOf = (path: readonly PropertyKey[]) => path[0] as InvoicingField;
  // A bank detail left out while the others are given is told so, not how to write one.
  const missing = (issue: { code: string; params?: Record<string, unknown> }) => issue.code === "custom" && issue.params?.missing === true;
  const errors = fieldErrors(result.error.issues, fieldOf, (field, issue) => (missing(issue) ? issue.message : (MESSAGES[field] ?? issue.message)));
  return { ok: false, errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [INVOICING_FORM_FIELDS[field as InvoicingField], message!])) };
}

/** The button of the send page's bank details form, on a page with another. */
export const BANK_DETAILS_INTENT = "bank-details";

/** The bank details an invoice asks to be paid into, in the page's order. */
export const BANK_DETAILS = ["accountName", "sortCode", "accountNumber"] as const satisfies readonly InvoicingField[];

const NEEDED: Record<(typeof BANK_DETAILS)[number], string> = {
  accountName: "Enter the name the account is in, as your bank has it",
  sortCode: "Enter the sort code: 6 digits, such as 12-34-56",
  accountNumber: "Enter the account number: 8 digits, such as 12345678",
};

/**
 * The three bank details alone (the send page asks for them when they are missing), over the
 * invoicing facts published now: each is needed, each is checked as on Invoices and bank details.
 */
export function readBankDetails(form: FormData, current: Invoicing): { ok: true; fields: Partial<Invoicing> } | { ok: false; errors: FactErrors } {
  const empty = BANK_DETAILS.filter((field) => !String(form.get(INVOICING_FORM_FIELDS[field]) ?? "").trim());
  if (empty.length) return { ok: false, errors: Object.fromEntries(empty.map((field) => [INVOICING_FORM_FIELDS[field], NEEDED[field]])) };
  return readInvoicing(form, current, BANK_DETAILS);
}
