/**
 * Your site's phone number, WhatsApp number and e-mail address (/admin/site/contact): saved into
 * the draft, on every page once published. The chat follows the phone unless the owner chooses a
 * different number.
 */
import { ChatNumberChoice } from "~/components/owner/ChatNumberChoice.tsx";
import { FactsForm, FACTS_FORM, factsShown } from "~/components/owner/FactFields.tsx";
import { SitePage } from "~/components/owner/SitePage.tsx";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { factsLoader, type FactsAnswer } from "~/lib/site/facts-page.server.ts";
import type { Route } from "./+types/site-contact";

const TITLE = "Phone, WhatsApp and e-mail";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, TITLE);

export function loader(args: Route.LoaderArgs) {
  return factsLoader(args);
}

export function action(args: Route.ActionArgs) {
  return ownerPost<FactsAnswer>(args, ["site.save"]);
}

export default function ContactFacts({ loaderData, actionData }: Route.ComponentProps) {
  const { values, errors, field } = factsShown(loaderData, actionData);
  return (
    <SitePage title={TITLE} intro="Shown on every page: in the header, the footer, the call buttons and what search engines read." draft={loaderData.draft} notice={loaderData.notice} error={actionData?.error} form={FACTS_FORM} preview="/contact">
      <FactsForm revision={loaderData.draft.revision} label={TITLE}>
        <div className="card space-y-4">
          {field("phone", "Phone number", { type: "tel", autoComplete: "tel", hint: "As people read it, e.g. 01438 555123. The call buttons dial it." })}
          <ChatNumberChoice values={values} errors={errors} />
          {field("email", "E-mail address", { type: "email", autoComplete: "email" })}
        </div>
      </FactsForm>
    </SitePage>
  );
}
