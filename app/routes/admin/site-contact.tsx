/**
 * Your site's phone number, WhatsApp number and e-mail address (/admin/site/contact): saved into
 * the draft, on every page once published. The chat follows the phone unless the owner chooses a
 * different number.
 */
import { ChatNumberChoice } from "~/components/owner/ChatNumberChoice.tsx";
import { FactsPage } from "~/components/owner/FactsPage.tsx";
import type { Route } from "./+types/site-contact";

export { factsMeta as meta } from "~/components/owner/FactsPage.tsx";
export { factsLoader as loader } from "~/lib/site/facts-page.server.ts";
export { factsAction as action } from "~/lib/action-table/facts-page.server.ts";

export default function ContactFacts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FactsPage intro="Shown on every page: in the header, the footer, the call buttons and what search engines read." preview="/contact" loaderData={loaderData} actionData={actionData}>
      {({ values, errors, field }) => (
        <div className="card space-y-4">
          {field("phone", "Phone number", { type: "tel", autoComplete: "tel", hint: "As people read it, e.g. 01438 555123. The call buttons dial it." })}
          <ChatNumberChoice values={values} errors={errors} />
          {field("email", "E-mail address", { type: "email", autoComplete: "email" })}
        </div>
      )}
    </FactsPage>
  );
}
