/**
 * Cancel a survey the customer booked online, from his page (/c/{token}/visits/{id}/cancel), up
 * to 24 hours before it starts: the page asks first, and its Yes is a POST, with no script.
 * Within 24 hours, or for a visit the owner booked, it says so and sends him back to Ask to
 * rearrange. A link that does not open is answered as his page answers it.
 */
import { ClosedLink, CLOSED_WORDS } from "~/components/ClosedLink.tsx";
import { PostForm } from "~/components/forms/PostForm.tsx";
import { visitChangePage } from "~/lib/customer/visit-change.server.ts";
import { customerPost } from "~/lib/action-table/action-table.server.ts";
import { rootFrom } from "~/lib/public-site/seo.ts";
import { contentOf, storeOf } from "~/lib/services/services.ts";
import type { CustomerChangeRefused } from "~/lib/visits/customer-actions.server.ts";
import { TooLate } from "~/components/customer/TooLate.tsx";
import type { Route } from "./+types/customer-page-visit-cancel";
import type { RouteHandle } from "~/root.tsx";

export const handle: RouteHandle = { customerPage: true };

export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Cancel your survey | ${rootFrom(matches).business.name}` }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ params, context }: Route.LoaderArgs) {
  return visitChangePage(storeOf(context), contentOf(context), params.token, params.visitId, new Date(), false);
}

export const action = (args: Route.ActionArgs) => customerPost<CustomerChangeRefused>(args, ["visit.customer-cancel"]);

export default function CustomerPageVisitCancel({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "open") return <ClosedLink words={CLOSED_WORDS.page[loaderData.state]} />;
  const { visit, path, whyNot } = loaderData;
  return (
    <section className="container-page max-w-2xl space-y-6 py-4 sm:py-8">
      <h1 className="text-2xl sm:text-3xl">Cancel your survey?</h1>
      <p>
        {visit.what}: <strong>{visit.when}</strong>.
      </p>
      {actionData?.error && !whyNot && (
        <p role="alert" className="field-error">
          {actionData.error}
        </p>
      )}
      {whyNot ? (
        <TooLate why={whyNot} path={path} visitId={visit.id} />
      ) : (
        <PostForm className="flex flex-wrap items-center gap-4">
          <button type="submit" name="intent" value="cancel-survey" className="btn-primary">
            Yes, cancel my survey
          </button>
          <a href={path} className="link">
            No, keep it
          </a>
        </PostForm>
      )}
    </section>
  );
}
