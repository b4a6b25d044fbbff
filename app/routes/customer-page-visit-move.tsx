/**
 * Move a survey the customer booked online, from his page (/c/{token}/visits/{id}/move), up to 24
 * hours before it starts: every free time by day as radios, and one POST, with no script. The
 * time is asked again of the times offered when posted ("Sorry, that time has just gone").
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
import type { Route } from "./+types/customer-page-visit-move";
import type { RouteHandle } from "~/root.tsx";

export const handle: RouteHandle = { customerPage: true };

export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
});

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Move your survey | ${rootFrom(matches).business.name}` }, { name: "robots", content: "noindex, nofollow" }];

export function loader({ params, context }: Route.LoaderArgs) {
  return visitChangePage(storeOf(context), contentOf(context), params.token, params.visitId, new Date(), true);
}

export const action = (args: Route.ActionArgs) => customerPost<CustomerChangeRefused>(args, ["visit.customer-move"]);

export default function CustomerPageVisitMove({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "open") return <ClosedLink words={CLOSED_WORDS.page[loaderData.state]} />;
  const { visit, path, days, whyNot } = loaderData;
  const error = actionData?.error;
  return (
    <section className="container-page max-w-2xl space-y-6 py-4 sm:py-8">
      <h1 className="text-2xl sm:text-3xl">Move your survey</h1>
      <p>
        {visit.what} now: <strong>{visit.when}</strong>.
      </p>
      {whyNot ? (
        <TooLate why={whyNot} path={path} visitId={visit.id} />
      ) : days.length === 0 ? (
        <>
          <p>There is no other free time just now. Please call us, or ask to rearrange it from your page.</p>
          <p>
            <a href={path} className="link font-semibold">
              Back to your page
            </a>
          </p>
        </>
      ) : (
        <PostForm className="space-y-5">
          {error && (
            <p id="move-error" role="alert" className="field-error">
              {error}
            </p>
          )}
          {days.map((day) => (
            <fieldset key={day.date} className="space-y-2" aria-describedby={error ? "move-error" : undefined}>
              <legend className="field-label">{day.day}</legend>
              <div className="flex flex-wrap gap-2">
                {day.times.map((time) => (
                  <label key={time.start} className="flex min-h-11 items-center gap-2 rounded-lg border-2 border-slate-300 px-3">
                    <input type="radio" name="start" value={time.start} required className="size-5" />
                    {time.words}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className="btn-primary">
              Move my survey
            </button>
            <a href={path} className="link">
              Keep it as it is
            </a>
          </div>
        </PostForm>
      )}
    </section>
  );
}
