/**
 * The invoicing facts an owner page reads (the published ones: bank details, the invoice address,
 * payment terms), from the content it is handed. Read through this one function so the pages do
 * not care where they are kept.
 */
import type { Content } from "../../content/load.ts";
import type { InvoicingFacts } from "./seller.ts";

/**
 * Until the content carries its own invoicing part (Your site › Invoices and bank details), the
 * content files' values: an example address, no bank details yet, 14 days to pay.
 */
const FILE_FACTS: InvoicingFacts = { postalAddress: ["Unit 0", "Example Business Park", "Stevenage", "SG1 0AA"], paymentTermsDays: 14 };

export function invoicingOf(content: Content): InvoicingFacts {
  return (content as Content & { invoicing?: InvoicingFacts }).invoicing ?? FILE_FACTS;
}
