/**
 * Invoices and bank details (/admin/site/invoicing): what every invoice says of the seller and
 * where to pay (the VAT number, the bank account, the payment terms, a card payment link and the
 * postal address for invoices), saved into the draft and published like every fact. None of it
 * is ever on a public page: the invoices (and quotes, for the VAT number) read the published
 * version.
 */
import { FactsPage } from "~/components/owner/FactsPage.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { TextArea } from "~/components/forms/Field.tsx";
import { MAX_PAYMENT_TERMS_DAYS } from "~/content/rules/bank.ts";
import type { Route } from "./+types/site-invoicing";

export { factsMeta as meta } from "~/components/owner/FactsPage.tsx";
export { factsLoader as loader } from "~/lib/site/facts-page.server.ts";
export { factsAction as action } from "~/lib/action-table/facts-page.server.ts";

export default function InvoicingFacts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FactsPage intro="What your invoices say about you and how to pay you. None of it is shown on the site: only your customers see it, on the invoices you send." loaderData={loaderData} actionData={actionData}>
      {({ values, errors, field }) => (
        <>
          <CardSection id="vat-heading" title="VAT">
            {field("vat", "VAT number", { hint: "As HMRC gives it, e.g. GB123456789. Leave it empty if you are not registered for VAT: your quotes and invoices then add no VAT." })}
          </CardSection>
          <CardSection id="bank-heading" title="Bank details">
            <p className="text-muted">Invoices ask customers to pay into this account by bank transfer, with the invoice number as the reference.</p>
            {field("account-name", "Account name", { autoComplete: "off", hint: "The name the account is in, as your bank has it." })}
            {field("sort-code", "Sort code", { inputMode: "numeric", autoComplete: "off", hint: "6 digits, e.g. 12-34-56." })}
            {field("account-number", "Account number", { inputMode: "numeric", autoComplete: "off", hint: "8 digits." })}
          </CardSection>
          <CardSection id="terms-heading" title="Payment">
            {field("payment-terms", "Payment terms (days)", {
              inputMode: "numeric",
              hint: `Days from the invoice date to the date it is due, from 0 to ${MAX_PAYMENT_TERMS_DAYS}. 14 is usual.`,
            })}
            {field("card-link", "Card payment link", { type: "url", hint: "Optional. A page where customers can pay by card, starting https://. Invoices then offer Pay by card." })}
          </CardSection>
          <CardSection id="address-heading" title="Postal address for invoices">
            <TextArea
              form="site"
              name="postal-address"
              label="Postal address for invoices"
              hint="HMRC asks for one on every invoice. One line each, up to 6 lines, postcode last."
              rows={5}
              autoComplete="street-address"
              defaultValue={values["postal-address"]}
              error={errors["postal-address"]}
            />
          </CardSection>
        </>
      )}
    </FactsPage>
  );
}
