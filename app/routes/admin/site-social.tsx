/**
 * Your site's social links and Google review link (/admin/site/social), saved into the draft:
 * each profile must be an https:// address on its own network, the review link Google's own.
 */
import { FactsPage } from "~/components/owner/FactsPage.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { SOCIAL_NETWORKS } from "~/content/rules/links.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import { factsAction } from "~/lib/action-table/facts-page.server.ts";
import { factsLoader } from "~/lib/site/facts-page.server.ts";
import type { Route } from "./+types/site-social";

const TITLE = "Social links";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, TITLE);

export const loader = factsLoader;
export const action = factsAction;

export default function SocialFacts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FactsPage title={TITLE} intro="Linked from the footer of every page." loaderData={loaderData} actionData={actionData}>
      {({ field }) => (
        <>
          <div className="card space-y-4">
            {loaderData.social.map((network, i) => field(`social-${i}`, `${SOCIAL_NETWORKS[network].label} page`, { type: "url", hint: `e.g. ${SOCIAL_NETWORKS[network].example}` }))}
          </div>
          <CardSection id="review-heading" title="Google reviews">
            {field("google-review", "Google review link", {
              type: "url",
              hint: "Optional. The link Google gives you for asking for reviews: the e-mail asking a customer for a review offers it beside the site's own form.",
            })}
          </CardSection>
        </>
      )}
    </FactsPage>
  );
}
