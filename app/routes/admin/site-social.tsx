/**
 * Your site's social links and Google review link (/admin/site/social), saved into the draft:
 * each profile must be an https:// address on its own network, the review link Google's own.
 */
import { FactsForm, FACTS_FORM, factsShown } from "~/components/owner/FactFields.tsx";
import { SitePage } from "~/components/owner/SitePage.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { SOCIAL_NETWORKS } from "~/content/rules/links.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { ownerPost } from "~/lib/action-table/action-table.server.ts";
import { factsLoader, type FactsAnswer } from "~/lib/site/facts-page.server.ts";
import type { Route } from "./+types/site-social";

const TITLE = "Social links";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, TITLE);

export function loader(args: Route.LoaderArgs) {
  return factsLoader(args);
}

export function action(args: Route.ActionArgs) {
  return ownerPost<FactsAnswer>(args, ["site.save"]);
}

export default function SocialFacts({ loaderData, actionData }: Route.ComponentProps) {
  const { field } = factsShown(loaderData, actionData);
  return (
    <SitePage title={TITLE} intro="Linked from the footer of every page." draft={loaderData.draft} notice={loaderData.notice} error={actionData?.error} form={FACTS_FORM}>
      <FactsForm revision={loaderData.draft.revision} label={TITLE}>
        <div className="card space-y-4">
          {loaderData.social.map((network, i) => field(`social-${i}`, `${SOCIAL_NETWORKS[network].label} page`, { type: "url", hint: `e.g. ${SOCIAL_NETWORKS[network].example}` }))}
        </div>
        <CardSection id="review-heading" title="Google reviews">
          {field("google-review", "Google review link", {
            type: "url",
            hint: "Optional. The link Google gives you for asking for reviews: the e-mail asking a customer for a review offers it beside the site's own form.",
          })}
        </CardSection>
      </FactsForm>
    </SitePage>
  );
}
