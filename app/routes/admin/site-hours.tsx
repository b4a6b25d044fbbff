/**
 * Your site's opening hours and a closure notice (/admin/site/hours), saved into the draft. Every
 * day closed is allowed but warned about, and Publish then asks once more.
 */
import { FactsPage } from "~/components/owner/FactsPage.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import type { Route } from "./+types/site-hours";

export { factsMeta as meta } from "~/components/owner/FactsPage.tsx";
export { factsLoader as loader } from "~/lib/site/facts-page.server.ts";
export { factsAction as action } from "~/lib/action-table/facts-page.server.ts";

export default function HoursFacts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FactsPage intro="Shown on the contact page, in every footer and in what search engines read." preview="/contact" loaderData={loaderData} actionData={actionData}>
      {({ values, field }) => (
        <>
          <fieldset className="card space-y-4">
            <legend className="float-left mb-2 w-full text-xl font-semibold">Opening hours</legend>
            {loaderData.hours.map((label, i) => (
              <fieldset key={label} className="clear-both grid gap-3 sm:grid-cols-3">
                <legend className="mb-1 font-semibold">{label}</legend>
                {field(`hours-${i}-opens`, "Opens", { type: "time" })}
                {field(`hours-${i}-closes`, "Closes", { type: "time" })}
                <label className="flex min-h-11 items-center gap-2 self-end">
                  <input type="checkbox" name={`hours-${i}-closed`} defaultChecked={values[`hours-${i}-closed`] === "on"} className="size-5" />
                  Closed all day
                </label>
              </fieldset>
            ))}
          </fieldset>
          <CardSection id="closure-heading" title="Closure notice">
            <p className="text-muted">Shown under the header of every page until the end of its last day, then gone by itself. Leave both empty for none.</p>
            {field("closure-message", "Notice", { hint: "e.g. Closed for Christmas: we reopen on Monday 4 January" })}
            {field("closure-until", "Last day closed", { type: "date" })}
          </CardSection>
        </>
      )}
    </FactsPage>
  );
}
