/**
 * Your site's promises and guarantees (/admin/site/promises), saved into the draft. Each promise
 * is stated once and shown wherever the site makes it; the years of experience fill in "[years of
 * experience]" in the page texts. The VAT number, once here, is on Invoices and bank details.
 */
import { FactsPage } from "~/components/owner/FactsPage.tsx";
import { CLAIM_FIELDS } from "~/lib/site/facts-form.ts";
import type { Route } from "./+types/site-promises";

export { factsMeta as meta } from "~/components/owner/FactsPage.tsx";
export { factsLoader as loader } from "~/lib/site/facts-page.server.ts";
export { factsAction as action } from "~/lib/action-table/facts-page.server.ts";

export default function PromisesFacts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FactsPage
      intro="Each is written once here and shown wherever the site makes that promise."
      loaderData={loaderData}
      actionData={actionData}
      after={
        <p className="text-muted">
          Your VAT number is with your bank details, on{" "}
          <a href="/admin/site/invoicing#site-vat" className="link">
            Invoices and bank details
          </a>
          .
        </p>
      }
    >
      {({ field }) => (
        <div className="card space-y-4">
          {CLAIM_FIELDS.map(({ key, label }) =>
            field(`claims-${key}`, label, key === "experienceYears" ? { type: "number", inputMode: "numeric", hint: "A whole number. The page texts show it wherever they say [years of experience]." } : {}),
          )}
        </div>
      )}
    </FactsPage>
  );
}
