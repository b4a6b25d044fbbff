/**
 * Your site's social links and Google review link (/admin/site/social), saved into the draft:
 * each profile must be an https:// address on its own network, the review link Google's own.
 */
import { FactsPage } from "~/components/owner/FactsPage.tsx";
import { CardSection } from "~/components/CardSection.tsx";
import { SOCIAL_NETWORKS } from "~/content/rules/links.ts";
import type { Route } from "./+types/site-social";

export { factsMeta as meta } from "~/components/owner/FactsPage.tsx";
export { factsLoader as loader } from "~/lib/site/facts-page.server.ts";
export { factsAction as action } from "~/lib/action-table/facts-page.server.ts";

export default function SocialFacts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FactsPage intro="Linked from the footer of every page." loaderData={loaderData} actionData={actionData}>
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
