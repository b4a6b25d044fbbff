/**
 * More, the tab bar's fourth place on a phone: the owner's other pages, the requests as a
 * spreadsheet, and Sign out. From 1024 px the side menu lists the same places itself.
 */
import { TopBar } from "~/components/owner/TopBar.tsx";
import { MORE_PLACES } from "~/components/owner/more-places.ts";
import { ownerContext } from "~/lib/owner/context.ts";
import { ownerMeta } from "~/lib/owner/meta.ts";
import type { Route } from "./+types/more";
import { PostForm } from "~/components/forms/PostForm.tsx";

export const meta: Route.MetaFunction = ({ matches }) => ownerMeta(matches, "More");

export function loader({ context }: Route.LoaderArgs) {
  return { name: context.get(ownerContext).name };
}

export default function More({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <TopBar title="More" />
      <div className="container-page space-y-6 py-4">
        <ul className="card divide-y divide-slate-200 p-0">
          {MORE_PLACES.map((place) => (
            <li key={place.path}>
              <a href={place.path} className="block min-h-11 px-4 py-3 no-underline hover:bg-paper-dark">
                <span className="link">{place.name}</span>
                <span className="mt-0.5 block text-muted">{place.about}</span>
              </a>
            </li>
          ))}
          <li>
            <a href="/admin/requests.csv" download className="block min-h-11 px-4 py-3 no-underline hover:bg-paper-dark">
              <span className="link">Download every request as a spreadsheet (CSV)</span>
              <span className="mt-0.5 block text-muted">Opens in Excel, Numbers or Google Sheets.</span>
            </a>
          </li>
        </ul>
        <PostForm action="/admin/sign-out" className="space-y-2">
          <p className="text-muted">Signed in with the passkey “{loaderData.name}”.</p>
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            Sign out
          </button>
        </PostForm>
      </div>
    </>
  );
}
